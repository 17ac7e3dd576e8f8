package io.cozystack.e2e;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Runs a {@link KubernetesExtension} class on the control plane with Flux's real controllers
 * (source-controller, source-watcher, helm-controller) and an OCI registry, started once per run
 * beside the bare one the other classes share.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface WithFlux {}
