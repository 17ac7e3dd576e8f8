package io.cozystack.catalog.services.backups.mariadb;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.cozystack.catalog.services.backups.Json;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The operator Backup and Restore the driver creates, built without a cluster. */
class UpstreamObjectsTest {
  static final Map<String, String> OWNER =
      Map.of(
          "backups.cozystack.io/owned-by.BackupJobName", "nightly",
          "backups.cozystack.io/owned-by.BackupJobNamespace", "tenant-a");

  @Test
  void theBackupCarriesTheRenderedSpecTheOwnerLabelsAndAGeneratedName() throws Exception {
    BackupTemplate template = BackupTemplate.parse(Json.yaml(BackupTemplateTest.S3));

    GenericKubernetesResource backup =
        UpstreamObjects.backup("nightly", "tenant-a", OWNER, "mariadb-db", template);

    assertThat(backup.getApiVersion()).isEqualTo("k8s.mariadb.com/v1alpha1");
    assertThat(backup.getKind()).isEqualTo("Backup");
    assertThat(backup.getMetadata().getName()).isNull();
    assertThat(backup.getMetadata().getGenerateName()).isEqualTo("nightly-");
    assertThat(backup.getMetadata().getNamespace()).isEqualTo("tenant-a");
    assertThat(backup.getMetadata().getLabels()).isEqualTo(OWNER);
    JsonNode spec = Json.tree(backup).path("spec");
    assertThat(spec.at("/mariaDbRef/name").asText()).isEqualTo("mariadb-db");
    assertThat(spec.path("storage")).isEqualTo(template.storage());
    assertThat(spec.path("databases").toString()).isEqualTo("[\"app\",\"audit\"]");
    assertThat(spec.path("compression").asText()).isEqualTo("gzip");
    assertThat(spec.path("logLevel").asText()).isEqualTo("debug");
    assertThat(spec.path("maxRetention").asText()).isEqualTo("720h");
  }

  @Test
  void unsetFieldsAreLeftToTheOperatorsDefaults() throws Exception {
    BackupTemplate template =
        BackupTemplate.parse(Json.yaml("storage: {volume: {nfs: {server: nfs, path: /b}}}"));

    JsonNode spec =
        Json.tree(UpstreamObjects.backup("n", "ns", OWNER, "mariadb-db", template)).path("spec");

    assertThat(spec.fieldNames()).toIterable().containsExactlyInAnyOrder("mariaDbRef", "storage");
  }

  @Test
  void theRestorePointsTheTargetAtTheOperatorBackup() {
    GenericKubernetesResource restore =
        UpstreamObjects.restore("back", "tenant-a", OWNER, "mariadb-copy", "nightly-x7k2p");

    assertThat(restore.getKind()).isEqualTo("Restore");
    assertThat(restore.getMetadata().getGenerateName()).isEqualTo("back-");
    assertThat(restore.getMetadata().getLabels()).isEqualTo(OWNER);
    JsonNode spec = Json.tree(restore).path("spec");
    assertThat(spec.at("/mariaDbRef/name").asText()).isEqualTo("mariadb-copy");
    assertThat(spec.at("/backupRef/name").asText()).isEqualTo("nightly-x7k2p");
    assertThat(spec.fieldNames()).toIterable().containsExactlyInAnyOrder("mariaDbRef", "backupRef");
  }
}
