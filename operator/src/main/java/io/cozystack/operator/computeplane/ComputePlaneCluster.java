package io.cozystack.operator.computeplane;

/**
 * The names a ComputePlane is reached by, fixed by the module chart and the cluster provisioner:
 * the module renders HelmRelease {@value #RELEASE} in the tenant namespace, and the provisioner
 * writes the cluster's admin kubeconfig to Secret {@value #KUBECONFIG_SECRET}, key {@value
 * #KUBECONFIG_KEY}. Nothing makes that Secret visible to the tenant.
 */
public final class ComputePlaneCluster {
  /** The kind of the module's instances, served from the {@code computeplane} definition. */
  public static final String KIND = "ComputePlane";

  /** The module's HelmRelease of the managed-Kubernetes chart. */
  public static final String RELEASE = "computeplane-cluster";

  /** The label the module puts on {@value #RELEASE}. */
  public static final String RELEASE_LABEL = "internal.cozystack.io/computeplane";

  /** The admin kubeconfig of the cluster: {@code <release>-admin-kubeconfig}. */
  public static final String KUBECONFIG_SECRET = RELEASE + "-admin-kubeconfig";

  /**
   * The key of {@value #KUBECONFIG_SECRET} that reaches the cluster from the management cluster.
   */
  public static final String KUBECONFIG_KEY = "super-admin.svc";

  /** The K2 value naming the namespace whose ComputePlane serves a namespace (its own, or none). */
  public static final String NAMESPACE_VALUE = "_namespace.computeplane";

  private ComputePlaneCluster() {}
}
