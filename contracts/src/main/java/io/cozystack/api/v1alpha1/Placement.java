package io.cozystack.api.v1alpha1;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * The cluster an application kind's instances are installed into: the management cluster, or the
 * ComputePlane cluster of the instance's own tenant (Flux remote apply through the operator-held
 * kubeconfig). A ComputePlane kind is never installed on the management cluster.
 */
public enum Placement {
  @JsonProperty("ManagementPlane")
  MANAGEMENT_PLANE,
  @JsonProperty("ComputePlane")
  COMPUTE_PLANE;

  /** An absent placement is the management cluster, as for every definition written before it. */
  public static Placement of(ApplicationDefinitionSpec spec) {
    return spec.placement() == null ? MANAGEMENT_PLANE : spec.placement();
  }
}
