package io.cozystack.e2e.chart;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.rbac.ClusterRoleBinding;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The Flux the operator's chart installs (flux.enabled), through the real Helm: the three
 * controllers at the versions the tests run, their CRDs as the pinned files, and off leaves the
 * operator's part as it is. FluxChartIT runs them.
 */
class FluxChartTest {
  static final Path CRD_FILES = RenderedChart.CHART.resolve("files/flux-crds");
  static final Map<String, String> VERSION_KEYS =
      Map.of(
          "source-controller", "FLUX_SOURCE_CONTROLLER_VERSION",
          "source-watcher", "FLUX_SOURCE_WATCHER_VERSION",
          "helm-controller", "FLUX_HELM_CONTROLLER_VERSION");

  @Test
  void theControllersRunByDefaultAtThePinnedVersions() {
    RenderedChart flux = RenderedChart.render(Map.of()).flux();
    assertThat(flux.ofKind("Deployment"))
        .extracting(d -> d.getMetadata().getName())
        .containsExactlyInAnyOrder("source-controller", "source-watcher", "helm-controller");
    VERSION_KEYS.forEach(
        (name, key) ->
            assertThat(container(flux, name).getImage())
                .as("%s's image, at %s of versions.env", name, key)
                .isEqualTo("ghcr.io/fluxcd/" + name + ":" + PinnedVersions.get(key)));
  }

  @Test
  void helmControllerReadsExternalArtifactsAndTheSourcesAdvertiseTheirServices() {
    RenderedChart flux = RenderedChart.render(Map.of()).flux();
    assertThat(container(flux, "helm-controller").getArgs())
        .contains("--feature-gates=ExternalArtifact=true", "--enable-leader-election=false");
    for (String name : List.of("source-controller", "source-watcher")) {
      assertThat(container(flux, name).getArgs())
          .contains(
              "--storage-path=/data",
              "--storage-addr=:9090",
              "--storage-adv-addr=" + name + ".$(RUNTIME_NAMESPACE).svc.cluster.local.");
      GenericKubernetesResource service = flux.named("Service", name);
      assertThat(Serialization.asJson(service)).contains("\"targetPort\":\"http\"");
    }
    var pod =
        OperatorChartTest.typed(flux.named("Deployment", "helm-controller"), Deployment.class)
            .getSpec()
            .getTemplate()
            .getSpec();
    assertThat(pod.getServiceAccountName()).isEqualTo("helm-controller");
    assertThat(pod.getSecurityContext().getRunAsNonRoot()).isTrue();
    assertThat(pod.getContainers().get(0).getSecurityContext().getReadOnlyRootFilesystem())
        .isTrue();
  }

  /** Each rendered CRD is the chart's copy of the pinned file, kept when the release goes. */
  @Test
  void theCrdsAreThePinnedFilesKeptOnUninstall() throws Exception {
    RenderedChart flux = RenderedChart.render(Map.of()).flux();
    List<Path> files;
    try (Stream<Path> list = Files.list(CRD_FILES)) {
      files = list.sorted().toList();
    }
    assertThat(flux.ofKind("CustomResourceDefinition")).hasSameSizeAs(files).hasSize(8);
    for (Path file : files) {
      GenericKubernetesResource expected =
          Serialization.unmarshal(Files.readString(file), GenericKubernetesResource.class);
      expected.getMetadata().getAnnotations().put("helm.sh/resource-policy", "keep");
      GenericKubernetesResource rendered =
          flux.named("CustomResourceDefinition", expected.getMetadata().getName());
      assertThat(rendered).as("%s as rendered", file.getFileName()).isEqualTo(expected);
    }
  }

  @Test
  void offInstallsNoneOfFluxAndLeavesTheOperatorAsItIs() {
    RenderedChart on = RenderedChart.render(Map.of());
    RenderedChart off = RenderedChart.render(Map.of("flux.enabled", false));
    assertThat(off.flux().all()).isEmpty();
    assertThat(off.all()).isEqualTo(on.withoutFlux().all());
  }

  @Test
  void helmControllerInstallsAsClusterAdminUnlessNarrowed() {
    assertThat(releaseBinding(Map.of())).isEqualTo("cluster-admin");
    assertThat(releaseBinding(Map.of("flux.helmController.releaseClusterRole", "charts-installer")))
        .isEqualTo("charts-installer");
    assertThat(
            RenderedChart.render(Map.of("flux.helmController.releaseClusterRole", ""))
                .flux()
                .ofKind("ClusterRoleBinding"))
        .extracting(b -> b.getMetadata().getName())
        .containsExactlyInAnyOrder(
            "cozy-flux-source-controller", "cozy-flux-source-watcher", "cozy-flux-helm-controller");
  }

  @Test
  void theValuesSchemaRefusesUnknownFluxKeys() {
    assertThatThrownBy(() -> RenderedChart.render(Map.of("flux.installCrds", true)))
        .hasMessageContaining("installCrds");
    assertThatThrownBy(() -> RenderedChart.render(Map.of("flux.logLevel", "trace")))
        .hasMessageContaining("logLevel");
  }

  private static String releaseBinding(Map<String, Object> values) {
    return OperatorChartTest.typed(
            RenderedChart.render(values)
                .flux()
                .named("ClusterRoleBinding", "cozy-flux-helm-controller-releases"),
            ClusterRoleBinding.class)
        .getRoleRef()
        .getName();
  }

  private static io.fabric8.kubernetes.api.model.Container container(
      RenderedChart flux, String name) {
    return OperatorChartTest.typed(flux.named("Deployment", name), Deployment.class)
        .getSpec()
        .getTemplate()
        .getSpec()
        .getContainers()
        .get(0);
  }
}
