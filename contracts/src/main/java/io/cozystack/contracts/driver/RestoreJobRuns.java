package io.cozystack.contracts.driver;

import io.cozystack.api.backups.v1alpha1.Backup;
import io.cozystack.api.backups.v1alpha1.BackupsApi;
import io.cozystack.api.backups.v1alpha1.RestoreJob;
import io.cozystack.api.backups.v1alpha1.RestoreJobStatus;
import io.cozystack.api.backups.v1alpha1.RunPhase;
import io.cozystack.api.meta.Condition;
import io.cozystack.api.meta.TypedLocalObjectReference;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The RestoreJob lifecycle around a driver, the same protocol as a backup. A driver that keeps
 * restore side-state puts its own finalizer on the jobs it takes and alone cleans up on delete; the
 * platform never touches another driver's objects.
 */
final class RestoreJobRuns {
  private static final Logger LOG = LoggerFactory.getLogger(RestoreJobRuns.class);

  private final KubernetesClient client;
  private final StrategyDriver driver;
  private final String name;
  private final String finalizer;
  private final StrategyLookup strategies;
  private final Clock clock;
  private final Function<RestoreJob, Optional<Backup>> backups;

  RestoreJobRuns(
      KubernetesClient client,
      StrategyDriver driver,
      StrategyLookup strategies,
      Clock clock,
      Function<RestoreJob, Optional<Backup>> backups) {
    this.client = client;
    this.driver = driver;
    this.name = driver.registration().driver();
    this.finalizer = DriverRuntime.finalizer(name);
    this.strategies = strategies;
    this.clock = clock;
    this.backups = backups;
  }

  /** Whether the runtime should look at this job at all. */
  boolean wants(RestoreJob job) {
    if (job.getMetadata().getDeletionTimestamp() != null) {
      return !held(job).isEmpty();
    }
    RestoreJobStatus s = job.getStatus();
    return s != null && name.equals(s.driver()) && !RunPhases.terminal(s.phase());
  }

  Optional<Duration> handle(RestoreJob job) {
    if (job == null || !wants(job)) {
      return Optional.empty();
    }
    if (job.getMetadata().getDeletionTimestamp() != null) {
      cleanUp(job);
      return Optional.empty();
    }
    Instant now = clock.instant().truncatedTo(ChronoUnit.SECONDS);
    if (job.getStatus().phase() != RunPhase.RUNNING) {
      take(job);
      return Optional.empty();
    }
    Instant startedAt = RunPhases.startedAt(job.getStatus().startedAt(), now);
    return apply(job, progress(job, startedAt, now));
  }

  /** Finalizer first (so nothing the driver creates can be orphaned), then Running. */
  private void take(RestoreJob job) {
    if (driver.cleansUpRestores() && !holdsFinalizer(job)) {
      client
          .resource(job)
          .edit(
              j -> {
                List<String> finalizers = new ArrayList<>(j.getMetadata().getFinalizers());
                finalizers.add(finalizer);
                j.getMetadata().setFinalizers(finalizers);
                return j;
              });
    }
    write(job, RunPhase.RUNNING, null, conditions(job, Progress.working("Started", took())));
  }

  private Progress progress(RestoreJob job, Instant startedAt, Instant now) {
    String ns = job.getMetadata().getNamespace();
    Backup backup =
        client
            .resources(Backup.class)
            .inNamespace(ns)
            .withName(job.getSpec().backupRef().name())
            .get();
    if (backup == null) {
      return Progress.failed(
          "BackupNotFound", "Backup " + ns + "/" + job.getSpec().backupRef().name() + " not found");
    }
    TypedLocalObjectReference strategyRef = backup.getSpec().strategyRef();
    if (!strategies.claims(strategyRef)) {
      return Progress.failed(
          "StrategyNotClaimed",
          "Backup "
              + backup.getMetadata().getName()
              + " was taken by a strategy of kind "
              + strategyRef.kind()
              + ", which driver "
              + name
              + " does not claim");
    }
    Optional<GenericKubernetesResource> strategy = strategies.strategy(strategyRef);
    if (strategy.isEmpty()) {
      return StrategyLookup.missing(strategyRef, startedAt, now);
    }
    TypedLocalObjectReference target = RestoreRun.target(backup, job);
    return driver.restore(
        new RestoreRun(
            client,
            job,
            backup,
            target,
            strategy.get(),
            strategies.application(ns, target),
            startedAt,
            now));
  }

  private Optional<Duration> apply(RestoreJob job, Progress progress) {
    if (progress instanceof Progress.Working w) {
      if (!RunConditions.readySays(job.getStatus().conditions(), w.reason(), w.message())) {
        write(job, RunPhase.RUNNING, null, conditions(job, w));
      }
      return Optional.ofNullable(w.recheckAfter());
    }
    if (progress instanceof Progress.Restored r) {
      write(job, RunPhase.SUCCEEDED, null, conditions(job, r));
      return Optional.empty();
    }
    if (progress instanceof Progress.Failed f) {
      write(job, RunPhase.FAILED, f.message(), conditions(job, f));
      return Optional.empty();
    }
    throw new IllegalStateException(
        "driver " + name + " answered a restore with " + progress.getClass().getSimpleName());
  }

  private List<Condition> conditions(RestoreJob job, Progress progress) {
    String message =
        progress instanceof Progress.Restored r && r.message() != null
            ? r.message()
            : "restore completed by driver " + name;
    return RunConditions.of(
        job,
        job.getStatus().conditions(),
        progress,
        "RestoreCompleted",
        message,
        clock.instant().truncatedTo(ChronoUnit.SECONDS));
  }

  /**
   * The driver's clean-up, then its finalizers off (its own, and Cozystack's legacy one on a job of
   * a kind it claims); a failure keeps them and retries.
   */
  private void cleanUp(RestoreJob job) {
    if (driver.cleansUpRestores()) {
      driver.cleanUpRestore(client, job, backups.apply(job));
    }
    for (String f : held(job)) {
      Finalizers.remove(client, job, f);
    }
  }

  /** The finalizers on this job that are this driver's to remove. */
  private List<String> held(RestoreJob job) {
    List<String> finalizers = job.getMetadata().getFinalizers();
    if (finalizers == null) {
      return List.of();
    }
    boolean claimed =
        backups.apply(job).map(b -> strategies.claims(b.getSpec().strategyRef())).orElse(false);
    return finalizers.stream()
        .filter(
            f ->
                f.equals(finalizer)
                    || (claimed && BackupsApi.LEGACY_CLEANUP_FINALIZERS.contains(f)))
        .toList();
  }

  private boolean holdsFinalizer(RestoreJob job) {
    return job.getMetadata().getFinalizers() != null
        && job.getMetadata().getFinalizers().contains(finalizer);
  }

  private void write(RestoreJob job, RunPhase phase, String message, List<Condition> conditions) {
    RestoreJobStatus old = job.getStatus();
    String now = clock.instant().truncatedTo(ChronoUnit.SECONDS).toString();
    RunConditions.log(LOG, phase, conditions);
    RunConditions.patchStatus(
        client,
        job,
        new RestoreJobStatus(
            old.observedGeneration(),
            phase,
            old.startedAt() != null ? old.startedAt() : now,
            RunPhases.terminal(phase) ? now : old.completedAt(),
            message,
            old.driver(),
            conditions));
  }

  private String took() {
    return "driver " + name + " took the job";
  }
}
