package io.cozystack.operator.packages;

import io.cozystack.api.meta.Condition;
import io.cozystack.api.meta.ConditionStatus;
import io.cozystack.api.v1alpha1.PackageStatus.ComponentState;
import io.cozystack.operator.flux.FluxStatus;
import io.cozystack.operator.flux.HelmRelease;
import java.util.Optional;
import java.util.Set;

/** How one HelmRelease is doing, read from the conditions Flux's helm-controller writes. */
public record ReleaseState(ComponentState state, String message) {

  /**
   * The reason a failed or retrying release gives its owner: {@link RightsRefusal#REASON} when the
   * API server refused a bounded catalog a right, else ReleaseFailed.
   */
  public String reason() {
    return message != null && message.startsWith(RightsRefusal.REASON + ": ")
        ? RightsRefusal.REASON
        : "ReleaseFailed";
  }

  /**
   * Ready=False reasons that mean "waiting", not "failed": a dependency not ready yet, or health
   * checks cut short by a newer reconciliation.
   */
  private static final Set<String> WAITING_REASONS =
      Set.of("DependencyNotReady", "HealthCheckCanceled", "Progressing", "ProgressingWithRetry");

  /**
   * Ready only when Flux reports Ready=True for the release's current generation; Failed when it
   * reports Stalled=True (Flux gave up); Retrying when the current generation's Ready=False carries
   * a failure (under {@code RetryOnFailure} helm-controller never stalls: a chart that cannot
   * render, an install timeout or a missing artifact show only here); Progressing otherwise.
   */
  public static ReleaseState of(HelmRelease release) {
    long generation = Optional.ofNullable(release.getMetadata().getGeneration()).orElse(0L);
    FluxStatus status = release.getStatus();
    if (status == null) {
      return new ReleaseState(ComponentState.PROGRESSING, "waiting for helm-controller to report");
    }
    Optional<Condition> stalled = status.condition("Stalled");
    if (stalled.isPresent() && stalled.get().status() == ConditionStatus.TRUE) {
      return new ReleaseState(ComponentState.FAILED, describe(stalled.get()));
    }
    Optional<Condition> ready = status.condition("Ready");
    boolean current = observed(status, ready, generation);
    if (current && ready.get().status() == ConditionStatus.TRUE) {
      return new ReleaseState(ComponentState.READY, describe(ready.get()));
    }
    if (current && failing(ready.get())) {
      return new ReleaseState(ComponentState.RETRYING, retrying(status, ready.get()));
    }
    String message =
        ready.map(ReleaseState::describe).orElse("waiting for helm-controller to report");
    return new ReleaseState(
        ComponentState.PROGRESSING,
        current ? message : message + " (generation " + generation + " not observed yet)");
  }

  /** The Ready condition is present and speaks of this generation. */
  private static boolean observed(FluxStatus status, Optional<Condition> ready, long generation) {
    if (ready.isEmpty()) {
      return false;
    }
    Long conditionGeneration = ready.get().observedGeneration();
    Long observed = conditionGeneration != null ? conditionGeneration : status.observedGeneration();
    return observed != null && observed >= generation;
  }

  private static boolean failing(Condition ready) {
    return ready.status() == ConditionStatus.FALSE && !WAITING_REASONS.contains(ready.reason());
  }

  private static String retrying(FluxStatus status, Condition ready) {
    String when =
        status
            .condition("Reconciling")
            .filter(c -> "ProgressingWithRetry".equals(c.reason()))
            .map(c -> "; helm-controller is " + c.message())
            .orElse("; helm-controller tries again after the retry interval");
    return describe(ready) + when;
  }

  /**
   * The condition as {@code reason: message}; a refusal of a bounded catalog's rights is named
   * first ({@link RightsRefusal}), helm-controller's own words after it.
   */
  private static String describe(Condition c) {
    return RightsRefusal.describe(c.message())
        .map(
            r ->
                RightsRefusal.REASON
                    + ": "
                    + r
                    + " (helm-controller: "
                    + c.reason()
                    + ": "
                    + c.message()
                    + ")")
        .orElse(c.reason() + ": " + c.message());
  }
}
