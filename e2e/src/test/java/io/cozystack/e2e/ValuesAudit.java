package io.cozystack.e2e;

import io.cozystack.api.v1alpha1.ClusterValues;
import io.cozystack.api.v1alpha1.ValuesTransport;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * The projected values of the fault workload's namespaces judged against the cluster values and the
 * tenants: every system namespace carries the root host, every tenant namespace also its own host
 * and where its etcd runs, and with the Secret transport the Secret carries the same text.
 */
final class ValuesAudit {
  static final String NAME = "cozystack-values";
  private static final String PROJECTED = "values.cozystack.io/projected";

  private final KubernetesClient client;
  private final FootprintWorkload workload;

  ValuesAudit(KubernetesClient client, FootprintWorkload workload) {
    this.client = client;
    this.workload = workload;
  }

  /** The values transport the cluster values ask for (ConfigMap unless they say Secret). */
  static String transport(ClusterValues values) {
    ValuesTransport transport = values.getSpec().transport();
    return transport == null ? ValuesTransport.ConfigMap.name() : transport.name();
  }

  /**
   * Adds what it finds to {@code f}; returns how many namespaces carry the right values. Not the
   * ClusterValues' own readiness: a namespace another class left lagging would hold it back.
   */
  int audit(FaultAudit.Findings f, ClusterValues values, List<GenericKubernetesResource> tenants) {
    Map<String, ConfigMap> configMaps =
        client.configMaps().inAnyNamespace().withLabel(PROJECTED, "true").list().getItems().stream()
            .filter(c -> NAME.equals(c.getMetadata().getName()))
            .collect(Collectors.toMap(c -> c.getMetadata().getNamespace(), c -> c));
    Map<String, Secret> secrets =
        client.secrets().inAnyNamespace().withLabel(PROJECTED, "true").list().getItems().stream()
            .filter(s -> NAME.equals(s.getMetadata().getName()))
            .collect(Collectors.toMap(s -> s.getMetadata().getNamespace(), s -> s));
    boolean secret = ValuesTransport.Secret.name().equals(transport(values));
    int right = 0;
    for (Map.Entry<String, Map<String, Object>> target : targets(values, tenants).entrySet()) {
      String ns = target.getKey();
      ConfigMap cm = configMaps.get(ns);
      if (cm == null || cm.getData() == null || cm.getData().get("values.yaml") == null) {
        f.missing().add("ConfigMap " + ns + "/" + NAME);
        continue;
      }
      String text = cm.getData().get("values.yaml");
      int before = f.wrongSpecs().size();
      compare(f, ns, text, target.getValue());
      if (secret && !text.equals(secretText(secrets.get(ns)))) {
        f.wrongSpecs().add("Secret " + ns + "/" + NAME + " does not carry the ConfigMap's values");
      }
      right += f.wrongSpecs().size() == before ? 1 : 0;
    }
    return right;
  }

  /**
   * Each namespace the values go to, with the values it must carry (by path {@code
   * _cluster.root-host}): the system namespaces the workload made, cozy-system, tenant-root and
   * each tenant's namespace.
   */
  private Map<String, Map<String, Object>> targets(
      ClusterValues values, List<GenericKubernetesResource> tenants) {
    String root = values.getSpec().rootHost();
    Map<String, Map<String, Object>> targets = new TreeMap<>();
    targets.put("cozy-system", Map.of("_cluster.root-host", root));
    for (int i = 0; i < workload.packages; i++) {
      if (!FootprintWorkload.isApplication(i)) {
        targets.put("cozy-fp" + i, Map.of("_cluster.root-host", root));
      }
    }
    targets.put(
        "tenant-root",
        Map.of(
            "_cluster.root-host", root, "_namespace.host", root, "_namespace.etcd", "tenant-root"));
    for (GenericKubernetesResource tenant : tenants) {
      if (tenant.getMetadata().getDeletionTimestamp() != null) {
        continue;
      }
      String name = tenant.getMetadata().getName();
      Map<?, ?> spec = (Map<?, ?>) tenant.getAdditionalProperties().getOrDefault("spec", Map.of());
      String ns = "tenant-" + name;
      Map<String, Object> wanted = new HashMap<>();
      wanted.put("_cluster.root-host", root);
      wanted.put("_namespace.host", name + "." + root);
      wanted.put("_namespace.etcd", Boolean.TRUE.equals(spec.get("etcd")) ? ns : "tenant-root");
      targets.put(ns, wanted);
    }
    return targets;
  }

  private static void compare(
      FaultAudit.Findings f, String ns, String text, Map<String, Object> wanted) {
    Map<?, ?> document = Serialization.unmarshal(text, Map.class);
    wanted.forEach(
        (path, value) -> {
          String[] parts = path.split("\\.", 2);
          Object section = document == null ? null : document.get(parts[0]);
          Object have = section instanceof Map<?, ?> m ? m.get(parts[1]) : null;
          if (!value.equals(have)) {
            f.wrongSpecs()
                .add("ConfigMap %s/%s has %s=%s, wanted %s".formatted(ns, NAME, path, have, value));
          }
        });
  }

  private static String secretText(Secret secret) {
    if (secret == null || secret.getData() == null || secret.getData().get("values.yaml") == null) {
      return null;
    }
    return new String(
        Base64.getDecoder().decode(secret.getData().get("values.yaml")), StandardCharsets.UTF_8);
  }
}
