package io.cozystack.operator.backups;

import io.cozystack.api.backups.v1alpha1.RunPhase;
import io.cozystack.api.backups.v1alpha1.RunStatus;
import io.cozystack.api.meta.Condition;
import io.cozystack.operator.observability.StateGauges;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Backup and restore jobs by driver, strategy kind and phase, and how many wait for a driver,
 * recounted from the informer cache after each dispatch (gauges; a combination that empties drops
 * to zero). The run time of every job that finishes while the operator runs (completedAt minus
 * startedAt) goes to a timer by driver, kind and outcome.
 */
public final class BackupMetrics {
  static final String JOBS = "cozy_backup_jobs";
  static final String AWAITING = "cozy_backup_jobs_awaiting_driver";
  static final String DURATION = "cozy_backup_job_duration";

  /** What the count needs of one job; {@code kind} is its strategy kind, if known. */
  public record JobView(
      String uid,
      String driver,
      String kind,
      RunPhase phase,
      String startedAt,
      String completedAt,
      List<Condition> conditions) {

    /** The job {@code uid} with strategy {@code kind} (if known), as its status stands. */
    public static JobView of(String uid, String kind, RunStatus status) {
      return status == null
          ? new JobView(uid, null, kind, null, null, null, null)
          : new JobView(
              uid,
              status.driver(),
              kind,
              status.phase(),
              status.startedAt(),
              status.completedAt(),
              status.conditions());
    }
  }

  private final StateGauges gauges;
  private final MeterRegistry registry;
  private final Instant since;
  private final Map<String, Set<Tags>> seen = new HashMap<>();
  private final Map<String, Set<String>> timed = new HashMap<>();

  /**
   * Times only jobs completed at or after {@code since} (jobs finished before start are history).
   */
  public BackupMetrics(MeterRegistry registry, Instant since) {
    this.gauges = new StateGauges(registry);
    this.registry = registry;
    this.since = since;
  }

  /** Recounts the jobs of one type ({@code BackupJob} or {@code RestoreJob}). */
  public synchronized void recount(String type, List<JobView> jobs) {
    Map<Tags, Long> counts = new HashMap<>();
    long awaiting = 0;
    for (JobView job : jobs) {
      counts.merge(tags(type, job).and("phase", phaseName(job.phase())), 1L, Long::sum);
      if (awaitsDriver(job)) {
        awaiting++;
      }
    }
    Set<Tags> previous = seen.getOrDefault(type, Set.of());
    for (Tags gone : previous) {
      if (!counts.containsKey(gone)) {
        gauges.set(JOBS, "Backup and restore jobs by driver, kind and phase", gone, 0);
      }
    }
    counts.forEach(
        (tags, n) ->
            gauges.set(JOBS, "Backup and restore jobs by driver, kind and phase", tags, n));
    Set<Tags> now = new HashSet<>(previous);
    now.addAll(counts.keySet());
    seen.put(type, now);
    gauges.set(
        AWAITING,
        "Jobs waiting for the driver of a handed-off strategy kind",
        Tags.of("type", type),
        awaiting);
    time(type, jobs);
  }

  /** Records each newly finished job once; forgets jobs that are gone. */
  private void time(String type, List<JobView> jobs) {
    Set<String> done = timed.computeIfAbsent(type, t -> new HashSet<>());
    Set<String> present = new HashSet<>();
    for (JobView job : jobs) {
      present.add(job.uid());
      if (job.uid() == null || done.contains(job.uid()) || !terminal(job.phase())) {
        continue;
      }
      Instant started = parse(job.startedAt());
      Instant completed = parse(job.completedAt());
      if (started == null || completed == null || completed.isBefore(since)) {
        continue;
      }
      done.add(job.uid());
      Timer.builder(DURATION)
          .description("How long backup and restore jobs ran, from startedAt to completedAt")
          .tags(tags(type, job).and("outcome", phaseName(job.phase())))
          .register(registry)
          .record(Duration.between(started, completed));
    }
    done.retainAll(present);
  }

  private static Tags tags(String type, JobView job) {
    return Tags.of(
        "type", type,
        "driver", job.driver() == null ? "none" : job.driver(),
        "kind", job.kind() == null ? "unknown" : job.kind());
  }

  private static boolean awaitsDriver(JobView job) {
    return job.conditions() != null
        && job.conditions().stream()
            .anyMatch(
                c ->
                    DispatchStatus.DISPATCHED.equals(c.type())
                        && "AwaitingDriver".equals(c.reason()));
  }

  private static boolean terminal(RunPhase phase) {
    return phase == RunPhase.SUCCEEDED || phase == RunPhase.FAILED;
  }

  private static Instant parse(String stamp) {
    try {
      return stamp == null ? null : Instant.parse(stamp);
    } catch (DateTimeParseException e) {
      return null;
    }
  }

  private static String phaseName(RunPhase phase) {
    if (phase == null) {
      return "New";
    }
    return switch (phase) {
      case PENDING -> "Pending";
      case RUNNING -> "Running";
      case SUCCEEDED -> "Succeeded";
      case FAILED -> "Failed";
      case NONE -> "New";
    };
  }
}
