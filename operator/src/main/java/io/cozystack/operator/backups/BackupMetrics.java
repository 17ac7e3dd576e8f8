package io.cozystack.operator.backups;

import io.cozystack.api.backups.v1alpha1.RunPhase;
import io.cozystack.api.meta.Condition;
import io.cozystack.operator.observability.StateGauges;
import io.micrometer.core.instrument.Tags;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Backup and restore jobs by driver and phase, and how many wait for a driver, recounted from the
 * informer cache after each dispatch (gauges; a combination that empties drops to zero).
 */
public final class BackupMetrics {
  static final String JOBS = "cozy_backup_jobs";
  static final String AWAITING = "cozy_backup_jobs_awaiting_driver";

  /** What the count needs of one job. */
  public record JobView(String driver, RunPhase phase, List<Condition> conditions) {}

  private final StateGauges gauges;
  private final Map<String, Set<Tags>> seen = new HashMap<>();

  public BackupMetrics(StateGauges gauges) {
    this.gauges = gauges;
  }

  /** Recounts the jobs of one type ({@code BackupJob} or {@code RestoreJob}). */
  public synchronized void recount(String type, List<JobView> jobs) {
    Map<Tags, Long> counts = new HashMap<>();
    long awaiting = 0;
    for (JobView job : jobs) {
      Tags tags =
          Tags.of(
              "type", type,
              "driver", job.driver() == null ? "none" : job.driver(),
              "phase",
                  job.phase() == null || job.phase() == RunPhase.NONE
                      ? "New"
                      : phaseName(job.phase()));
      counts.merge(tags, 1L, Long::sum);
      if (job.conditions() != null
          && job.conditions().stream()
              .anyMatch(
                  c ->
                      DispatchStatus.DISPATCHED.equals(c.type())
                          && "AwaitingDriver".equals(c.reason()))) {
        awaiting++;
      }
    }
    Set<Tags> previous = seen.getOrDefault(type, Set.of());
    for (Tags gone : previous) {
      if (!counts.containsKey(gone)) {
        gauges.set(JOBS, "Backup and restore jobs by driver and phase", gone, 0);
      }
    }
    counts.forEach(
        (tags, n) -> gauges.set(JOBS, "Backup and restore jobs by driver and phase", tags, n));
    Set<Tags> now = new HashSet<>(previous);
    now.addAll(counts.keySet());
    seen.put(type, now);
    gauges.set(
        AWAITING,
        "Jobs waiting for the driver of a handed-off strategy kind",
        Tags.of("type", type),
        awaiting);
  }

  private static String phaseName(RunPhase phase) {
    return switch (phase) {
      case PENDING -> "Pending";
      case RUNNING -> "Running";
      case SUCCEEDED -> "Succeeded";
      case FAILED -> "Failed";
      case NONE -> "New";
    };
  }
}
