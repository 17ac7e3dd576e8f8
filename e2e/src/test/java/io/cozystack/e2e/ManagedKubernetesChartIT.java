package io.cozystack.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.marcnuri.helm.Helm;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicy;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.FieldValidateable.Validation;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The virtualization catalog's managed-Kubernetes chart ({@code charts/kubernetes}) and its
 * ComputePlane module chart ({@code charts/computeplane}) through the real Helm, every object
 * server-side dry-run (strict field validation) against the real API server serving the upstream
 * Kamaji and Cluster API CRDs; then installed by Helm, its look-ups answered by the API server.
 */
@ExtendWith(KubernetesExtension.class)
class ManagedKubernetesChartIT {
  static final Path CATALOG = ControlPlane.repoRoot().resolve("catalogs/virtualization");
  static final String RELEASE = "computeplane-cluster";

  @Kube static KubernetesClient client;
  @Kube static String namespace;
  @Kube static Path kubeconfig;
  @TempDir Path work;

  @BeforeAll
  static void namespace() {
    client
        .namespaces()
        .resource(
            new NamespaceBuilder().withNewMetadata().withName(namespace).endMetadata().build())
        .fieldManager("cozy-e2e")
        .serverSideApply();
  }

  @Test
  void anOrdinaryClusterIsAControlPlaneOnTheTenantsEtcdAndTheDefaultGroup() throws Exception {
    List<GenericKubernetesResource> objects = dryRun(kubernetes(Map.of("_namespace", etcd())));

    assertThat(objects)
        .extracting(GenericKubernetesResource::getKind)
        .containsExactlyInAnyOrder(
            "ConfigMap",
            "TenantControlPlane",
            "Cluster",
            "KubeadmConfigTemplate",
            "MachineDeployment");
    GenericKubernetesResource tcp = one(objects, "TenantControlPlane");
    assertThat(tcp.getMetadata().getName()).isEqualTo(RELEASE);
    assertThat(at(tcp, "spec", "dataStore")).isEqualTo("tenant-root");
    assertThat(one(objects, "MachineDeployment").getMetadata().getName())
        .isEqualTo(RELEASE + "-md0");
    assertThat((String) at(one(objects, "ConfigMap"), "data", "admission-configuration.yaml"))
        .contains("enforce: \"baseline\"");
  }

  @Test
  void theModulesPostureIsRealisedInTheCluster() throws Exception {
    Map<String, Object> nodeGroups =
        Map.of(
            "gpu0", group(0, 2, List.of(), Map.of("gpus", gpus())),
            "edge", group(1, 3, List.of("ingress-nginx"), Map.of()));
    Map<String, Object> posture =
        clusterValues(module(Map.of("nodeGroups", nodeGroups, "_namespace", etcd())));
    posture.put("_namespace", etcd());
    posture.put(
        "isolation",
        Map.of(
            "denyManagementApiServer", true, "managementApiServerCIDRs", List.of("10.96.0.1/32")));

    List<GenericKubernetesResource> objects = dryRun(kubernetes(posture));

    assertThat((String) at(one(objects, "ConfigMap"), "data", "admission-configuration.yaml"))
        .contains("enforce: \"restricted\"")
        .contains("namespaces: [kube-system]");
    assertThat(
            (List<Object>)
                at(
                    one(objects, "TenantControlPlane"),
                    "spec",
                    "kubernetes",
                    "admissionControllers"))
        .contains((Object) "PodSecurity");
    NetworkPolicy deny = convert(one(objects, "NetworkPolicy"), NetworkPolicy.class);
    assertThat(deny.getSpec().getPolicyTypes()).containsExactly("Egress");
    assertThat(deny.getSpec().getEgress().get(0).getTo().get(0).getIpBlock().getExcept())
        .containsExactly("10.96.0.1/32");
    assertThat(objects)
        .filteredOn(o -> o.getKind().equals("HelmRelease"))
        .extracting(o -> o.getMetadata().getName())
        .containsExactlyInAnyOrder(RELEASE + "-cert-manager", RELEASE + "-ingress-nginx");
    assertThat(objects)
        .filteredOn(o -> o.getKind().equals("MachineDeployment"))
        .extracting(
            o ->
                o.getMetadata()
                    .getAnnotations()
                    .get("cluster.x-k8s.io/cluster-api-autoscaler-node-group-max-size"))
        .containsExactlyInAnyOrder("2", "3");
  }

  @Test
  void aLoadBalancedIngressAndAnIpv6ApiServerAreRendered() throws Exception {
    Map<String, Object> values =
        Map.of(
            "_namespace", etcd(),
            "isolation",
                Map.of(
                    "denyManagementApiServer",
                    true,
                    "managementApiServerCIDRs",
                    List.of("10.96.0.1/32", "fd00::1/128")),
            "addons",
                Map.of("ingressNginx", Map.of("enabled", true, "exposeMethod", "LoadBalancer")));

    List<GenericKubernetesResource> objects = dryRun(kubernetes(values));

    NetworkPolicy deny = convert(one(objects, "NetworkPolicy"), NetworkPolicy.class);
    assertThat(deny.getSpec().getEgress().get(0).getTo())
        .extracting(peer -> peer.getIpBlock().getExcept())
        .containsExactly(List.of("10.96.0.1/32"), List.of("fd00::1/128"));
    assertThat(
            (String)
                at(
                    one(objects, "HelmRelease"),
                    "spec",
                    "values",
                    "ingress-nginx",
                    "controller",
                    "service",
                    "type"))
        .isEqualTo("LoadBalancer");
  }

  @Test
  void withoutTheTenantsEtcdTheChartFailsNamingTheKey() {
    assertThatThrownBy(() -> kubernetes(Map.of("_namespace", Map.of("etcd", ""))))
        .hasMessageContaining("_namespace.etcd is empty")
        .hasMessageContaining("set etcd: true on this tenant");
  }

  @Test
  void installedByHelmTheIsolationReadsTheApiServersAddressesFromTheCluster() throws Exception {
    Path values = work.resolve("install.yaml");
    Files.writeString(
        values,
        Serialization.asYaml(
            Map.of(
                "_namespace", etcd(),
                "isolation", Map.of("denyManagementApiServer", true),
                "addons", Map.of("certManager", Map.of("enabled", true)))));
    new Helm(CATALOG.resolve("charts/kubernetes"))
        .install()
        .withName(RELEASE)
        .withNamespace(namespace)
        .withKubeConfig(kubeconfig)
        .withValuesFile(values)
        .call();

    String clusterIp =
        client
            .services()
            .inNamespace("default")
            .withName("kubernetes")
            .get()
            .getSpec()
            .getClusterIP();
    NetworkPolicy deny =
        client
            .network()
            .v1()
            .networkPolicies()
            .inNamespace(namespace)
            .withName(RELEASE + "-deny-management-apiserver")
            .get();
    assertThat(deny.getSpec().getEgress().get(0).getTo().get(0).getIpBlock().getExcept())
        .contains(clusterIp + "/32")
        .hasSizeGreaterThan(1);
    assertThat(
            client
                .genericKubernetesResources("kamaji.clastix.io/v1alpha1", "TenantControlPlane")
                .inNamespace(namespace)
                .withName(RELEASE)
                .get())
        .isNotNull();
    Helm.uninstall(RELEASE).withNamespace(namespace).withKubeConfig(kubeconfig).call();
  }

  /** The module chart rendered as its release, the HelmRelease it renders. */
  private GenericKubernetesResource module(Map<String, Object> values) throws Exception {
    List<GenericKubernetesResource> objects =
        render(CATALOG.resolve("charts/computeplane"), "computeplane", values);
    return one(objects, "HelmRelease");
  }

  /** The values the module fixes for the cluster (its HelmRelease's spec.values). */
  @SuppressWarnings("unchecked")
  private static Map<String, Object> clusterValues(GenericKubernetesResource release) {
    return new java.util.LinkedHashMap<>((Map<String, Object>) at(release, "spec", "values"));
  }

  private List<GenericKubernetesResource> kubernetes(Map<String, Object> values) throws Exception {
    return render(CATALOG.resolve("charts/kubernetes"), RELEASE, values);
  }

  /** Helm's template of {@code chart} as {@code release} in the test namespace. */
  private List<GenericKubernetesResource> render(
      Path chart, String release, Map<String, Object> values) throws Exception {
    Path dir = Files.createTempDirectory(work, "chart");
    String yaml =
        io.cozystack.contracts.validation.ChartRender.manifests(chart, dir, values, release);
    List<GenericKubernetesResource> objects = new ArrayList<>();
    for (String doc : yaml.split("(?m)^---\\s*$")) {
      if (doc.contains("kind:")) {
        objects.add(Serialization.unmarshal(doc, GenericKubernetesResource.class));
      }
    }
    return objects;
  }

  /** Each object server-side applied with dryRun=All and strict field validation. */
  private List<GenericKubernetesResource> dryRun(List<GenericKubernetesResource> objects) {
    for (GenericKubernetesResource o : objects) {
      o.getMetadata().setNamespace(namespace);
      client
          .resource(o)
          .inNamespace(namespace)
          .dryRun()
          .fieldValidation(Validation.STRICT)
          .fieldManager("cozy-e2e")
          .serverSideApply();
    }
    return objects;
  }

  private static Map<String, Object> etcd() {
    return Map.of("etcd", "tenant-root");
  }

  /** A node group as the ComputePlane kind stores it (its schema's defaults filled in). */
  private static Map<String, Object> group(
      int min, int max, List<String> roles, Map<String, Object> more) {
    Map<String, Object> group = new java.util.LinkedHashMap<>(more);
    group.put("minReplicas", min);
    group.put("maxReplicas", max);
    group.put("instanceType", "u1.medium");
    group.put("diskSize", "20Gi");
    group.put("roles", roles);
    return group;
  }

  private static List<Map<String, Object>> gpus() {
    return List.of(Map.of("name", "nvidia.com/AD102GL_L40S"));
  }

  private static GenericKubernetesResource one(
      List<GenericKubernetesResource> objects, String kind) {
    List<GenericKubernetesResource> found =
        objects.stream().filter(o -> kind.equals(o.getKind())).toList();
    assertThat(found).as("objects of kind " + kind).hasSize(1);
    return found.get(0);
  }

  private static Object at(GenericKubernetesResource object, String... path) {
    Object node = Serialization.jsonMapper().convertValue(object, Map.class);
    for (String key : path) {
      node = ((Map<?, ?>) node).get(key);
    }
    return node;
  }

  private static <T> T convert(GenericKubernetesResource object, Class<T> type) {
    return Serialization.jsonMapper().convertValue(object, type);
  }
}
