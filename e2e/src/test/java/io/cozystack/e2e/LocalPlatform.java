package io.cozystack.e2e;

import static org.awaitility.Awaitility.await;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * A platform as operator/bin/run brings it up on the Flux control plane: the cluster's values and
 * properties, this repository's three catalogs pushed to the registry, and the operator's jar
 * started with {@code --platform-source-url} at the platform catalog. Also the tenant's side:
 * applying application instances.
 */
final class LocalPlatform {
  static final String APPS = "apps.cozystack.io/v1alpha1";
  static final Duration SERVED = Duration.ofMinutes(3);

  private LocalPlatform() {}

  /**
   * Values, properties (the catalogs require storage.defaultClass), tenant-root and the tenant
   * role, as the operator's chart installs it on a real cluster.
   */
  static void prepare(KubernetesClient client) throws java.io.IOException {
    Manifests.applyFile(
        client, ControlPlane.repoRoot().resolve("charts/cozy-operator/templates/tenant-role.yaml"));
    PlatformValues.apply(
        client, "{rootHost: example.org, clusterDomain: cozy.local, transport: ConfigMap}");
    Manifests.namespace(client, "tenant-root");
    Manifests.apply(
        client,
        "apiVersion: cozystack.io/v1alpha1\nkind: PlatformProperties\nmetadata: {name: cozystack}\n"
            + "spec: {storage: {defaultClass: true}}");
  }

  /** Pushes catalogs/{platform,services,virtualization} as {@code catalogs/<name>:<tag>}. */
  static void publishCatalogs(Registry registry, String tag) throws IOException {
    for (String catalog : new String[] {"platform", "services", "virtualization"}) {
      PublishedCatalogs.push(registry, PublishedCatalogs.catalog(catalog), tag);
    }
  }

  /** The operator's jar, bootstrapped from the platform catalog's URL at {@code tag}. */
  static OperatorProcess startOperator(Path kubeconfig, Registry registry, String tag)
      throws IOException {
    return startOperator(kubeconfig, registry, tag, List.of());
  }

  /** The same, with more flags. */
  static OperatorProcess startOperator(
      Path kubeconfig, Registry registry, String tag, List<String> flags) throws IOException {
    List<String> args =
        new java.util.ArrayList<>(
            List.of(
                "--metrics-port=0",
                "--platform-source-url=" + registry.url("catalogs/platform"),
                "--platform-source-ref=tag=" + tag,
                "--platform-source-insecure=true"));
    args.addAll(flags);
    return OperatorProcess.start("operator", Map.of("KUBECONFIG", kubeconfig.toString()), args);
  }

  static void stop(OperatorProcess operator) throws InterruptedException {
    if (operator != null) {
      operator.process.toHandle().destroy();
      operator.process.waitFor();
    }
  }

  /** Server-side applies an instance of {@code kind}, once the kind is served. */
  static void apply(
      KubernetesClient client,
      String kind,
      String namespace,
      String name,
      Map<String, Object> spec) {
    await("kind " + kind + " served")
        .atMost(SERVED)
        .ignoreExceptions()
        .until(
            () ->
                client.genericKubernetesResources(APPS, kind).inNamespace(namespace).list()
                    != null);
    GenericKubernetesResource object = new GenericKubernetesResource();
    object.setApiVersion(APPS);
    object.setKind(kind);
    object.setMetadata(new ObjectMetaBuilder().withName(name).withNamespace(namespace).build());
    object.setAdditionalProperty("spec", spec);
    client
        .resource(object)
        .fieldManager(Manifests.FIELD_MANAGER)
        .forceConflicts()
        .serverSideApply();
  }

  static GenericKubernetesResource instance(
      KubernetesClient client, String kind, String namespace, String name) {
    return client
        .genericKubernetesResources(APPS, kind)
        .inNamespace(namespace)
        .withName(name)
        .get();
  }
}
