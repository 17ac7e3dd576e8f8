package io.cozystack.api.v1alpha1;

/**
 * Which object a HelmRelease's {@code valuesFrom} reads {@code cozystack-values} from: the
 * ConfigMap projected by the operator, or the Secret Cozystack charts read today (migration).
 */
public enum ValuesTransport {
  ConfigMap,
  Secret
}
