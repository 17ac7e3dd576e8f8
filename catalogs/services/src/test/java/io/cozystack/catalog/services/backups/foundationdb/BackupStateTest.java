package io.cozystack.catalog.services.backups.foundationdb;

import static org.assertj.core.api.Assertions.assertThat;

import io.cozystack.catalog.services.backups.Json;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import org.junit.jupiter.api.Test;

/** What a FoundationDBBackup's status says, as the operator (v1.55.0) writes it. */
class BackupStateTest {
  static final String URL = "blobstore://key@s3.example.org:443/nightly-x7k2p?bucket=fdb-backups";

  @Test
  void aReconciledRunningBackupWritingToItsOwnDirectoryIsReady() {
    BackupState state =
        BackupState.of(
            backup(
                "Running",
                2,
                "{generations: {reconciled: 2}, backupDetails: {running: true, url: '"
                    + URL
                    + "'}}"));

    assertThat(state.ready()).isTrue();
    assertThat(state.directory()).isEqualTo("nightly-x7k2p");
    assertThat(state.describe()).isEqualTo("running at " + URL);
  }

  @Test
  void aGenerationNotYetReconciledIsNotReadyAndSaysWhatTheOperatorStillNeeds() {
    BackupState state =
        BackupState.of(
            backup(
                "Running",
                2,
                "{generations: {reconciled: 1, needsBackupStart: 2, needsBackupAgentUpdate: 2}}"));

    assertThat(state.ready()).isFalse();
    assertThat(state.describe())
        .isEqualTo(
            "not reconciled (needsBackupAgentUpdate=2, needsBackupStart=2);"
                + " backupDetails.running is false");
    assertThat(BackupState.of(backup("Running", 1, null)).describe())
        .isEqualTo("the operator has written no status yet");
  }

  @Test
  void theClustersBackupWritingElsewhereIsAnotherBackupNotThisOne() {
    String elsewhere = "blobstore://key@s3.example.org:443/weekly-abcde?bucket=fdb-backups";
    BackupState state =
        BackupState.of(
            backup(
                "Running",
                1,
                "{generations: {reconciled: 1}, backupDetails: {running: true, url: '"
                    + elsewhere
                    + "'}}"));

    assertThat(state.ready()).isFalse();
    assertThat(state.describe())
        .isEqualTo(
            "the cluster's running backup writes to " + elsewhere + ", not to nightly-x7k2p");
  }

  @Test
  void aStopIsDoneOnceTheOperatorReportsItOrIfItNeverActed() {
    assertThat(BackupState.of(backup("Stopped", 3, "{generations: {reconciled: 3}}")).stopped())
        .isTrue();
    assertThat(
            BackupState.of(
                    backup(
                        "Stopped",
                        3,
                        "{generations: {reconciled: 2, needsBackupStop: 3},"
                            + " backupDetails: {running: true}}"))
                .stopped())
        .isFalse();
    assertThat(BackupState.of(backup("Stopped", 2, null)).stopped()).isTrue();
    assertThat(BackupState.of(backup("Running", 1, "{generations: {reconciled: 1}}")).stopped())
        .isFalse();
  }

  static GenericKubernetesResource backup(String state, long generation, String status) {
    return Json.object(
        ("{apiVersion: apps.foundationdb.org/v1beta2, kind: FoundationDBBackup,"
                + " metadata: {name: nightly-x7k2p, namespace: tenant-a, generation: %d},"
                + " spec: {clusterName: foundationdb-db, backupState: %s,"
                + " blobStoreConfiguration: {accountName: key@s3.example.org}}%s}")
            .formatted(generation, state, status == null ? "" : ", status: " + status));
  }
}
