package io.cozystack.operator.apps;

import io.cozystack.api.v1alpha1.ApplicationDefinition;
import io.cozystack.api.v1alpha1.Placement;
import io.cozystack.api.v1alpha1.ValuesTransport;
import io.cozystack.operator.computeplane.ComputePlaneCluster;
import io.cozystack.operator.computeplane.ComputePlanes;
import io.cozystack.operator.computeplane.PlaneState;
import io.cozystack.operator.values.ValuesBoard;
import java.util.List;
import java.util.Optional;

/**
 * Whether an instance of a {@code placement: ComputePlane} kind may be installed now: its
 * namespace's tenant runs a ComputePlane ({@value ComputePlaneCluster#NAMESPACE_VALUE} names it)
 * and that cluster answers. Until both hold, its release is not written; there is no fallback to
 * the management cluster.
 */
final class PlacementGate {
  /** Reason: the instance's tenant has no ComputePlane. */
  static final String NOT_ENABLED = "ComputePlaneNotEnabled";

  /** Reason: the tenant's ComputePlane exists but its cluster does not answer (yet). */
  static final String NOT_READY = "ComputePlaneNotReady";

  /** Why the release is held back; {@code stalled} when only a person can change it. */
  record Held(boolean stalled, String reason, String message) {}

  private final ValuesBoard values;
  private final ComputePlanes planes;

  PlacementGate(ValuesBoard values, ComputePlanes planes) {
    this.values = values;
    this.planes = planes;
  }

  /** Empty when the instance may be installed now; {@code wake} runs when that may change. */
  Optional<Held> check(
      ApplicationDefinition definition,
      String namespace,
      String key,
      ValuesTransport transport,
      Runnable wake) {
    if (Placement.of(definition.getSpec()) != Placement.COMPUTE_PLANE) {
      return Optional.empty();
    }
    String kind = definition.getSpec().application().kind();
    // Only whether the namespace names its ComputePlane: the instance's own values check has
    // already held a release rendered with an outdated platform transport.
    ValuesTransport platform = values.transport().orElse(null);
    if (!values
        .check(namespace, List.of(ComputePlaneCluster.NAMESPACE_VALUE), transport, platform, wake)
        .ready()) {
      return Optional.of(
          new Held(
              true,
              NOT_ENABLED,
              kind
                  + " runs only in its tenant's ComputePlane, and the tenant of namespace "
                  + namespace
                  + " has none: set spec.computeplane: true on that Tenant (it is never installed"
                  + " on the management cluster)"));
    }
    PlaneState plane = planes.state(namespace, key, wake);
    if (!plane.ready()) {
      return Optional.of(
          new Held(false, NOT_READY, kind + " waits for its ComputePlane: " + plane.message()));
    }
    return Optional.empty();
  }

  /**
   * For an instance of the ComputePlane kind itself: its cluster's state, which its readiness
   * includes (empty for every other kind).
   */
  Optional<PlaneState> ownCluster(
      ApplicationDefinition definition, String namespace, String key, Runnable wake) {
    if (!ComputePlaneCluster.KIND.equals(definition.getSpec().application().kind())) {
      return Optional.empty();
    }
    return Optional.of(planes.state(namespace, key, wake));
  }
}
