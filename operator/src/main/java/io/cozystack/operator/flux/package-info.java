/**
 * The parts of Flux's API the operator writes and reads: {@code helm.toolkit.fluxcd.io/v2
 * HelmRelease} and {@code source.extensions.fluxcd.io/v1beta1 ArtifactGenerator}. Only the fields
 * used are modelled; unknown fields are ignored on read, and server-side apply sends only what is
 * set, so fields other writers own are left alone.
 */
package io.cozystack.operator.flux;
