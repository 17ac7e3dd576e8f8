package io.cozystack.operator.backups;

import io.cozystack.api.backups.v1alpha1.Backup;
import io.cozystack.api.backups.v1alpha1.RestoreJob;
import io.cozystack.api.backups.v1alpha1.RestoreJobStatus;
import io.cozystack.operator.ReconcileErrors;
import io.cozystack.operator.status.Conditions;
import io.javaoperatorsdk.operator.api.config.informer.InformerEventSourceConfiguration;
import io.javaoperatorsdk.operator.api.reconciler.Context;
import io.javaoperatorsdk.operator.api.reconciler.ErrorStatusUpdateControl;
import io.javaoperatorsdk.operator.api.reconciler.EventSourceContext;
import io.javaoperatorsdk.operator.api.reconciler.Reconciler;
import io.javaoperatorsdk.operator.api.reconciler.UpdateControl;
import io.javaoperatorsdk.operator.processing.event.ResourceID;
import io.javaoperatorsdk.operator.processing.event.source.EventSource;
import io.javaoperatorsdk.operator.processing.event.source.informer.InformerEventSource;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * RestoreJob → the driver that owns the strategy kind of the Backup it restores, exactly as a
 * BackupJob is dispatched (the same states, the same registry). The platform adds no finalizer and
 * does no clean-up of its own: only the owning driver touches its side-state.
 */
public final class RestoreJobDispatcher implements Reconciler<RestoreJob> {
  private final Clock clock;
  private final BackupMetrics metrics;
  private final CredentialsGate credentials;
  private DriverRegistryView<RestoreJob> registry;
  private InformerEventSource<Backup, RestoreJob> backups;

  public RestoreJobDispatcher(Clock clock, BackupMetrics metrics, CredentialsGate credentials) {
    this.clock = clock;
    this.metrics = metrics;
    this.credentials = credentials;
  }

  @Override
  public List<EventSource<?, RestoreJob>> prepareEventSources(
      EventSourceContext<RestoreJob> context) {
    registry = new DriverRegistryView<>(context, RestoreJob.class);
    backups =
        new InformerEventSource<>(
            InformerEventSourceConfiguration.from(Backup.class, RestoreJob.class)
                .withName("backups")
                .withWatchAllNamespaces()
                .withSecondaryToPrimaryMapper(
                    (Backup b) ->
                        context
                            .getPrimaryCache()
                            .list(
                                r ->
                                    b.getMetadata()
                                            .getNamespace()
                                            .equals(r.getMetadata().getNamespace())
                                        && b.getMetadata()
                                            .getName()
                                            .equals(r.getSpec().backupRef().name()))
                            .map(ResourceID::fromResource)
                            .collect(Collectors.toSet()))
                .build(),
            context);
    List<EventSource<?, RestoreJob>> all = new ArrayList<>(registry.sources());
    all.add(backups);
    all.addAll(
        credentials.sources(
            context,
            RestoreJob.class,
            j -> DispatchStatus.undecided(j.getStatus() == null ? null : j.getStatus().phase())));
    return all;
  }

  @Override
  public UpdateControl<RestoreJob> reconcile(RestoreJob job, Context<RestoreJob> ctx) {
    // Counted on every status change (the driver's too), so the gauges follow the jobs' phases.
    recount(ctx);
    if (!DispatchStatus.undecided(job.getStatus() == null ? null : job.getStatus().phase())) {
      return UpdateControl.noUpdate();
    }
    Instant now = clock.instant();
    Conditions conditions =
        Conditions.from(
            job.getStatus() == null ? null : job.getStatus().conditions(),
            Optional.ofNullable(job.getMetadata().getGeneration()).orElse(0L),
            now);
    String backupName = job.getSpec().backupRef().name();
    Optional<Backup> backup =
        backups.get(new ResourceID(backupName, job.getMetadata().getNamespace()));
    Dispatch.Decision decision = null;
    DispatchStatus outcome;
    if (backup.isEmpty()) {
      outcome =
          DispatchStatus.waiting(
              "BackupNotFound",
              "Backup " + job.getMetadata().getNamespace() + "/" + backupName + " not found",
              conditions);
    } else {
      var ref = backup.get().getSpec().strategyRef();
      String kind = (ref.apiGroup() == null ? "" : ref.apiGroup()) + "/" + ref.kind();
      decision =
          Dispatch.decide(kind, registry.resolve(now), BackupJobDispatcher.created(job), now);
      outcome =
          credentials.status(decision, kind, job.getMetadata().getNamespace(), conditions, now);
    }
    UpdateControl<RestoreJob> update = write(job, outcome);
    return decision != null && decision.recheckIn() != null
        ? update.rescheduleAfter(decision.recheckIn())
        : update;
  }

  private void recount(Context<RestoreJob> ctx) {
    metrics.recount("RestoreJob", ctx.getPrimaryCache().list().map(this::view).toList());
  }

  /** The job for the metrics; its kind is its Backup's strategy kind, if the Backup is known. */
  private BackupMetrics.JobView view(RestoreJob j) {
    String kind =
        backups
            .get(new ResourceID(j.getSpec().backupRef().name(), j.getMetadata().getNamespace()))
            .map(b -> b.getSpec().strategyRef().kind())
            .orElse(null);
    return BackupMetrics.JobView.of(j.getMetadata().getUid(), kind, j.getStatus());
  }

  /**
   * A dispatch that failed (the credentials could not be projected, the API server away): the job
   * stays Pending and says why while it is retried with backoff.
   */
  @Override
  public ErrorStatusUpdateControl<RestoreJob> updateErrorStatus(
      RestoreJob job, Context<RestoreJob> ctx, Exception e) {
    ReconcileErrors.announce(ctx, job, e);
    if (!DispatchStatus.undecided(job.getStatus() == null ? null : job.getStatus().phase())) {
      return ErrorStatusUpdateControl.defaultErrorProcessing();
    }
    UpdateControl<RestoreJob> update =
        write(
            job,
            DispatchStatus.error(
                job,
                job.getStatus() == null ? null : job.getStatus().conditions(),
                clock.instant(),
                ctx,
                e));
    return ReconcileErrors.control(
        update.isPatchStatus()
            ? ErrorStatusUpdateControl.patchStatus(job)
            : ErrorStatusUpdateControl.defaultErrorProcessing(),
        e);
  }

  private UpdateControl<RestoreJob> write(RestoreJob job, DispatchStatus outcome) {
    RestoreJobStatus old = job.getStatus();
    RestoreJobStatus status =
        new RestoreJobStatus(
            job.getMetadata().getGeneration(),
            outcome.phase(),
            old == null ? null : old.startedAt(),
            outcome.completedAt(),
            outcome.message(),
            outcome.driver(),
            outcome.conditions());
    if (status.equals(old)) {
      return UpdateControl.noUpdate();
    }
    job.setStatus(status);
    return UpdateControl.patchStatus(job);
  }
}
