package io.cozystack.contracts.driver;

import io.cozystack.api.backups.v1alpha1.Backup;
import io.cozystack.api.backups.v1alpha1.BackupClassSpec.BackupClassStrategy;
import io.cozystack.api.backups.v1alpha1.BackupJob;
import io.cozystack.api.backups.v1alpha1.BackupJobStatus;
import io.cozystack.api.backups.v1alpha1.BackupSpec;
import io.cozystack.api.backups.v1alpha1.BackupStatus;
import io.cozystack.api.backups.v1alpha1.RunPhase;
import io.cozystack.api.meta.Condition;
import io.cozystack.api.meta.LocalObjectReference;
import io.cozystack.api.meta.TypedLocalObjectReference;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The BackupJob lifecycle around a driver (Cozystack's driver duties): take the job ({@code
 * startedAt}, Running), ask the driver until it is done, then record the Backup (named after the
 * job, no owner reference so it outlives the job) and mark the job Succeeded, or Failed.
 */
final class BackupJobRuns {
  private static final Logger LOG = LoggerFactory.getLogger(BackupJobRuns.class);

  private final KubernetesClient client;
  private final StrategyDriver driver;
  private final String name;
  private final StrategyLookup strategies;
  private final Clock clock;

  BackupJobRuns(
      KubernetesClient client, StrategyDriver driver, StrategyLookup strategies, Clock clock) {
    this.client = client;
    this.driver = driver;
    this.name = driver.registration().driver();
    this.strategies = strategies;
    this.clock = clock;
  }

  /** Whether the runtime should look at this job at all. */
  boolean wants(BackupJob job) {
    BackupJobStatus s = job.getStatus();
    return s != null && name.equals(s.driver()) && !RunPhases.terminal(s.phase());
  }

  Optional<Duration> handle(BackupJob job) {
    if (job == null || !wants(job)) {
      return Optional.empty();
    }
    Instant now = clock.instant().truncatedTo(ChronoUnit.SECONDS);
    if (job.getStatus().phase() != RunPhase.RUNNING) {
      write(
          job, RunPhase.RUNNING, null, null, conditions(job, Progress.working("Started", took())));
      return Optional.empty();
    }
    Instant startedAt = RunPhases.startedAt(job.getStatus().startedAt(), now);
    Progress progress = progress(job, startedAt, now);
    return apply(job, progress, now);
  }

  private Progress progress(BackupJob job, Instant startedAt, Instant now) {
    TypedLocalObjectReference app = job.getSpec().applicationRef();
    Optional<BackupClassStrategy> route =
        strategies
            .backupClass(job.getSpec().backupClassName())
            .flatMap(backupClass -> BackupClassRoute.of(backupClass, app));
    if (route.isEmpty() || !strategies.claims(route.get().strategyRef())) {
      return Progress.failed(
          "BackupClassChanged",
          "BackupClass "
              + job.getSpec().backupClassName()
              + " no longer routes kind "
              + app.kind()
              + " to a strategy of driver "
              + name);
    }
    Optional<GenericKubernetesResource> strategy = strategies.strategy(route.get().strategyRef());
    if (strategy.isEmpty()) {
      return StrategyLookup.missing(route.get().strategyRef(), startedAt, now);
    }
    Optional<GenericKubernetesResource> application =
        strategies.application(job.getMetadata().getNamespace(), app);
    if (application.isEmpty()) {
      return Progress.failed(
          "ApplicationNotFound",
          "application "
              + app.kind()
              + " "
              + job.getMetadata().getNamespace()
              + "/"
              + app.name()
              + " not found");
    }
    return driver.backup(
        new BackupRun(client, job, route.get(), strategy.get(), application.get(), startedAt, now));
  }

  private Optional<Duration> apply(BackupJob job, Progress progress, Instant now) {
    List<Condition> old = job.getStatus().conditions();
    if (progress instanceof Progress.Working w) {
      if (!RunConditions.readySays(old, w.reason(), w.message())) {
        write(job, RunPhase.RUNNING, null, null, conditions(job, w));
      }
      return Optional.ofNullable(w.recheckAfter());
    }
    if (progress instanceof Progress.BackedUp b) {
      String backup = record(job, b, now);
      write(job, RunPhase.SUCCEEDED, null, new LocalObjectReference(backup), conditions(job, b));
      return Optional.empty();
    }
    if (progress instanceof Progress.Failed f) {
      write(job, RunPhase.FAILED, f.message(), null, conditions(job, f));
      return Optional.empty();
    }
    throw new IllegalStateException(
        "driver " + name + " answered a backup with " + progress.getClass().getSimpleName());
  }

  private List<Condition> conditions(BackupJob job, Progress progress) {
    return RunConditions.of(
        job,
        job.getStatus().conditions(),
        progress,
        "BackupCompleted",
        "backup completed by driver " + name,
        clock.instant().truncatedTo(ChronoUnit.SECONDS));
  }

  /** Creates the Backup of a finished job (reused if it exists); returns its name. */
  private String record(BackupJob job, Progress.BackedUp done, Instant now) {
    TypedLocalObjectReference strategyRef =
        strategies
            .backupClass(job.getSpec().backupClassName())
            .flatMap(
                backupClass -> BackupClassRoute.of(backupClass, job.getSpec().applicationRef()))
            .map(BackupClassStrategy::strategyRef)
            .orElseThrow(() -> new IllegalStateException("the BackupClass route vanished"));
    Backup backup = new Backup();
    ObjectMetaBuilder metadata =
        new ObjectMetaBuilder()
            .withName(job.getMetadata().getName())
            .withNamespace(job.getMetadata().getNamespace());
    if (driver.cleansUpBackups()) {
      metadata.withFinalizers(DriverRuntime.finalizer(name));
    }
    backup.setMetadata(metadata.build());
    backup.setSpec(
        new BackupSpec(
            job.getSpec().applicationRef(),
            job.getSpec().planRef(),
            strategyRef,
            now.toString(),
            done.driverMetadata()));
    backup.setStatus(
        new BackupStatus(
            null, BackupStatus.Phase.READY, done.artifact(), done.underlyingResources(), null));
    try {
      client.resource(backup).create();
    } catch (KubernetesClientException e) {
      if (e.getCode() != 409) {
        throw e;
      }
    }
    return backup.getMetadata().getName();
  }

  private void write(
      BackupJob job,
      RunPhase phase,
      String message,
      LocalObjectReference backup,
      List<Condition> conditions) {
    BackupJobStatus old = job.getStatus();
    String now = clock.instant().truncatedTo(ChronoUnit.SECONDS).toString();
    RunConditions.log(LOG, phase, conditions);
    RunConditions.patchStatus(
        client,
        job,
        new BackupJobStatus(
            old.observedGeneration(),
            phase,
            backup != null ? backup : old.backupRef(),
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
