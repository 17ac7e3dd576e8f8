package io.cozystack.catalog.services.backups.foundationdb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.cozystack.api.backups.v1alpha1.Backup;
import io.cozystack.api.backups.v1alpha1.BackupSpec;
import io.cozystack.api.backups.v1alpha1.BackupStatus;
import io.cozystack.api.meta.TypedLocalObjectReference;
import io.cozystack.catalog.services.backups.Json;
import io.cozystack.contracts.driver.Progress;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What a running backup is recorded as, and how a restore reads the record back. */
class BackupRecordTest {
  static final String URL =
      "blobstore://key@s3.example.org:443/nightly-x7k2p?bucket=backups&region=us-east-1";

  @Test
  void aRunningBackupIsRecordedWithWhereTheAgentsWriteInCozystacksShapes() throws Exception {
    Progress.BackedUp done =
        BackupRecord.of(
            Json.object(
                """
                apiVersion: apps.foundationdb.org/v1beta2
                kind: FoundationDBBackup
                metadata: {name: nightly-x7k2p, namespace: tenant-a}
                spec:
                  clusterName: foundationdb-db
                  blobStoreConfiguration:
                    accountName: key@s3.example.org
                    bucket: backups
                    urlParameters: [region=us-east-1]
                  customParameters: [blob_credentials=/var/creds.json]
                status:
                  generations: {reconciled: 1}
                  backupDetails: {running: true, url: '%s'}
                """
                    .formatted(URL)),
            Map.of("region", "us-east-1"));

    assertThat(done.artifact().uri()).isEqualTo(URL);
    assertThat(done.driverMetadata())
        .containsExactlyInAnyOrderEntriesOf(
            Map.of(
                "apps.foundationdb.org/backup-name", "nightly-x7k2p",
                "apps.foundationdb.org/backup-namespace", "tenant-a",
                "apps.foundationdb.org/account-name", "key@s3.example.org",
                "apps.foundationdb.org/bucket", "backups",
                "apps.foundationdb.org/blob-backup-name", "nightly-x7k2p",
                "apps.foundationdb.org/storage-uri", URL));
    assertThat(done.underlyingResources())
        .isEqualTo(
            Json.yaml(
                """
                apiVersion: backups.cozystack.io/v1alpha1
                kind: FoundationDBBackupSnapshot
                storage:
                  accountName: key@s3.example.org
                  bucket: backups
                  backupName: nightly-x7k2p
                  urlParameters: [region=us-east-1]
                customParameters: [blob_credentials=/var/creds.json]
                parameters: {region: us-east-1}
                """));

    RestoreSource source = read(done.driverMetadata(), done.underlyingResources());
    assertThat(source.store().url()).isEqualTo(URL);
    assertThat(source.customParameters()).containsExactly("blob_credentials=/var/creds.json");
    assertThat(source.parameters()).isEqualTo(Map.of("region", "us-east-1"));
  }

  @Test
  void aCozystackSnapshotRestoresWithItsParametersAsTheOperatorPassesThem() throws Exception {
    RestoreSource source =
        read(
            Map.of(),
            Json.yaml(
                "{apiVersion: backups.cozystack.io/v1alpha1, kind: FoundationDBBackupSnapshot,"
                    + " storage: {accountName: s3:8080, bucket: b, backupName: nightly},"
                    + " customParameters: ['--blob_credentials=/var/c.json']}"));

    assertThat(source.store()).isEqualTo(new BlobStore("s3:8080", "b", "nightly", List.of()));
    assertThat(source.customParameters()).containsExactly("blob_credentials=/var/c.json");
  }

  @Test
  void withoutASnapshotTheDriverMetadataIsRead() throws Exception {
    RestoreSource source =
        read(
            Map.of(
                "apps.foundationdb.org/account-name", "key@s3",
                "apps.foundationdb.org/blob-backup-name", "nightly"),
            null);

    assertThat(source.store()).isEqualTo(new BlobStore("key@s3", null, "nightly", List.of()));
  }

  @Test
  void aSnapshotOfAnotherKindOrARecordWithoutADirectoryIsRefused() {
    assertThatThrownBy(
            () ->
                read(
                    Map.of(),
                    Json.yaml(
                        "{apiVersion: backups.cozystack.io/v2, kind: FoundationDBBackupSnapshot}")))
        .isInstanceOf(RestoreSource.Unusable.class)
        .hasMessageContaining("is a backups.cozystack.io/v2 FoundationDBBackupSnapshot, not a")
        .extracting(e -> ((RestoreSource.Unusable) e).reason)
        .isEqualTo("UnrecognisedSnapshot");
    assertThatThrownBy(() -> read(Map.of("apps.foundationdb.org/account-name", "key@s3"), null))
        .extracting(e -> ((RestoreSource.Unusable) e).reason)
        .isEqualTo("IncompleteBackup");
  }

  private static RestoreSource read(Map<String, String> metadata, JsonNode snapshot)
      throws RestoreSource.Unusable {
    Backup backup = new Backup();
    backup.setMetadata(
        new ObjectMetaBuilder().withName("nightly").withNamespace("tenant-a").build());
    backup.setSpec(
        new BackupSpec(
            new TypedLocalObjectReference(null, "FoundationDB", "db"),
            null,
            new TypedLocalObjectReference("strategy.backups.cozystack.io", "FoundationDB", "s3"),
            "2026-05-01T00:00:00Z",
            metadata));
    backup.setStatus(new BackupStatus(null, BackupStatus.Phase.READY, null, snapshot, null));
    return RestoreSource.read(backup);
  }
}
