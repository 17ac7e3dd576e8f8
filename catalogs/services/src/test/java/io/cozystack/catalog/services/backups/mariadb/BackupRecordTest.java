package io.cozystack.catalog.services.backups.mariadb;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.cozystack.catalog.services.backups.Json;
import io.cozystack.contracts.driver.Progress;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** How a completed operator Backup is recorded: metadata, artifact URI, underlying resources. */
class BackupRecordTest {

  @Test
  void anS3BackupIsRecordedWithItsUriAndTheMetadataARestoreNeeds() {
    Progress.BackedUp done =
        BackupRecord.of(
            Json.object(
                """
                apiVersion: k8s.mariadb.com/v1alpha1
                kind: Backup
                metadata: {name: nightly-x7k2p, namespace: tenant-a}
                spec:
                  mariaDbRef: {name: mariadb-db}
                  storage:
                    s3: {bucket: backups, endpoint: minio:9000, prefix: tenant-a/db/}
                  databases: [app]
                """),
            Map.of("bucket", "backups"));

    assertThat(done.artifact().uri()).isEqualTo("s3://backups/tenant-a/db/nightly-x7k2p");
    assertThat(done.driverMetadata())
        .containsExactlyInAnyOrderEntriesOf(
            Map.of(
                "k8s.mariadb.com/backup-name", "nightly-x7k2p",
                "k8s.mariadb.com/backup-namespace", "tenant-a",
                "k8s.mariadb.com/storage-uri", "s3://backups/tenant-a/db/nightly-x7k2p"));
    JsonNode u = done.underlyingResources();
    assertThat(u.path("apiVersion").asText()).isEqualTo("backups.cozystack.io/v1alpha1");
    assertThat(u.path("kind").asText()).isEqualTo("MariaDBBackupSnapshot");
    assertThat(u.at("/storage/s3/bucket").asText()).isEqualTo("backups");
    assertThat(u.path("databases").toString()).isEqualTo("[\"app\"]");
    assertThat(u.at("/parameters/bucket").asText()).isEqualTo("backups");
  }

  @Test
  void withoutAPrefixTheUriIsBucketThenName() {
    assertThat(BackupRecord.storageUri(Json.yaml("s3: {bucket: b, endpoint: e}"), "nightly-abc"))
        .contains("s3://b/nightly-abc");
  }

  @Test
  void aPvcBackupHasNoArtifactAndNoStorageUri() {
    Progress.BackedUp done =
        BackupRecord.of(
            Json.object(
                """
                apiVersion: k8s.mariadb.com/v1alpha1
                kind: Backup
                metadata: {name: nightly-x7k2p, namespace: tenant-a}
                spec:
                  mariaDbRef: {name: mariadb-db}
                  storage: {persistentVolumeClaim: {resources: {requests: {storage: 1Gi}}}}
                """),
            Map.of());

    assertThat(done.artifact()).isNull();
    assertThat(done.driverMetadata())
        .containsOnlyKeys("k8s.mariadb.com/backup-name", "k8s.mariadb.com/backup-namespace");
    assertThat(done.underlyingResources().path("databases").isArray()).isTrue();
    assertThat(done.underlyingResources().path("databases")).isEmpty();
  }
}
