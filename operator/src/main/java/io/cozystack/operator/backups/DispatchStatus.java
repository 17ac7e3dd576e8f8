package io.cozystack.operator.backups;

import io.cozystack.api.backups.v1alpha1.RunPhase;
import io.cozystack.api.meta.Condition;
import io.cozystack.api.meta.ConditionStatus;
import io.cozystack.operator.ReconcileErrors;
import io.cozystack.operator.status.Conditions;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.javaoperatorsdk.operator.api.reconciler.Context;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * What the dispatcher writes on a BackupJob or RestoreJob, built in one place for both: the phase
 * (Pending while dispatched or waiting, Failed when it cannot be), the driver, the message, and the
 * conditions {@code Dispatched} and {@code Ready}.
 */
public record DispatchStatus(
    RunPhase phase, String driver, String message, String completedAt, List<Condition> conditions) {

  public static final String DISPATCHED = "Dispatched";

  /** The status for a dispatch decision. */
  static DispatchStatus of(Dispatch.Decision decision, Conditions conditions, Instant now) {
    switch (decision.state()) {
      case DISPATCHED -> {
        conditions.set(DISPATCHED, ConditionStatus.TRUE, decision.reason(), decision.message());
        conditions.progressing("Dispatched", decision.message() + "; waiting for it to start");
        return new DispatchStatus(
            RunPhase.PENDING, decision.driver(), null, null, conditions.build());
      }
      case AWAITING_DRIVER, DRIVER_CONFLICT -> {
        conditions.set(DISPATCHED, ConditionStatus.FALSE, decision.reason(), decision.message());
        conditions.waiting(decision.reason(), decision.message());
        return new DispatchStatus(
            RunPhase.PENDING, null, decision.message(), null, conditions.build());
      }
      default -> {
        return failed(decision.reason(), decision.message(), conditions, now);
      }
    }
  }

  /** The job cannot run: terminal, with the reason a person acts on. */
  static DispatchStatus failed(String reason, String message, Conditions conditions, Instant now) {
    conditions.set(DISPATCHED, ConditionStatus.FALSE, reason, message);
    conditions.stalled(reason, message);
    return new DispatchStatus(
        RunPhase.FAILED,
        null,
        message,
        now.truncatedTo(java.time.temporal.ChronoUnit.SECONDS).toString(),
        conditions.build());
  }

  /** The job waits for something a person or the platform provides (not terminal). */
  static DispatchStatus waiting(String reason, String message, Conditions conditions) {
    conditions.set(DISPATCHED, ConditionStatus.FALSE, reason, message);
    conditions.waiting(reason, message);
    return new DispatchStatus(RunPhase.PENDING, null, message, null, conditions.build());
  }

  /**
   * A dispatch that threw: Pending, saying why ({@code NamespaceTerminating}, or {@code
   * ReconcileError} while retried).
   */
  static DispatchStatus error(
      HasMetadata job, List<Condition> previous, Instant now, Context<?> ctx, Exception e) {
    Conditions conditions =
        Conditions.from(
            previous, Optional.ofNullable(job.getMetadata().getGeneration()).orElse(0L), now);
    return ReconcileErrors.namespaceTerminating(e)
        ? waiting(
            "NamespaceTerminating",
            "namespace "
                + job.getMetadata().getNamespace()
                + " is being deleted: the job cannot be dispatched; it goes with it",
            conditions)
        : waiting(ReconcileErrors.RECONCILE_ERROR, ReconcileErrors.retrying(ctx, e), conditions);
  }

  /**
   * Whether the dispatcher still decides for a job in {@code phase} (a driver has not taken it).
   */
  static boolean undecided(RunPhase phase) {
    return phase == null || phase == RunPhase.NONE || phase == RunPhase.PENDING;
  }
}
