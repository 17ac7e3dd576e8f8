package io.cozystack.e2e.chart;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cozystack.contracts.validation.ChartRender;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The platform catalog's tenant chart through the real Helm, as the platform renders it: the
 * ComputePlane module is refused, naming what to install, where the ComputePlane kind is not served
 * (Helm's offline capabilities). {@code TenantComputePlaneIT} installs it where the kind is served.
 */
class TenantChartTest {
  static final Path CHART =
      Path.of(System.getProperty("repo.root", "..")).resolve("catalogs/platform/charts/tenant");

  @TempDir Path work;

  @Test
  void withoutTheModuleNoComputePlaneIsRendered() throws Exception {
    String manifests = ChartRender.manifests(CHART, work, Map.of());

    assertThat(manifests).contains("kind: Namespace").doesNotContain("ComputePlane");
  }

  @Test
  void theModuleWhereTheKindIsNotServedFailsNamingThePackageToInstall() {
    assertThatThrownBy(() -> ChartRender.manifests(CHART, work, Map.of("computeplane", true)))
        .hasMessageContaining("ComputePlane is not served")
        .hasMessageContaining("cozystack.computeplane-application")
        .hasMessageContaining("or set computeplane: false");
  }
}
