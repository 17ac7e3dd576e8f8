package io.cozystack.catalog.services.backups.cnpg;

import static org.assertj.core.api.Assertions.assertThat;

import io.cozystack.contracts.validation.ChartRender;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The Postgres chart renders the recovery Cluster the CNPG driver's restore relies on. */
class PostgresChartTest {
  static final Path CHART = Path.of("charts/postgres");

  @Test
  void withBootstrapTheClusterRecoversFromTheBackedUpServer(@TempDir Path work) throws Exception {
    String out =
        ChartRender.manifests(
            CHART,
            work,
            Map.of(
                "bootstrap",
                Map.of(
                    "enabled",
                    true,
                    "oldName",
                    "postgres-src",
                    "recoveryTime",
                    "2026-08-01T10:02:00Z"),
                "backup",
                Map.of(
                    "destinationPath",
                    "s3://b/tenant-a/src",
                    "s3CredentialsSecret",
                    Map.of("name", "creds"))));
    assertThat(out)
        .contains("source: postgres-src")
        .contains("targetTime: \"2026-08-01T10:02:00Z\"")
        .contains("- name: postgres-src")
        .contains("destinationPath: \"s3://b/tenant-a/src\"")
        .contains("accessKeyId: {name: creds, key: AWS_ACCESS_KEY_ID}");
  }

  @Test
  void withoutBootstrapTheClusterStartsEmpty(@TempDir Path work) throws Exception {
    String out = ChartRender.manifests(CHART, work, Map.of());
    assertThat(out).contains("kind: Cluster").doesNotContain("recovery:");
  }
}
