package io.cozystack.operator.computeplane;

/**
 * Whether a namespace's ComputePlane cluster can take installs now, with the reason a person acts
 * on: {@code reason} is one of the constants below, {@code message} says what is missing.
 */
public record PlaneState(boolean ready, String reason, String message) {
  /** The cluster answered its last probe. */
  public static final String READY = "ClusterReady";

  /** The module's cluster release does not exist or is not Ready. */
  public static final String RELEASE_NOT_READY = "ClusterReleaseNotReady";

  /** The provisioner has not written the admin kubeconfig yet. */
  public static final String KUBECONFIG_MISSING = "KubeconfigMissing";

  /** The kubeconfig exists but the cluster has not been probed yet. */
  public static final String PROBING = "Probing";

  /** The cluster did not answer {@code /readyz} through the kubeconfig. */
  public static final String UNREACHABLE = "ClusterUnreachable";

  static PlaneState ready(String message) {
    return new PlaneState(true, READY, message);
  }

  static PlaneState notReady(String reason, String message) {
    return new PlaneState(false, reason, message);
  }
}
