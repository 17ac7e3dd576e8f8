package io.cozystack.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.SecretBuilder;
import io.fabric8.kubernetes.api.model.authentication.TokenRequestBuilder;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.base.PatchContext;
import io.fabric8.kubernetes.client.dsl.base.PatchType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * ComputePlane end to end with two real API servers and Flux's real controllers: the platform is
 * bootstrapped from one URL, a catalog serves Notebook ({@code placement: ComputePlane}); a tenant
 * switches its ComputePlane on, the module's cluster release is installed by helm-controller, and
 * the test plays the cluster provisioner by writing a second kube-apiserver's admin kubeconfig into
 * {@code computeplane-cluster-admin-kubeconfig}. The Notebook is then installed by helm-controller
 * into that second cluster and nowhere else; an outage of its API server shows on both objects and
 * heals; the tenant's own ServiceAccount cannot read the kubeconfig.
 */
@ExtendWith(KubernetesExtension.class)
@WithFlux
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ComputePlaneIT {
  /**
   * The Tenant → ComputePlane → module → cluster chain is four releases deep: on a loaded 2-core
   * machine it once took 3 minutes, so the bound leaves room.
   */
  static final Duration INSTALL = Duration.ofMinutes(6);

  static final String HR = "helm.toolkit.fluxcd.io/v2";
  static final String TENANT = "cplane";
  static final String TENANT_NS = "tenant-" + TENANT;
  static final String KUBECONFIG_SECRET = "computeplane-cluster-admin-kubeconfig";

  @Kube static KubernetesClient client;
  @Kube static Path kubeconfig;
  @Kube static Registry registry;
  static OperatorProcess operator;
  static RemoteCluster remote;

  @BeforeAll
  static void platformWithANotebookCatalogAndASecondCluster() throws Exception {
    remote = RemoteCluster.start();
    LocalPlatform.prepare(client);
    LocalPlatform.publishCatalogs(registry, "0.1.0");
    operator =
        LocalPlatform.startOperator(
            kubeconfig, registry, "0.1.0", List.of("--computeplane-probe-interval=3s"));
    Path notebooks = NotebookCatalog.write(Files.createTempDirectory("notebook-catalog"));
    PublishedCatalogs.publish(client, registry, notebooks, "e2e-notebook", "0.1.0");
    Manifests.applyFile(client, notebooks.resolve(NotebookCatalog.SOURCE));
    PublishedCatalogs.install(client, NotebookCatalog.PACKAGE);
  }

  @AfterAll
  static void stop() throws Exception {
    LocalPlatform.stop(operator);
    if (remote != null) {
      remote.close();
    }
  }

  @Test
  @Order(1)
  void aPlacedKindIsNeverInstalledForATenantWithoutAComputePlane() {
    LocalPlatform.apply(client, "Tenant", "tenant-root", TENANT, Map.of());
    await("namespace " + TENANT_NS)
        .atMost(INSTALL)
        .until(() -> client.namespaces().withName(TENANT_NS).get() != null);
    LocalPlatform.apply(client, NotebookCatalog.KIND, TENANT_NS, "lab", Map.of("kernel", "julia"));

    awaitNotebookReason("ComputePlaneNotEnabled");
    FluxStatusView lab = notebook();
    assertThat(lab.is("Stalled", "True")).as("only a person can change it: %s", lab).isTrue();
    assertThat(lab.message("Ready")).contains("spec.computeplane: true", TENANT_NS);
    assertThat(release(TENANT_NS, "notebook-lab")).as("no release, anywhere").isNull();
  }

  @Test
  @Order(2)
  void theModuleIsInstalledButNotReadyBeforeItsClusterHasAKubeconfig() {
    LocalPlatform.apply(client, "Tenant", "tenant-root", TENANT, Map.of("computeplane", true));

    await("ComputePlane's cluster release installed by helm-controller")
        .atMost(INSTALL)
        .until(
            () ->
                FluxStatusView.of(release(TENANT_NS, "computeplane-cluster")).is("Ready", "True"));
    await("ComputePlane waits for its kubeconfig")
        .atMost(INSTALL)
        .until(() -> "KubeconfigMissing".equals(computePlane().reason("Ready")));
    assertThat(computePlane().is("Ready", "False")).isTrue();
    assertThat(computePlane().is("Reconciling", "True"))
        .as("waiting on the provisioner, not on the operator")
        .isFalse();
    await("the Tenant's release does not wait on the cluster")
        .atMost(INSTALL)
        .until(() -> FluxStatusView.of(release("tenant-root", TENANT_NS)).is("Ready", "True"));
    awaitNotebookReason("ComputePlaneNotReady");
    assertThat(notebook().message("Ready")).contains(KUBECONFIG_SECRET);
    assertThat(release(TENANT_NS, "notebook-lab")).isNull();
  }

  @Test
  @Order(3)
  void onceTheClusterAnswersTheNotebookIsInstalledThereAndNowhereElse() throws Exception {
    client
        .secrets()
        .inNamespace(TENANT_NS)
        .resource(
            new SecretBuilder()
                .withNewMetadata()
                .withName(KUBECONFIG_SECRET)
                .withNamespace(TENANT_NS)
                .endMetadata()
                .withStringData(Map.of("super-admin.svc", remote.kubeconfig()))
                .build())
        .serverSideApply();

    await("ComputePlane Ready").atMost(INSTALL).until(() -> computePlane().is("Ready", "True"));
    await("Notebook lab Ready").atMost(INSTALL).until(() -> notebook().is("Ready", "True"));
    Map<String, Object> spec = spec(release(TENANT_NS, "notebook-lab"));
    assertThat(spec)
        .containsEntry(
            "kubeConfig",
            Map.of("secretRef", Map.of("name", KUBECONFIG_SECRET, "key", "super-admin.svc")))
        .containsEntry("targetNamespace", TENANT_NS)
        .containsEntry("storageNamespace", TENANT_NS)
        .containsEntry("releaseName", "notebook-lab");
    assertThat(spec)
        .as("an untrusted catalog's placed release is not bound to its management-cluster account")
        .doesNotContainKey("serviceAccountName");
    assertThat(
            FluxStatusView.of(
                    client
                        .resources(io.cozystack.api.v1alpha1.Package.class)
                        .withName(NotebookCatalog.PACKAGE)
                        .get())
                .is("Trusted", "False"))
        .as("the notebook catalog is a third party's")
        .isTrue();
    assertThat(remote.client.configMaps().inNamespace(TENANT_NS).withName("notebook-lab").get())
        .as(
            "installed into the ComputePlane cluster; release %s; notebook %s",
            FluxStatusView.of(release(TENANT_NS, "notebook-lab")), notebook())
        .isNotNull()
        .satisfies(cm -> assertThat(cm.getData()).containsEntry("kernel", "julia"));
    assertThat(client.configMaps().inNamespace(TENANT_NS).withName("notebook-lab").get())
        .as("nothing of it on the management cluster")
        .isNull();
    assertThat(helmStorage(remote.client)).as("Helm's release record beside it").isNotEmpty();
    assertThat(helmStorage(client)).isEmpty();
  }

  @Test
  @Order(4)
  void theTenantsServiceAccountCannotReadTheAdminKubeconfig() {
    try (KubernetesClient tenant = asTenantServiceAccount()) {
      assertThat(
              tenant
                  .genericKubernetesResources(LocalPlatform.APPS, "Notebook")
                  .inNamespace(TENANT_NS)
                  .list()
                  .getItems())
          .as("it may use the kinds it orders")
          .hasSize(1);
      assertThatThrownBy(
              () -> tenant.secrets().inNamespace(TENANT_NS).withName(KUBECONFIG_SECRET).get())
          .isInstanceOf(KubernetesClientException.class)
          .satisfies(e -> assertThat(((KubernetesClientException) e).getCode()).isEqualTo(403));
      assertThatThrownBy(() -> tenant.secrets().inNamespace(TENANT_NS).list())
          .isInstanceOf(KubernetesClientException.class)
          .satisfies(e -> assertThat(((KubernetesClientException) e).getCode()).isEqualTo(403));
    }
  }

  @Test
  @Order(5)
  void anOutageOfTheClusterShowsOnTheComputePlaneAndTheNotebookAndHeals() throws Exception {
    remote.stopApiServer();

    await("ComputePlane unreachable")
        .atMost(Duration.ofMinutes(1))
        .until(() -> "ClusterUnreachable".equals(computePlane().reason("Ready")));
    assertThat(computePlane().message("Ready")).contains("does not answer /readyz");
    awaitNotebookReason("ComputePlaneNotReady");
    assertThat(notebook().is("Ready", "False")).isTrue();

    remote.startApiServer();
    await("ComputePlane Ready again")
        .atMost(Duration.ofMinutes(1))
        .until(() -> computePlane().is("Ready", "True"));
    await("Notebook Ready again")
        .atMost(Duration.ofMinutes(1))
        .until(() -> notebook().is("Ready", "True"));
  }

  @Test
  @Order(6)
  void placementCannotChangeUnderInstalledInstances() {
    assertThatThrownBy(
            () ->
                client
                    .genericKubernetesResources("cozystack.io/v1alpha1", "ApplicationDefinition")
                    .withName("notebook")
                    .patch(
                        PatchContext.of(PatchType.JSON_MERGE),
                        "{\"spec\":{\"placement\":\"ManagementPlane\"}}"))
        .isInstanceOf(KubernetesClientException.class)
        .hasMessageContaining("placement is immutable");
  }

  @Test
  @Order(7)
  void deletingTheNotebookUninstallsItFromTheComputePlaneCluster() {
    client
        .genericKubernetesResources(LocalPlatform.APPS, NotebookCatalog.KIND)
        .inNamespace(TENANT_NS)
        .withName("lab")
        .delete();

    await("ConfigMap removed from the ComputePlane cluster")
        .atMost(INSTALL)
        .until(
            () ->
                remote.client.configMaps().inNamespace(TENANT_NS).withName("notebook-lab").get()
                    == null);
    await("HelmRelease gone")
        .atMost(INSTALL)
        .until(() -> release(TENANT_NS, "notebook-lab") == null);
  }

  private static void awaitNotebookReason(String reason) {
    await("Notebook lab: " + reason)
        .atMost(INSTALL)
        .failFast("the operator exited", () -> !operator.process.isAlive())
        .until(() -> reason.equals(notebook().reason("Ready")));
  }

  private static FluxStatusView notebook() {
    return FluxStatusView.of(
        LocalPlatform.instance(client, NotebookCatalog.KIND, TENANT_NS, "lab"));
  }

  private static FluxStatusView computePlane() {
    return FluxStatusView.of(
        LocalPlatform.instance(client, "ComputePlane", TENANT_NS, "computeplane"));
  }

  private static GenericKubernetesResource release(String namespace, String name) {
    return PublishedCatalogs.get(client, HR, "HelmRelease", namespace, name);
  }

  private static List<String> helmStorage(KubernetesClient cluster) {
    return cluster
        .secrets()
        .inNamespace(TENANT_NS)
        .withLabel("owner", "helm")
        .list()
        .getItems()
        .stream()
        .map(s -> s.getMetadata().getName())
        .filter(n -> n.startsWith("sh.helm.release.v1.notebook-lab."))
        .toList();
  }

  /** A client that authenticates as the tenant's ServiceAccount (a token from TokenRequest). */
  private static KubernetesClient asTenantServiceAccount() {
    String token =
        client
            .serviceAccounts()
            .inNamespace(TENANT_NS)
            .withName(TENANT_NS)
            .tokenRequest(
                new TokenRequestBuilder()
                    .withNewSpec()
                    .withExpirationSeconds(600L)
                    .endSpec()
                    .build())
            .getStatus()
            .getToken();
    Config admin = client.getConfiguration();
    Config config =
        new ConfigBuilder()
            .withMasterUrl(admin.getMasterUrl())
            .withCaCertData(admin.getCaCertData())
            .withOauthToken(token)
            .build();
    return new KubernetesClientBuilder().withConfig(config).build();
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> spec(GenericKubernetesResource object) {
    return (Map<String, Object>) object.getAdditionalProperties().get("spec");
  }
}
