package io.cozystack.catalog.services.backups.mongodb;

import static org.assertj.core.api.Assertions.assertThat;

import io.cozystack.catalog.services.backups.Json;
import io.cozystack.contracts.driver.Progress;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A ready operator backup, as the cozystack Backup records it. */
class BackupRecordTest {
  static final GenericKubernetesResource READY =
      Json.object(
          """
          apiVersion: psmdb.percona.com/v1
          kind: PerconaServerMongoDBBackup
          metadata: {name: nightly-x7k2p, namespace: tenant-a}
          spec: {clusterName: mongodb-db, storageName: s3-storage, type: logical}
          status:
            state: ready
            type: logical
            storageName: s3-storage
            destination: s3://backups/mongo/db/2026-05-01T02:00:00Z
            s3: {bucket: backups, prefix: mongo/db, credentialsSecret: mongodb-db-s3-creds}
          """);

  @Test
  void itRecordsTheDestinationTheMetadataAndTheSourceARestoreReads() {
    Progress.BackedUp done = (Progress.BackedUp) BackupRecord.of(READY, Map.of("tier", "gold"));

    assertThat(done.artifact().uri()).isEqualTo("s3://backups/mongo/db/2026-05-01T02:00:00Z");
    assertThat(done.driverMetadata())
        .containsExactlyInAnyOrderEntriesOf(
            Map.of(
                "psmdb.percona.com/backup-name", "nightly-x7k2p",
                "psmdb.percona.com/backup-namespace", "tenant-a",
                "psmdb.percona.com/destination", "s3://backups/mongo/db/2026-05-01T02:00:00Z"));
    assertThat(done.underlyingResources())
        .isEqualTo(
            Json.yaml(
                """
                apiVersion: backups.cozystack.io/v1alpha1
                kind: MongoDBBackupSnapshot
                type: logical
                destination: s3://backups/mongo/db/2026-05-01T02:00:00Z
                storageName: s3-storage
                s3: {bucket: backups, prefix: mongo/db, credentialsSecret: mongodb-db-s3-creds}
                parameters: {tier: gold}
                """));
  }

  @Test
  void aReadyBackupWithoutADestinationFailsInsteadOfRecordingNothingToRestore() {
    Progress p =
        BackupRecord.of(
            Json.object(
                "{apiVersion: psmdb.percona.com/v1, kind: PerconaServerMongoDBBackup,"
                    + " metadata: {name: b1, namespace: tenant-a}, status: {state: ready}}"),
            Map.of());

    assertThat(p)
        .isEqualTo(
            Progress.failed(
                "BackupWithoutDestination",
                "PerconaServerMongoDBBackup tenant-a/b1 is ready but its status names no"
                    + " destination; there is nothing to restore from"));
  }
}
