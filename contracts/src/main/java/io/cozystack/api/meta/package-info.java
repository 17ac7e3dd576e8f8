/**
 * Types shared by every API group: standard conditions and object references, with the same JSON
 * shape as their Kubernetes ({@code metav1}) and Flux counterparts.
 */
package io.cozystack.api.meta;
