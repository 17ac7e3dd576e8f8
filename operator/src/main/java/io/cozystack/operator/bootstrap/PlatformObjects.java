package io.cozystack.operator.bootstrap;

import io.cozystack.api.v1alpha1.Package;
import io.cozystack.api.v1alpha1.PackageSource;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.Namespace;

/**
 * What the bootstrap writes, in order: the namespace (created when absent), the Flux source and the
 * PackageSource (server-side applied), the Package (created when absent, never changed).
 *
 * @param kind which Flux kind {@code source} is
 */
public record PlatformObjects(
    Namespace namespace,
    PlatformSource.Kind kind,
    GenericKubernetesResource source,
    PackageSource packageSource,
    Package pkg) {}
