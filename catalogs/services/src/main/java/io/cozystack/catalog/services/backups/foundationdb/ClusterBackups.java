package io.cozystack.catalog.services.backups.foundationdb;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The one backup a cluster may have. The operator (v1.55.0) runs one live backup per cluster, and
 * every FoundationDBBackup of that cluster acts on it: a stopped one discontinues whatever backup
 * runs whenever the operator reconciles it again. So before a BackupJob starts its backup, every
 * other FoundationDBBackup of the cluster is retired: stopped, then deleted once the operator
 * reports it stopped (the data stays in the bucket, and the Backup that recorded it still restores
 * it). This is the pure decision of what to do next.
 */
final class ClusterBackups {
  private ClusterBackups() {}

  /** What stands between a job and its backup of the cluster. */
  sealed interface Step {
    /** Nothing: the job may create its backup. */
    record Clear() implements Step {}

    /** A FoundationDBBackup no job made (the chart's own, with backup.enabled): terminal. */
    record Conflict(GenericKubernetesResource other) implements Step {}

    /** A running backup another job created after this one started: this job yields. */
    record Superseded(GenericKubernetesResource other) implements Step {}

    /** Ask the operator to stop {@code other}. */
    record Stop(GenericKubernetesResource other) implements Step {}

    /** {@code other} is asked to stop; wait for the operator to report it stopped. */
    record AwaitStopped(GenericKubernetesResource other) implements Step {}

    /** {@code other} is stopped: delete it. */
    record Delete(GenericKubernetesResource other) implements Step {}
  }

  /**
   * The next step for the job of {@code ownerLabels}, started at {@code jobStarted}, among {@code
   * backups} (the namespace's FoundationDBBackups) for cluster {@code cluster}.
   */
  static Step next(
      List<GenericKubernetesResource> backups,
      String cluster,
      Map<String, String> ownerLabels,
      Instant jobStarted) {
    List<GenericKubernetesResource> others =
        backups.stream()
            .filter(b -> cluster.equals(FdbApi.tree(b).at("/spec/clusterName").asText()))
            .filter(b -> !FdbApi.backupOf(b, ownerLabels))
            .sorted(Comparator.comparing(ClusterBackups::created))
            .toList();
    Optional<GenericKubernetesResource> stranger =
        others.stream().filter(b -> !FdbApi.ownedByAJob(b)).findFirst();
    if (stranger.isPresent()) {
      return new Step.Conflict(stranger.get());
    }
    Optional<GenericKubernetesResource> newer =
        others.stream()
            .filter(b -> created(b).isAfter(jobStarted))
            .filter(b -> !BackupState.of(b).stopRequested())
            .findFirst();
    if (newer.isPresent()) {
      return new Step.Superseded(newer.get());
    }
    if (others.isEmpty()) {
      return new Step.Clear();
    }
    GenericKubernetesResource oldest = others.get(0);
    BackupState state = BackupState.of(oldest);
    if (state.stopped()) {
      return new Step.Delete(oldest);
    }
    return state.stopRequested() ? new Step.AwaitStopped(oldest) : new Step.Stop(oldest);
  }

  /** When {@code backup} was created; the epoch when unknown (treated as the oldest). */
  static Instant created(GenericKubernetesResource backup) {
    String timestamp = backup.getMetadata().getCreationTimestamp();
    try {
      return timestamp == null ? Instant.EPOCH : Instant.parse(timestamp);
    } catch (DateTimeParseException e) {
      return Instant.EPOCH;
    }
  }
}
