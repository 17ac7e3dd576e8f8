package io.cozystack.operator.backups;

import io.cozystack.api.backups.v1alpha1.BackupClass;
import io.cozystack.api.backups.v1alpha1.BackupClassSpec.BackupClassStrategy;
import io.cozystack.api.backups.v1alpha1.BackupJob;
import io.cozystack.api.backups.v1alpha1.BackupJobStatus;
import io.cozystack.api.backups.v1alpha1.BackupsApi;
import io.cozystack.api.meta.TypedLocalObjectReference;
import io.cozystack.contracts.driver.BackupClassRoute;
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
 * BackupJob → the driver that runs it: resolves the BackupClass route for the job's application
 * (Cozystack's rule: first strategy whose application group and kind match), then dispatches by the
 * driver registry. Once the driver has taken the job (phase Running or later) the dispatcher never
 * writes it again.
 */
public final class BackupJobDispatcher implements Reconciler<BackupJob>, AutoCloseable {
  private final Clock clock;
  private final BackupMetrics metrics;
  private final CredentialsGate credentials;
  private DriverRegistryView<BackupJob> registry;
  private InformerEventSource<BackupClass, BackupJob> classes;

  public BackupJobDispatcher(Clock clock, BackupMetrics metrics, CredentialsGate credentials) {
    this.clock = clock;
    this.metrics = metrics;
    this.credentials = credentials;
  }

  @Override
  public List<EventSource<?, BackupJob>> prepareEventSources(
      EventSourceContext<BackupJob> context) {
    registry = new DriverRegistryView<>(context, BackupJob.class);
    classes =
        new InformerEventSource<>(
            InformerEventSourceConfiguration.from(BackupClass.class, BackupJob.class)
                .withName("backupclasses")
                .withSecondaryToPrimaryMapper(
                    (BackupClass bc) ->
                        context
                            .getPrimaryCache()
                            .list(
                                j ->
                                    bc.getMetadata()
                                        .getName()
                                        .equals(j.getSpec().backupClassName()))
                            .map(ResourceID::fromResource)
                            .collect(Collectors.toSet()))
                .build(),
            context);
    List<EventSource<?, BackupJob>> all = new ArrayList<>(registry.sources());
    all.add(classes);
    credentials.startSystemNamespaces(context.getClient());
    all.addAll(
        credentials.sources(
            context,
            BackupJob.class,
            j -> DispatchStatus.undecided(j.getStatus() == null ? null : j.getStatus().phase())));
    return all;
  }

  @Override
  public UpdateControl<BackupJob> reconcile(BackupJob job, Context<BackupJob> ctx) {
    // Counted on every status change (the driver's too), so the gauges follow the jobs' phases.
    recount(ctx);
    if (!DispatchStatus.undecided(job.getStatus() == null ? null : job.getStatus().phase())) {
      return UpdateControl.noUpdate();
    }
    Instant now = clock.instant();
    Conditions conditions = conditions(job, now);
    String className = job.getSpec().backupClassName();
    Optional<BackupClass> backupClass = classes.get(new ResourceID(className));
    TypedLocalObjectReference app = job.getSpec().applicationRef();
    String appGroup =
        app.apiGroup() == null ? BackupsApi.DEFAULT_APPLICATION_API_GROUP : app.apiGroup();
    DispatchStatus outcome;
    Dispatch.Decision decision = null;
    if (backupClass.isEmpty()) {
      outcome =
          DispatchStatus.waiting(
              "BackupClassNotFound", "BackupClass " + className + " not found", conditions);
    } else {
      Optional<BackupClassStrategy> route =
          BackupClassRoute.of(backupClass.get(), appGroup, app.kind());
      if (route.isEmpty()) {
        outcome =
            DispatchStatus.failed(
                "NoMatchingStrategy",
                "BackupClass "
                    + className
                    + " does not bind a strategy for "
                    + appGroup
                    + "/"
                    + app.kind(),
                conditions,
                now);
      } else {
        decision =
            Dispatch.decide(strategyKind(route.get()), registry.resolve(now), created(job), now);
        outcome =
            credentials.status(
                decision,
                strategyKind(route.get()),
                job.getMetadata().getNamespace(),
                conditions,
                now);
      }
    }
    UpdateControl<BackupJob> update = write(job, outcome);
    return decision != null && decision.recheckIn() != null
        ? update.rescheduleAfter(decision.recheckIn())
        : update;
  }

  static String strategyKind(BackupClassStrategy strategy) {
    String group =
        strategy.strategyRef().apiGroup() == null ? "" : strategy.strategyRef().apiGroup();
    return group + "/" + strategy.strategyRef().kind();
  }

  private void recount(Context<BackupJob> ctx) {
    metrics.recount("BackupJob", ctx.getPrimaryCache().list().map(this::view).toList());
  }

  /** The job for the metrics; its kind is the strategy its BackupClass routes it to, if known. */
  private BackupMetrics.JobView view(BackupJob j) {
    TypedLocalObjectReference app = j.getSpec().applicationRef();
    String kind =
        classes
            .get(new ResourceID(j.getSpec().backupClassName()))
            .flatMap(bc -> BackupClassRoute.of(bc, app))
            .map(r -> r.strategyRef().kind())
            .orElse(null);
    return BackupMetrics.JobView.of(j.getMetadata().getUid(), kind, j.getStatus());
  }

  /**
   * A dispatch that failed (the credentials could not be projected, the API server away): the job
   * stays Pending and says why while it is retried with backoff.
   */
  @Override
  public ErrorStatusUpdateControl<BackupJob> updateErrorStatus(
      BackupJob job, Context<BackupJob> ctx, Exception e) {
    ReconcileErrors.announce(ctx, job, e);
    if (!DispatchStatus.undecided(job.getStatus() == null ? null : job.getStatus().phase())) {
      return ErrorStatusUpdateControl.defaultErrorProcessing();
    }
    UpdateControl<BackupJob> update =
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

  private UpdateControl<BackupJob> write(BackupJob job, DispatchStatus outcome) {
    BackupJobStatus old = job.getStatus();
    BackupJobStatus status =
        new BackupJobStatus(
            job.getMetadata().getGeneration(),
            outcome.phase(),
            old == null ? null : old.backupRef(),
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

  private static Conditions conditions(BackupJob job, Instant now) {
    return Conditions.from(
        job.getStatus() == null ? null : job.getStatus().conditions(),
        Optional.ofNullable(job.getMetadata().getGeneration()).orElse(0L),
        now);
  }

  static Instant created(io.fabric8.kubernetes.api.model.HasMetadata job) {
    String ts = job.getMetadata().getCreationTimestamp();
    return ts == null ? Instant.EPOCH : Instant.parse(ts);
  }

  @Override
  public void close() {
    credentials.close();
  }
}
