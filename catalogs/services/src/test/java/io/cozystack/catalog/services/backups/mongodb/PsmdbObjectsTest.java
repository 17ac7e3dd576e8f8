package io.cozystack.catalog.services.backups.mongodb;

import static org.assertj.core.api.Assertions.assertThat;

import io.cozystack.catalog.services.backups.Json;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The operator objects the driver creates, as pure functions of the job. */
class PsmdbObjectsTest {
  static final Map<String, String> OWNER =
      Map.of(
          "backups.cozystack.io/owned-by.BackupJobName", "nightly",
          "backups.cozystack.io/owned-by.BackupJobNamespace", "tenant-a");

  @Test
  void aBackupIsALogicalBackupOfTheApplicationsClusterToTheNamedStorage() {
    GenericKubernetesResource backup =
        PsmdbObjects.backup(
            "nightly",
            "tenant-a",
            OWNER,
            "mongodb-db",
            new MongoDbTemplate("s3-storage", "zstd", 3));

    assertThat(backup.getApiVersion()).isEqualTo("psmdb.percona.com/v1");
    assertThat(backup.getKind()).isEqualTo("PerconaServerMongoDBBackup");
    assertThat(backup.getMetadata().getGenerateName()).isEqualTo("nightly-");
    assertThat(backup.getMetadata().getNamespace()).isEqualTo("tenant-a");
    assertThat(backup.getMetadata().getLabels()).isEqualTo(OWNER);
    assertThat(Json.tree(backup).path("spec"))
        .isEqualTo(
            Json.yaml(
                "{clusterName: mongodb-db, storageName: s3-storage, type: logical,"
                    + " compressionType: zstd, compressionLevel: 3}"));
    assertThat(
            Json.tree(
                    PsmdbObjects.backup(
                        "n",
                        "t",
                        OWNER,
                        "mongodb-db",
                        new MongoDbTemplate("s3-storage", null, null)))
                .path("spec")
                .size())
        .isEqualTo(3);
  }

  @Test
  void aRestoreReadsTheSourceIntoTheTargetClusterOptionallyToAPointInTime() {
    BackupSource source =
        BackupSource.fromStatus(
                Json.yaml(
                    "{destination: 's3://b/p/2026-05-01T02:00:00Z', storageName: s3-storage,"
                        + " s3: {bucket: b, prefix: p, credentialsSecret: mongodb-copy-s3-creds}}"))
            .orElseThrow();

    GenericKubernetesResource restore =
        PsmdbObjects.restore("back", "tenant-a", OWNER, "mongodb-copy", source, null);
    assertThat(restore.getKind()).isEqualTo("PerconaServerMongoDBRestore");
    assertThat(restore.getMetadata().getGenerateName()).isEqualTo("back-");
    assertThat(Json.tree(restore).path("spec"))
        .isEqualTo(
            Json.yaml(
                """
                clusterName: mongodb-copy
                backupSource:
                  type: logical
                  destination: s3://b/p/2026-05-01T02:00:00Z
                  storageName: s3-storage
                  s3: {bucket: b, prefix: p, credentialsSecret: mongodb-copy-s3-creds}
                """));

    GenericKubernetesResource pitr =
        PsmdbObjects.restore(
            "back", "tenant-a", OWNER, "mongodb-copy", source, "2026-05-01 03:00:00");
    assertThat(Json.tree(pitr).at("/spec/pitr"))
        .isEqualTo(Json.yaml("{type: date, date: '2026-05-01 03:00:00'}"));
  }
}
