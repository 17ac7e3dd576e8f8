package io.cozystack.e2e;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a static field that {@link KubernetesExtension} fills in: a {@code KubernetesClient}, the
 * class's fresh namespace ({@code String}), the kubeconfig ({@code Path}) or, in a {@link WithFlux}
 * or {@link WithoutFlux} class, the OCI registry ({@link Registry}), or the {@link ControlPlane}.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.FIELD)
public @interface Kube {}
