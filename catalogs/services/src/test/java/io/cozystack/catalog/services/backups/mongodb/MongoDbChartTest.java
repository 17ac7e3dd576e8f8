package io.cozystack.catalog.services.backups.mongodb;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.cozystack.contracts.validation.ChartRender;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The MongoDB chart declares the storage the driver's backups name by default. */
class MongoDbChartTest {
  static final Path CHART = Path.of("charts/mongodb");

  @Test
  void withBackupsOnTheClusterDeclaresTheDefaultStorageWithItsOwnCredentials(@TempDir Path work)
      throws Exception {
    JsonNode cluster =
        cluster(
            ChartRender.manifests(
                CHART,
                work,
                Map.of(
                    "backup",
                    Map.of(
                        "enabled", true,
                        "destinationPath", "s3://backups/mongo/db/",
                        "endpointURL", "https://s3.example.org",
                        "s3AccessKey", "id",
                        "s3SecretKey", "secret")),
                "mongodb-db"));

    JsonNode backup = cluster.at("/spec/backup");
    assertThat(backup.path("enabled").asBoolean()).isTrue();
    assertThat(ClusterGate.storages(cluster)).containsExactly(PsmdbApi.DEFAULT_STORAGE);
    JsonNode s3 = backup.at("/storages/" + PsmdbApi.DEFAULT_STORAGE + "/s3");
    assertThat(s3.path("bucket").asText()).isEqualTo("backups");
    assertThat(s3.path("prefix").asText()).isEqualTo("mongo/db");
    assertThat(s3.path("credentialsSecret").asText()).isEqualTo("mongodb-db-s3-creds");
    assertThat(backup.at("/tasks/0/storageName").asText()).isEqualTo(PsmdbApi.DEFAULT_STORAGE);
  }

  @Test
  void withBackupsOffTheClusterRunsNoAgentsAndTheDriverSaysSo(@TempDir Path work) throws Exception {
    JsonNode cluster = cluster(ChartRender.manifests(CHART, work, Map.of(), "mongodb-db"));

    assertThat(cluster.at("/spec/backup/enabled").asBoolean()).isFalse();
    assertThat(
            ClusterGate.forBackup(java.util.Optional.of(cluster), PsmdbApi.DEFAULT_STORAGE, "db"))
        .hasValueSatisfying(p -> assertThat(p.reason()).isEqualTo("BackupsDisabled"));
  }

  private static JsonNode cluster(String manifests) throws Exception {
    ObjectMapper yaml = new ObjectMapper(new YAMLFactory());
    for (String doc : manifests.split("(?m)^---\\s*$")) {
      JsonNode node = yaml.readTree(doc);
      if (node != null && PsmdbApi.CLUSTER.equals(node.path("kind").asText())) {
        return node;
      }
    }
    throw new AssertionError("the chart rendered no " + PsmdbApi.CLUSTER);
  }
}
