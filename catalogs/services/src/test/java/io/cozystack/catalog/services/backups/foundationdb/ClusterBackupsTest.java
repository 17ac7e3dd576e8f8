package io.cozystack.catalog.services.backups.foundationdb;

import static org.assertj.core.api.Assertions.assertThat;

import io.cozystack.catalog.services.backups.Json;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** How a new backup of a cluster deals with the cluster's other FoundationDBBackups. */
class ClusterBackupsTest {
  static final Instant STARTED = Instant.parse("2026-05-01T02:00:00Z");
  static final Map<String, String> MINE = owner("nightly");

  @Test
  void nothingElseOnTheClusterOrOnlyOnOtherClustersOrItsOwnLeavesItClear() {
    assertThat(next(List.of())).isInstanceOf(ClusterBackups.Step.Clear.class);
    assertThat(
            next(
                List.of(
                    backup("other-x", "foundationdb-other", owner("weekly"), "Running", 1, null),
                    backup("nightly-x", "foundationdb-db", MINE, "Running", 1, null))))
        .isInstanceOf(ClusterBackups.Step.Clear.class);
  }

  @Test
  void aBackupNoJobMadeIsAConflictWhateverElseThereIs() {
    GenericKubernetesResource chart =
        backup("foundationdb-db-backup", "foundationdb-db", Map.of(), "Running", 1, null);

    ClusterBackups.Step step =
        next(
            List.of(
                backup("weekly-x", "foundationdb-db", owner("weekly"), "Running", 1, null), chart));

    assertThat(step).isEqualTo(new ClusterBackups.Step.Conflict(chart));
  }

  @Test
  void anOlderBackupIsStoppedThenAwaitedThenDeleted() {
    String ran = "{generations: {reconciled: 1}, backupDetails: {running: true}}";
    GenericKubernetesResource running =
        backup("weekly-x", "foundationdb-db", owner("weekly"), "Running", 1, ran);
    assertThat(next(List.of(running))).isEqualTo(new ClusterBackups.Step.Stop(running));

    GenericKubernetesResource stopping =
        backup("weekly-x", "foundationdb-db", owner("weekly"), "Stopped", 2, ran);
    assertThat(next(List.of(stopping))).isEqualTo(new ClusterBackups.Step.AwaitStopped(stopping));

    GenericKubernetesResource stopped =
        backup(
            "weekly-x",
            "foundationdb-db",
            owner("weekly"),
            "Stopped",
            2,
            "{generations: {reconciled: 2}, backupDetails: {running: false}}");
    assertThat(next(List.of(stopped))).isEqualTo(new ClusterBackups.Step.Delete(stopped));
  }

  @Test
  void aRunningBackupCreatedAfterThisJobStartedSupersedesItAStoppedOneIsRetired() {
    GenericKubernetesResource newer =
        backup("later-x", "foundationdb-db", owner("later"), "Running", 1, null);
    newer.getMetadata().setCreationTimestamp("2026-05-01T02:05:00Z");
    assertThat(next(List.of(newer))).isEqualTo(new ClusterBackups.Step.Superseded(newer));

    GenericKubernetesResource agents =
        backup("restore-x", "foundationdb-db", owner("restore"), "Stopped", 1, null);
    agents.getMetadata().setCreationTimestamp("2026-05-01T02:05:00Z");
    assertThat(next(List.of(agents))).isEqualTo(new ClusterBackups.Step.Delete(agents));
  }

  @Test
  void theAgentsOfARestoreJobOfTheSameNameAreAnotherJobsNotThisOnes() {
    Map<String, String> labels = new java.util.HashMap<>(MINE);
    labels.put("foundationdb.services.cozystack.io/role", "restore-agents");
    GenericKubernetesResource agents =
        backup("nightly-agents", "foundationdb-db", labels, "Stopped", 1, null);

    assertThat(next(List.of(agents))).isEqualTo(new ClusterBackups.Step.Delete(agents));
  }

  private static ClusterBackups.Step next(List<GenericKubernetesResource> backups) {
    return ClusterBackups.next(backups, "foundationdb-db", MINE, STARTED);
  }

  static Map<String, String> owner(String job) {
    return Map.of(
        "backups.cozystack.io/owned-by.BackupJobName",
        job,
        "backups.cozystack.io/owned-by.BackupJobNamespace",
        "tenant-a");
  }

  static GenericKubernetesResource backup(
      String name,
      String cluster,
      Map<String, String> labels,
      String state,
      long generation,
      String status) {
    GenericKubernetesResource backup =
        Json.object(
            ("{apiVersion: apps.foundationdb.org/v1beta2, kind: FoundationDBBackup,"
                    + " metadata: {name: %s, namespace: tenant-a, generation: %d,"
                    + " creationTimestamp: '2026-05-01T01:00:00Z'},"
                    + " spec: {clusterName: %s, backupState: %s,"
                    + " blobStoreConfiguration: {accountName: s3}}%s}")
                .formatted(
                    name, generation, cluster, state, status == null ? "" : ", status: " + status));
    backup.getMetadata().setLabels(labels);
    return backup;
  }
}
