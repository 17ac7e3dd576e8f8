package io.cozystack.catalog.services.backups.foundationdb;

import static org.assertj.core.api.Assertions.assertThat;

import io.cozystack.contracts.validation.ChartRender;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The FoundationDB chart renders the cluster the driver backs up, and with backup.enabled its own
 * FoundationDBBackup, which the driver will not run beside (one backup per cluster).
 */
class FoundationDbChartTest {
  static final Path CHART = Path.of("charts/foundationdb");

  @Test
  void theClusterIsTheOneTheDriverLooksForWithTheVersionItsAgentsRun(@TempDir Path work)
      throws Exception {
    List<GenericKubernetesResource> objects = render(work, Map.of());

    GenericKubernetesResource cluster = only(objects, FdbApi.CLUSTER);
    assertThat(cluster.getMetadata().getName()).isEqualTo(FdbApi.clusterName("db"));
    FdbCluster read = FdbCluster.of(cluster);
    assertThat(read.version()).isEqualTo("7.3.63");
    assertThat(read.imageType()).isEqualTo("split");
    assertThat(objects).noneMatch(o -> FdbApi.BACKUP.equals(o.getKind()));
  }

  @Test
  void withBackupEnabledTheChartsOwnBackupIsAConflictForTheDriver(@TempDir Path work)
      throws Exception {
    List<GenericKubernetesResource> objects =
        render(
            work,
            Map.of(
                "backup",
                Map.of(
                    "enabled",
                    true,
                    "s3",
                    Map.of(
                        "bucket", "backups",
                        "endpoint", "s3.example.org",
                        "credentials", Map.of("accessKeyId", "id", "secretAccessKey", "key")))));

    GenericKubernetesResource chartBackup = only(objects, FdbApi.BACKUP);
    chartBackup.getMetadata().setNamespace("tenant-a");
    ClusterBackups.Step step =
        ClusterBackups.next(
            List.of(chartBackup),
            FdbApi.clusterName("db"),
            ClusterBackupsTest.owner("nightly"),
            Instant.now());
    assertThat(step).isEqualTo(new ClusterBackups.Step.Conflict(chartBackup));
  }

  private static List<GenericKubernetesResource> render(Path work, Map<String, Object> values)
      throws Exception {
    String yaml = ChartRender.manifests(CHART, work, values, "foundationdb-db");
    List<GenericKubernetesResource> objects = new ArrayList<>();
    for (String doc : yaml.split("(?m)^---\\s*$")) {
      if (doc.contains("kind:")) {
        objects.add(Serialization.unmarshal(doc, GenericKubernetesResource.class));
      }
    }
    return objects;
  }

  private static GenericKubernetesResource only(
      List<GenericKubernetesResource> objects, String kind) {
    List<GenericKubernetesResource> found =
        objects.stream().filter(o -> kind.equals(o.getKind())).toList();
    assertThat(found).as("rendered " + kind).hasSize(1);
    return found.get(0);
  }
}
