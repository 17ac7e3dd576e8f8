package io.cozystack.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.marcnuri.helm.Helm;
import io.cozystack.e2e.chart.PinnedVersions;
import io.fabric8.kubernetes.api.model.ServiceAccount;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinition;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The Flux the operator's chart installs, on a cluster without Flux: {@code helm install} creates
 * Flux's CRDs, the three controllers' Deployments, ServiceAccounts, RBAC and Services; then the
 * real controllers run with the Deployments' arguments, each authenticated as its ServiceAccount,
 * and install a chart from the registry through an OCIRepository, an ArtifactGenerator and a
 * HelmRelease, upgrade and uninstall it. Every request the API server refuses them fails the test:
 * the chart's RBAC is proven enough by the controllers themselves.
 */
@ExtendWith(KubernetesExtension.class)
@WithoutFlux
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class FluxChartIT {
  static final String SYSTEM = "cozy-system";
  static final String HR = "helm.toolkit.fluxcd.io/v2";
  static final Duration INSTALL = Duration.ofMinutes(2);

  @Kube static KubernetesClient client;
  @Kube static Path kubeconfig;
  @Kube static Registry registry;
  static ChartFluxControllers flux;

  @BeforeAll
  static void installTheChartWithItsFlux() {
    assertThat(crd("helmreleases.helm.toolkit.fluxcd.io")).as("a cluster without Flux").isNull();
    Manifests.namespace(client, SYSTEM);
    Manifests.apply(client, HelloCatalog.INSTALLER_ROLE);
    new Helm(ControlPlane.repoRoot().resolve("charts/cozy-operator"))
        .install()
        .withName("cozy")
        .withNamespace(SYSTEM)
        .withKubeConfig(kubeconfig)
        .set("flux.helmController.releaseClusterRole", "e2e-hello-installer")
        .call();
  }

  @AfterAll
  static void stop() throws InterruptedException {
    if (flux != null) {
      flux.close();
    }
  }

  @Test
  @Order(1)
  void theChartCreatesFluxsCrdsControllersAndRbac() throws Exception {
    List<Path> files;
    try (Stream<Path> list =
        Files.list(ControlPlane.repoRoot().resolve("charts/cozy-operator/files/flux-crds"))) {
      files = list.toList();
    }
    assertThat(files).hasSize(8);
    for (Path file : files) {
      String name = file.getFileName().toString().replace(".yaml", "");
      name = name.substring(name.indexOf('_') + 1) + "." + name.substring(0, name.indexOf('_'));
      CustomResourceDefinition crd =
          client
              .apiextensions()
              .v1()
              .customResourceDefinitions()
              .withName(name)
              .waitUntilCondition(CrdInstaller::established, 60, TimeUnit.SECONDS);
      assertThat(crd.getMetadata().getAnnotations())
          .as("%s installed by the release, kept when it goes", name)
          .containsEntry("meta.helm.sh/release-name", "cozy")
          .containsEntry("helm.sh/resource-policy", "keep");
    }
    Map<String, String> versions =
        Map.of(
            "source-controller", "FLUX_SOURCE_CONTROLLER_VERSION",
            "source-watcher", "FLUX_SOURCE_WATCHER_VERSION",
            "helm-controller", "FLUX_HELM_CONTROLLER_VERSION");
    for (String name : ChartFluxControllers.NAMES) {
      Deployment deployment = client.apps().deployments().inNamespace(SYSTEM).withName(name).get();
      assertThat(deployment.getSpec().getTemplate().getSpec().getContainers().get(0).getImage())
          .isEqualTo("ghcr.io/fluxcd/" + name + ":" + PinnedVersions.get(versions.get(name)));
      assertThat(client.serviceAccounts().inNamespace(SYSTEM).withName(name).get()).isNotNull();
      assertThat(client.rbac().clusterRoles().withName("cozy-flux-" + name).get()).isNotNull();
      assertThat(client.rbac().clusterRoleBindings().withName("cozy-flux-" + name).get())
          .isNotNull();
    }
    assertThat(client.services().inNamespace(SYSTEM).withName("source-controller").get())
        .isNotNull();
    assertThat(client.services().inNamespace(SYSTEM).withName("source-watcher").get()).isNotNull();
  }

  @Test
  @Order(2)
  void theControllersInstallAChartOnTheChartsRbacAlone() throws Exception {
    flux = ChartFluxControllers.start(client, kubeconfig, SYSTEM);
    Path catalog = HelloCatalog.write(Files.createTempDirectory("hello-catalog"));
    PublishedCatalogs.push(registry, catalog, "0.1.0");
    Manifests.apply(
        client,
        HelloCatalog.source(registry.url("catalogs/" + catalog.getFileName()), registry.host()));
    Manifests.namespace(client, HelloCatalog.NAMESPACE);
    Manifests.apply(client, HelloCatalog.objects("hello"));

    awaitRelease(1);
    assertThat(hello().getMetadata().getAnnotations())
        .as("installed by helm-controller with the values")
        .containsEntry("greeting", "hello")
        .containsEntry("meta.helm.sh/release-name", "hello");
    assertThat(flux.refusals()).as("requests the API server refused").isEmpty();
  }

  @Test
  @Order(3)
  void aValueChangeUpgradesTheRelease() {
    Manifests.apply(client, HelloCatalog.objects("hello again"));

    awaitRelease(2);
    assertThat(hello().getMetadata().getAnnotations()).containsEntry("greeting", "hello again");
    assertThat(flux.refusals()).as("requests the API server refused").isEmpty();
  }

  @Test
  @Order(4)
  void deletingTheReleaseUninstallsIt() {
    client
        .genericKubernetesResources(HR, "HelmRelease")
        .inNamespace(HelloCatalog.NAMESPACE)
        .withName("hello")
        .delete();

    await("ServiceAccount hello uninstalled, HelmRelease gone")
        .atMost(INSTALL)
        .until(() -> hello() == null && release() == null);
    assertThat(flux.allAlive()).isTrue();
    assertThat(flux.refusals()).as("requests the API server refused").isEmpty();
  }

  private static void awaitRelease(int revision) {
    await("HelmRelease hello revision " + revision + " Ready")
        .atMost(INSTALL)
        .failFast("a controller exited", () -> !flux.allAlive())
        .failFast(
            "a request was refused",
            () -> assertThat(flux.refusals()).as("requests the API server refused").isEmpty())
        .until(
            () -> {
              FluxStatusView status = FluxStatusView.of(release());
              return status.is("Ready", "True")
                  && status.path("history").path(0).path("version").asInt() == revision;
            });
  }

  private static io.fabric8.kubernetes.api.model.GenericKubernetesResource release() {
    return PublishedCatalogs.get(client, HR, "HelmRelease", HelloCatalog.NAMESPACE, "hello");
  }

  private static ServiceAccount hello() {
    return client.serviceAccounts().inNamespace(HelloCatalog.NAMESPACE).withName("hello").get();
  }

  private static CustomResourceDefinition crd(String name) {
    return client.apiextensions().v1().customResourceDefinitions().withName(name).get();
  }
}
