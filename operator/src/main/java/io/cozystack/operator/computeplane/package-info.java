/**
 * ComputePlane: whether a tenant's ComputePlane cluster answers (its release, its kubeconfig
 * Secret, a {@code /readyz} probe through that kubeconfig), and where an instance of a {@code
 * placement: ComputePlane} kind is installed.
 */
package io.cozystack.operator.computeplane;
