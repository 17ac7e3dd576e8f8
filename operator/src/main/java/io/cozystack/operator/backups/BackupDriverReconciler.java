package io.cozystack.operator.backups;

import io.cozystack.api.backups.v1alpha1.BackupDriver;
import io.cozystack.api.backups.v1alpha1.BackupDriverStatus;
import io.cozystack.api.meta.ConditionStatus;
import io.cozystack.operator.ReconcileErrors;
import io.cozystack.operator.status.Conditions;
import io.javaoperatorsdk.operator.api.reconciler.Context;
import io.javaoperatorsdk.operator.api.reconciler.ErrorStatusUpdateControl;
import io.javaoperatorsdk.operator.api.reconciler.EventSourceContext;
import io.javaoperatorsdk.operator.api.reconciler.Reconciler;
import io.javaoperatorsdk.operator.api.reconciler.UpdateControl;
import io.javaoperatorsdk.operator.processing.event.source.EventSource;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * BackupDriver → which strategy kinds it owns, from every registration and every heartbeat Lease.
 * Each registration is re-judged when any registration or heartbeat changes, and at the moment the
 * earliest live claim would lapse (a timer, not polling), so a dead driver's kinds pass to the next
 * claimant within its lease duration.
 */
public final class BackupDriverReconciler implements Reconciler<BackupDriver> {
  /** Condition type set while a claim of this driver is refused or contested. */
  public static final String CONFLICT = "Conflict";

  private final Clock clock;
  private DriverRegistryView<BackupDriver> registry;

  public BackupDriverReconciler(Clock clock) {
    this.clock = clock;
  }

  @Override
  public List<EventSource<?, BackupDriver>> prepareEventSources(
      EventSourceContext<BackupDriver> context) {
    // A claim, a withdrawal, a heartbeat or a lapse of one driver changes what the others own.
    registry = new DriverRegistryView<>(context, BackupDriver.class);
    return registry.sources();
  }

  @Override
  public UpdateControl<BackupDriver> reconcile(BackupDriver driver, Context<BackupDriver> ctx) {
    Instant now = clock.instant();
    Map<String, Instant> heartbeats = registry.heartbeats();
    DriverClaims.Resolution resolution = registry.resolve(now);
    DriverClaims.DriverState state = resolution.drivers().get(driver.getSpec().driver());
    if (state == null) {
      // The registry's own informers have not seen this driver yet (just created) or no longer
      // see it (being deleted): they wake this controller when they do.
      return UpdateControl.noUpdate();
    }
    BackupDriverStatus status =
        status(driver, state, heartbeats.get(driver.getSpec().driver()), now);
    UpdateControl<BackupDriver> update;
    if (status.equals(driver.getStatus())) {
      update = UpdateControl.noUpdate();
    } else {
      driver.setStatus(status);
      update = UpdateControl.patchStatus(driver);
    }
    return nextLapse(resolution, now).map(update::rescheduleAfter).orElse(update);
  }

  /** A failed reconcile is shown beside the claim's conditions, and retried with backoff. */
  @Override
  public ErrorStatusUpdateControl<BackupDriver> updateErrorStatus(
      BackupDriver driver, Context<BackupDriver> ctx, Exception e) {
    ReconcileErrors.announce(ctx, driver, e);
    long generation = Optional.ofNullable(driver.getMetadata().getGeneration()).orElse(0L);
    BackupDriverStatus previous = driver.getStatus();
    driver.setStatus(
        new BackupDriverStatus(
            generation,
            ReconcileErrors.conditions(
                previous == null ? null : previous.conditions(),
                generation,
                clock.instant(),
                ctx,
                e),
            previous == null ? null : previous.owned(),
            previous == null ? null : previous.conflicts(),
            previous == null ? null : previous.lastHeartbeat()));
    return ErrorStatusUpdateControl.patchStatus(driver);
  }

  /** The earliest moment a live claim lapses: every driver is re-judged then. */
  private static Optional<Duration> nextLapse(DriverClaims.Resolution resolution, Instant now) {
    return resolution.drivers().values().stream()
        .map(DriverClaims.DriverState::lapsesAt)
        .filter(Objects::nonNull)
        .min(Instant::compareTo)
        .map(at -> Duration.between(now, at).plusMillis(100));
  }

  private BackupDriverStatus status(
      BackupDriver driver, DriverClaims.DriverState state, Instant heartbeat, Instant now) {
    long generation = Optional.ofNullable(driver.getMetadata().getGeneration()).orElse(0L);
    Conditions conditions =
        Conditions.from(
            driver.getStatus() == null ? null : driver.getStatus().conditions(), generation, now);
    switch (state.state()) {
      case REGISTERED, CONFLICT ->
          conditions.set(
              Conditions.READY,
              state.owned().isEmpty() ? ConditionStatus.FALSE : ConditionStatus.TRUE,
              state.owned().isEmpty() ? "NothingOwned" : "Registered",
              state.owned().isEmpty()
                  ? "every claim is refused: " + state.message()
                  : state.message());
      case LAPSED -> conditions.waiting("Lapsed", state.message());
      case UNSUPPORTED_CONTRACT -> conditions.stalled("UnsupportedContract", state.message());
    }
    conditions.set(
        CONFLICT,
        state.conflicts().isEmpty() ? ConditionStatus.FALSE : ConditionStatus.TRUE,
        state.conflicts().isEmpty() ? "NoConflict" : "ClaimConflict",
        state.conflicts().isEmpty()
            ? "no other live driver claims these kinds"
            : String.join("; ", state.conflicts()));
    return new BackupDriverStatus(
        generation,
        conditions.build(),
        state.owned().isEmpty() ? null : state.owned(),
        state.conflicts().isEmpty() ? null : state.conflicts(),
        heartbeat == null ? null : heartbeat.toString());
  }
}
