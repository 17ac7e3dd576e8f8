package io.cozystack.e2e;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Runs a {@link KubernetesExtension} class on a control plane of its own with nothing of Flux
 * (neither its controllers nor its CRDs) and an OCI registry, for a class that installs Flux
 * itself; it is stopped when the class ends.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface WithoutFlux {}
