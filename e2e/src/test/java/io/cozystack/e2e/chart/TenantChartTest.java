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

  @Test
  void resourceQuotasAreLimitsWithRequestsByTheAllocationRatios() throws Exception {
    String manifests =
        ChartRender.manifests(
            CHART,
            work,
            Map.of(
                "_cluster",
                    Map.of(
                        "root-host", "example.org",
                        "cpu-allocation-ratio", "4",
                        "memory-allocation-ratio", "1",
                        "ephemeral-storage-allocation-ratio", "40"),
                "resourceQuotas",
                    Map.of(
                        "cpu",
                        "2",
                        "memory",
                        "1Gi",
                        "storage",
                        "5Gi",
                        "services.loadbalancers",
                        1)),
            "tenant-kid");

    assertThat(manifests)
        .contains("kind: ResourceQuota", "name: tenant-quota", "namespace: tenant-validate-kid")
        .contains("limits.cpu: \"2\"", "requests.cpu: \"0.5\"")
        .contains("limits.memory: 1Gi", "requests.memory: \"1073741824\"")
        .contains("requests.storage: 5Gi", "services.loadbalancers: \"1\"")
        .doesNotContain("limits.storage", "requests.services.loadbalancers")
        .contains("kind: LimitRange", "name: tenant-range-limits");
    assertThat(ChartRender.manifests(CHART, work.resolve("none"), Map.of(), "tenant-kid"))
        .doesNotContain("ResourceQuota", "LimitRange");
  }

  @Test
  void aZeroAllocationRatioIsRefusedNamingTheKey() {
    assertThatThrownBy(
            () ->
                ChartRender.manifests(
                    CHART,
                    work,
                    Map.of(
                        "_cluster",
                            Map.of(
                                "root-host", "x",
                                "cpu-allocation-ratio", "10",
                                "memory-allocation-ratio", "0"),
                        "resourceQuotas", Map.of("memory", "1Gi")),
                    "tenant-kid"))
        .hasMessageContaining("_cluster.memory-allocation-ratio is \"0\"")
        .hasMessageContaining("positive number");
  }

  @Test
  void theNamespaceCarriesItsAncestorsAndTheLevelsBindItsAndTheirSubjects() throws Exception {
    String manifests = ChartRender.manifests(CHART, work, Map.of(), "tenant-kid");

    assertThat(manifests)
        .contains(
            "tenant.cozystack.io/tenant-root: \"\"",
            "tenant.cozystack.io/tenant-validate: \"\"",
            "tenant.cozystack.io/tenant-validate-kid: \"\"")
        .contains("name: cozy:tenant:view", "name: cozy:tenant:use")
        .contains("name: cozy:tenant:admin", "name: cozy:tenant:super-admin")
        .contains("name: tenant-validate-super-admin", "name: tenant-validate-kid-view")
        .contains("kind: NetworkPolicy", "name: tenant-isolation");
  }
}
