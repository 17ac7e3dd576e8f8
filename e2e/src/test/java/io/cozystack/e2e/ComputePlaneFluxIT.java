package io.cozystack.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.cozystack.api.v1alpha1.ApplicationDefinition;
import io.cozystack.api.v1alpha1.Package;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicy;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The ComputePlane module on Flux's real controllers, from the published virtualization catalog:
 * its Package installs the definition and publishes the module and cluster charts under Cozystack's
 * artifact names; a Tenant with {@code etcd: true, computeplane: true} gets its ComputePlane, whose
 * release (the module chart) and the cluster release it renders (the managed-Kubernetes chart) are
 * installed by helm-controller, down to the Kamaji and Cluster API objects on the tenant's etcd.
 */
@ExtendWith(KubernetesExtension.class)
@WithFlux
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ComputePlaneFluxIT {
  /**
   * The Tenant → ComputePlane → module → cluster chain is four releases deep: on a loaded 2-core
   * machine it once took 3 minutes, so the bound leaves room.
   */
  static final Duration INSTALL = Duration.ofMinutes(6);

  static final String HR = "helm.toolkit.fluxcd.io/v2";
  static final String SOURCE = "cozystack.computeplane-application";
  static final String TENANT = "tenant-cp";

  @Kube static KubernetesClient client;
  @Kube static Path kubeconfig;
  @Kube static Registry registry;
  static OperatorProcess operator;

  @BeforeAll
  static void bootstrapFromOneUrl() throws Exception {
    LocalPlatform.prepare(client);
    LocalPlatform.publishCatalogs(registry, "0.1.0");
    operator = LocalPlatform.startOperator(kubeconfig, registry, "0.1.0");
  }

  @AfterAll
  static void stop() throws Exception {
    LocalPlatform.stop(operator);
  }

  @Test
  @Order(1)
  void thePackageInstallsTheDefinitionAndPublishesTheCharts() {
    await("Package " + SOURCE + " Ready")
        .atMost(INSTALL)
        .failFast("the operator exited", () -> !operator.process.isAlive())
        .until(
            () ->
                FluxStatusView.of(client.resources(Package.class).withName(SOURCE).get())
                    .is("Ready", "True"));

    assertThat(client.resources(Package.class).withName(SOURCE).get().getSpec().variant())
        .isEqualTo("kubevirt");
    assertThat(
            FluxStatusView.of(
                    PublishedCatalogs.get(
                        client, HR, "HelmRelease", "cozy-system", "computeplane-rd"))
                .is("Ready", "True"))
        .isTrue();
    for (String component : new String[] {"computeplane", "kubernetes", "computeplane-rd"}) {
      assertThat(
              PublishedCatalogs.get(
                  client,
                  "source.toolkit.fluxcd.io/v1",
                  "ExternalArtifact",
                  "cozy-system",
                  "cozystack-computeplane-application-kubevirt-" + component))
          .as("artifact of component %s, by source-watcher", component)
          .isNotNull();
    }
    assertThat(
            client
                .resources(ApplicationDefinition.class)
                .withName("computeplane")
                .get()
                .getMetadata()
                .getAnnotations())
        .containsEntry("meta.helm.sh/release-name", "computeplane-rd");
  }

  @Test
  @Order(2)
  void aTenantsComputePlaneIsInstalledDownToItsClusterObjects() {
    LocalPlatform.apply(
        client, "Tenant", "tenant-root", "cp", Map.of("etcd", true, "computeplane", true));
    awaitReady("tenant-root", "tenant-cp");

    awaitReady(TENANT, "computeplane");
    GenericKubernetesResource cluster =
        PublishedCatalogs.get(client, HR, "HelmRelease", TENANT, "computeplane-cluster");
    assertThat(cluster.getMetadata().getLabels())
        .containsEntry("internal.cozystack.io/computeplane", "true");
    awaitReady(TENANT, "computeplane-cluster");

    GenericKubernetesResource controlPlane =
        client
            .genericKubernetesResources("kamaji.clastix.io/v1alpha1", "TenantControlPlane")
            .inNamespace(TENANT)
            .withName("computeplane-cluster")
            .get();
    assertThat(controlPlane).as("installed by helm-controller").isNotNull();
    assertThat(((Map<?, ?>) controlPlane.getAdditionalProperties().get("spec")).get("dataStore"))
        .as("the tenant's etcd")
        .isEqualTo(TENANT);
    assertThat(
            client
                .genericKubernetesResources("cluster.x-k8s.io/v1beta2", "MachineDeployment")
                .inNamespace(TENANT)
                .withName("computeplane-cluster-md0")
                .get())
        .as("the default node group")
        .isNotNull();
    String apiServer =
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
            .inNamespace(TENANT)
            .withName("computeplane-cluster-deny-management-apiserver")
            .get();
    assertThat(deny.getSpec().getEgress().get(0).getTo().get(0).getIpBlock().getExcept())
        .as("the management API server's addresses, looked up by helm-controller's render")
        .contains(apiServer + "/32");
    assertThat(
            client
                .configMaps()
                .inNamespace(TENANT)
                .withName("computeplane-cluster-admission")
                .get()
                .getData()
                .get("admission-configuration.yaml"))
        .contains("enforce: \"restricted\"");
  }

  private static void awaitReady(String namespace, String release) {
    try {
      await("HelmRelease " + namespace + "/" + release + " Ready")
          .atMost(INSTALL)
          .failFast("the operator exited", () -> !operator.process.isAlive())
          .until(
              () ->
                  FluxStatusView.of(
                          PublishedCatalogs.get(client, HR, "HelmRelease", namespace, release))
                      .is("Ready", "True"));
    } catch (org.awaitility.core.ConditionTimeoutException e) {
      throw new AssertionError(
          e.getMessage()
              + "; its status: "
              + FluxStatusView.of(
                  PublishedCatalogs.get(client, HR, "HelmRelease", namespace, release)),
          e);
    }
  }
}
