package io.cozystack.operator.computeplane;

/** Asks a cluster, reached through a kubeconfig, whether its API server is ready. */
@FunctionalInterface
public interface ClusterProbe {
  /** Never throws: a cluster that cannot be reached is an outcome, not an error. */
  ProbeOutcome probe(String kubeconfig);
}
