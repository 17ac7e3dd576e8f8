package io.cozystack.operator.backups;

import io.cozystack.api.backups.v1alpha1.BackupJob;
import io.cozystack.api.backups.v1alpha1.BackupJobSpec;
import io.cozystack.api.backups.v1alpha1.BackupsApi;
import io.cozystack.api.backups.v1alpha1.Plan;
import io.cozystack.api.backups.v1alpha1.PlanStatus;
import io.cozystack.api.meta.LocalObjectReference;
import io.cozystack.api.meta.TypedLocalObjectReference;
import io.cozystack.operator.ReconcileErrors;
import io.cozystack.operator.packages.Ownership;
import io.cozystack.operator.status.Conditions;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.javaoperatorsdk.operator.api.reconciler.Context;
import io.javaoperatorsdk.operator.api.reconciler.ErrorStatusUpdateControl;
import io.javaoperatorsdk.operator.api.reconciler.Reconciler;
import io.javaoperatorsdk.operator.api.reconciler.UpdateControl;
import java.time.Clock;
import java.time.Duration;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.Optional;

/**
 * Plan → a BackupJob per cron slot (Cozystack §3.6). A slot is run if it is due and at most {@link
 * #STARTING_DEADLINE} old; an older missed slot (the operator was down) is skipped, not caught up,
 * and the status says which slot ran last and which comes next. One job per slot (its name is the
 * slot), owned by the Plan. The next slot wakes the Plan by a timer, not by polling. A job that
 * cannot be written shows on the Plan ({@code BackupJobRefused}, or {@code ReconcileError} while
 * retried).
 */
public final class PlanReconciler implements Reconciler<Plan> {
  static final Duration STARTING_DEADLINE = Duration.ofMinutes(5);

  private final Clock clock;

  public PlanReconciler(Clock clock) {
    this.clock = clock;
  }

  @Override
  public UpdateControl<Plan> reconcile(Plan plan, Context<Plan> ctx) {
    ZonedDateTime now = ZonedDateTime.now(clock).withZoneSameInstant(ZoneOffset.UTC);
    Conditions conditions = conditions(plan, now.toInstant());
    if (plan.getMetadata().getName().length() > Plan.NAME_LIMIT) {
      // Stored before the schema's rule: its slot jobs could never be created.
      conditions.stalled(
          "NameTooLong",
          "metadata.name has "
              + plan.getMetadata().getName().length()
              + " characters: each slot's BackupJob is named <plan>-<minutes since 1970>, at most"
              + " 253 characters, so a Plan's name has at most "
              + Plan.NAME_LIMIT
              + "; recreate the Plan with a shorter name");
      return status(plan, conditions, lastSchedule(plan), null, null);
    }
    String cron = plan.getSpec().schedule() == null ? null : plan.getSpec().schedule().cron();
    CronSchedule schedule;
    try {
      schedule = CronSchedule.parse(cron);
    } catch (IllegalArgumentException e) {
      conditions.stalled("InvalidSchedule", "spec.schedule.cron: " + e.getMessage());
      return status(plan, conditions, lastSchedule(plan), null, null);
    }
    String last = lastSchedule(plan);
    Optional<ZonedDateTime> slot = schedule.latestAtOrBefore(now);
    if (slot.isPresent() && Duration.between(slot.get(), now).compareTo(STARTING_DEADLINE) <= 0) {
      create(ctx.getClient(), plan, slot.get());
      last = slot.get().toString();
    }
    Optional<ZonedDateTime> next = schedule.nextAfter(now);
    conditions.ready(
        "Scheduled",
        "next BackupJob at "
            + next.map(ZonedDateTime::toString).orElse("never (no slot within a year)"));
    return status(
        plan,
        conditions,
        last,
        next.map(ZonedDateTime::toString).orElse(null),
        next.map(n -> Duration.between(now, n).plusSeconds(1)).orElse(null));
  }

  /**
   * A slot's BackupJob that cannot be written: refused by the API server (the Plan leads to an
   * invalid job) needs a person; anything else is retried with backoff. Either way it is shown.
   */
  @Override
  public ErrorStatusUpdateControl<Plan> updateErrorStatus(
      Plan plan, Context<Plan> ctx, Exception e) {
    ReconcileErrors.announce(ctx, plan, e);
    Conditions conditions = conditions(plan, clock.instant());
    if (ReconcileErrors.namespaceTerminating(e)) {
      conditions.waiting(
          "NamespaceTerminating",
          "namespace "
              + plan.getMetadata().getNamespace()
              + " is being deleted: no BackupJob can be created in it; the Plan goes with it");
    } else if (ReconcileErrors.refused(e)) {
      conditions.stalled(
          "BackupJobRefused",
          "the API server refused this Plan's BackupJob: "
              + ReconcileErrors.describe(e)
              + "; correct the Plan's spec");
    } else {
      conditions.waiting(ReconcileErrors.RECONCILE_ERROR, ReconcileErrors.retrying(ctx, e));
    }
    UpdateControl<Plan> update = status(plan, conditions, lastSchedule(plan), null, null);
    ErrorStatusUpdateControl<Plan> control =
        ReconcileErrors.control(
            update.isPatchStatus()
                ? ErrorStatusUpdateControl.patchStatus(plan)
                : ErrorStatusUpdateControl.defaultErrorProcessing(),
            e);
    // A refused job is refused again until the Plan changes, and a change reconciles it anyway.
    return ReconcileErrors.refused(e) ? control.withNoRetry() : control;
  }

  private static Conditions conditions(Plan plan, java.time.Instant now) {
    return Conditions.from(
        plan.getStatus() == null ? null : plan.getStatus().conditions(),
        Optional.ofNullable(plan.getMetadata().getGeneration()).orElse(0L),
        now);
  }

  private static String lastSchedule(Plan plan) {
    return plan.getStatus() == null ? null : plan.getStatus().lastScheduleTime();
  }

  /** The slot's BackupJob, unless it exists (the name is the slot: one job per slot). */
  private static void create(KubernetesClient client, Plan plan, ZonedDateTime slot) {
    TypedLocalObjectReference app = plan.getSpec().applicationRef();
    BackupJob job = new BackupJob();
    job.setMetadata(
        new ObjectMetaBuilder()
            .withName(plan.getMetadata().getName() + "-" + slot.toEpochSecond() / 60)
            .withNamespace(plan.getMetadata().getNamespace())
            .withOwnerReferences(Ownership.controllerReference(plan))
            .build());
    job.setSpec(
        new BackupJobSpec(
            new LocalObjectReference(plan.getMetadata().getName()),
            new TypedLocalObjectReference(
                app.apiGroup() == null ? BackupsApi.DEFAULT_APPLICATION_API_GROUP : app.apiGroup(),
                app.kind(),
                app.name()),
            plan.getSpec().backupClassName()));
    try {
      client.resource(job).create();
    } catch (KubernetesClientException e) {
      if (e.getCode() != 409) {
        throw e;
      }
    }
  }

  private static UpdateControl<Plan> status(
      Plan plan, Conditions conditions, String last, String next, Duration recheck) {
    PlanStatus status =
        new PlanStatus(plan.getMetadata().getGeneration(), conditions.build(), last, next);
    UpdateControl<Plan> update;
    if (status.equals(plan.getStatus())) {
      update = UpdateControl.noUpdate();
    } else {
      plan.setStatus(status);
      update = UpdateControl.patchStatus(plan);
    }
    return recheck == null ? update : update.rescheduleAfter(recheck);
  }
}
