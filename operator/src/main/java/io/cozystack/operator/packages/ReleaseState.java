package io.cozystack.operator.packages;

import io.cozystack.api.meta.Condition;
import io.cozystack.api.meta.ConditionStatus;
import io.cozystack.api.v1alpha1.PackageStatus.ComponentState;
import io.cozystack.operator.flux.HelmRelease;
import java.util.Optional;

/** How one HelmRelease is doing, read from the conditions Flux's helm-controller writes. */
public record ReleaseState(ComponentState state, String message) {

  /**
   * Ready only when Flux reports Ready=True for the release's current generation; Failed when it
   * reports Stalled=True (Flux gave up); Progressing otherwise.
   */
  public static ReleaseState of(HelmRelease release) {
    long generation = Optional.ofNullable(release.getMetadata().getGeneration()).orElse(0L);
    var status = release.getStatus();
    if (status == null) {
      return new ReleaseState(ComponentState.PROGRESSING, "waiting for helm-controller to report");
    }
    Optional<Condition> stalled = status.condition("Stalled");
    if (stalled.isPresent() && stalled.get().status() == ConditionStatus.TRUE) {
      return new ReleaseState(ComponentState.FAILED, describe(stalled.get()));
    }
    Optional<Condition> ready = status.condition("Ready");
    boolean current =
        status.observedGeneration() != null && status.observedGeneration() >= generation;
    if (ready.isPresent() && ready.get().status() == ConditionStatus.TRUE && current) {
      return new ReleaseState(ComponentState.READY, describe(ready.get()));
    }
    String message =
        ready.map(ReleaseState::describe).orElse("waiting for helm-controller to report");
    return new ReleaseState(
        ComponentState.PROGRESSING,
        current ? message : message + " (generation " + generation + " not observed yet)");
  }

  private static String describe(Condition c) {
    return c.reason() + ": " + c.message();
  }
}
