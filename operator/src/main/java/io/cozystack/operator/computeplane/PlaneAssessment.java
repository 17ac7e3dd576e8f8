package io.cozystack.operator.computeplane;

import io.cozystack.api.v1alpha1.PackageStatus.ComponentState;
import io.cozystack.operator.packages.ReleaseState;
import java.util.Optional;

/**
 * A namespace's ComputePlane state from what is known of it, in the order a cluster comes up: its
 * release Ready, its kubeconfig written, its API server answering. Ready only when all three hold,
 * so an empty control plane that still waits for its etcd is never called Ready.
 */
public final class PlaneAssessment {
  private PlaneAssessment() {}

  /**
   * @param release the cluster release's state, empty when it does not exist
   * @param kubeconfig whether the Secret holds a non-empty {@value
   *     ComputePlaneCluster#KUBECONFIG_KEY}
   * @param probe the latest probe through it, empty when none ran since the kubeconfig changed
   */
  public static PlaneState assess(
      String namespace,
      Optional<ReleaseState> release,
      boolean kubeconfig,
      Optional<ProbeOutcome> probe) {
    String cluster = "ComputePlane cluster of namespace " + namespace;
    if (release.isEmpty()) {
      return PlaneState.notReady(
          PlaneState.RELEASE_NOT_READY,
          "HelmRelease "
              + ComputePlaneCluster.RELEASE
              + " of the "
              + cluster
              + " does not exist yet");
    }
    if (release.get().state() != ComponentState.READY) {
      return PlaneState.notReady(
          PlaneState.RELEASE_NOT_READY,
          "HelmRelease "
              + ComputePlaneCluster.RELEASE
              + " is not Ready: "
              + release.get().message());
    }
    if (!kubeconfig) {
      return PlaneState.notReady(
          PlaneState.KUBECONFIG_MISSING,
          "the "
              + cluster
              + " has no admin kubeconfig yet (Secret "
              + ComputePlaneCluster.KUBECONFIG_SECRET
              + ", key "
              + ComputePlaneCluster.KUBECONFIG_KEY
              + "); its control plane is still being provisioned");
    }
    if (probe.isEmpty()) {
      return PlaneState.notReady(PlaneState.PROBING, "the " + cluster + " is being probed");
    }
    if (!probe.get().answered()) {
      return PlaneState.notReady(
          PlaneState.UNREACHABLE,
          "the " + cluster + " does not answer /readyz: " + probe.get().detail());
    }
    return PlaneState.ready("the " + cluster + " answers /readyz");
  }
}
