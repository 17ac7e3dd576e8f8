package io.cozystack.operator.backups;

import io.cozystack.api.backups.v1alpha1.BackupJob;
import io.cozystack.api.backups.v1alpha1.BackupJobStatus;
import io.cozystack.api.backups.v1alpha1.RunPhase;
import io.cozystack.api.meta.LocalObjectReference;
import io.cozystack.contracts.driver.RunConditions;
import io.javaoperatorsdk.operator.api.reconciler.Context;
import io.javaoperatorsdk.operator.api.reconciler.EventSourceContext;
import io.javaoperatorsdk.operator.api.reconciler.Reconciler;
import io.javaoperatorsdk.operator.api.reconciler.UpdateControl;
import io.javaoperatorsdk.operator.processing.event.ResourceID;
import io.javaoperatorsdk.operator.processing.event.source.EventSource;
import io.javaoperatorsdk.operator.processing.event.source.informer.InformerEventSource;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Optional;

/**
 * The platform's Job driver (Cozystack §3.3), backup side: for a BackupJob dispatched to it, runs
 * the strategy's pod template as a batch Job {@code <backupjob>-backup} and, when it completes,
 * records the Backup. It registers and heartbeats like any catalog's driver and acts only on jobs
 * whose {@code status.driver} names it.
 */
public final class JobStrategyDriver implements Reconciler<BackupJob>, AutoCloseable {
  static final String MODE_LABEL = "job.strategy.backups.cozystack.io/mode";

  private final Clock clock;
  private PlatformDriverHeartbeat heartbeat;
  private InformerEventSource<io.fabric8.kubernetes.api.model.batch.v1.Job, BackupJob> runs;

  public JobStrategyDriver(Clock clock) {
    this.clock = clock;
  }

  @Override
  public List<EventSource<?, BackupJob>> prepareEventSources(
      EventSourceContext<BackupJob> context) {
    heartbeat = new PlatformDriverHeartbeat(context.getClient());
    heartbeat.start();
    runs = RunJobs.informer(context, BackupJob.class, "backup");
    return List.of(runs);
  }

  @Override
  public UpdateControl<BackupJob> reconcile(BackupJob job, Context<BackupJob> ctx) {
    BackupJobStatus status = job.getStatus();
    if (status == null
        || !PlatformDriverHeartbeat.DRIVER.equals(status.driver())
        || status.phase() == RunPhase.SUCCEEDED
        || status.phase() == RunPhase.FAILED) {
      return UpdateControl.noUpdate();
    }
    if (status.phase() != RunPhase.RUNNING) {
      return write(
          ctx.getClient(),
          job,
          RunPhase.RUNNING,
          null,
          null,
          RunStep.working("Running", "backup Job starting"));
    }
    JobRun run = new JobRun(ctx.getClient(), job);
    Optional<String> problem =
        run.ensure(runs.get(new ResourceID(JobRun.name(job), job.getMetadata().getNamespace())));
    if (problem.isPresent()) {
      return write(
          ctx.getClient(),
          job,
          RunPhase.FAILED,
          problem.get(),
          null,
          RunStep.failed("BackupFailed", problem.get()));
    }
    Optional<io.fabric8.kubernetes.api.model.batch.v1.Job> current =
        runs.get(new ResourceID(JobRun.name(job), job.getMetadata().getNamespace()));
    if (RunJobs.reports(current, "Complete")) {
      String backup = run.recordBackup(clock.instant());
      return write(
          ctx.getClient(),
          job,
          RunPhase.SUCCEEDED,
          null,
          new LocalObjectReference(backup),
          RunStep.done("BackupCompleted", "backup Job completed"));
    }
    if (RunJobs.reports(current, "Failed")) {
      return write(
          ctx.getClient(),
          job,
          RunPhase.FAILED,
          "backup Job reported Failed",
          null,
          RunStep.failed("BackupFailed", "backup Job reported Failed"));
    }
    return UpdateControl.noUpdate();
  }

  /** Writes the driver's part of the status (see {@link RunConditions#patchStatus}). */
  private UpdateControl<BackupJob> write(
      io.fabric8.kubernetes.client.KubernetesClient client,
      BackupJob job,
      RunPhase phase,
      String message,
      LocalObjectReference backup,
      RunStep step) {
    BackupJobStatus old = job.getStatus();
    Instant now = clock.instant().truncatedTo(ChronoUnit.SECONDS);
    List<io.cozystack.api.meta.Condition> merged =
        step.conditions(
            old.conditions(),
            Optional.ofNullable(job.getMetadata().getGeneration()).orElse(0L),
            now);
    boolean terminal = phase == RunPhase.SUCCEEDED || phase == RunPhase.FAILED;
    BackupJobStatus status =
        new BackupJobStatus(
            old.observedGeneration(),
            phase,
            backup != null ? backup : old.backupRef(),
            old.startedAt() != null ? old.startedAt() : now.toString(),
            terminal ? now.toString() : old.completedAt(),
            message,
            old.driver(),
            merged);
    RunConditions.patchStatus(client, job, status);
    return UpdateControl.noUpdate();
  }

  @Override
  public void close() {
    if (heartbeat != null) {
      heartbeat.close();
    }
  }
}
