package io.cozystack.api.v1alpha1;

/** ApplicationDefinition annotations that tune every instance's HelmRelease (part of K1). */
public final class ReleaseAnnotations {
  /** Install timeout (Flux duration); also the upgrade timeout unless that is set. */
  public static final String INSTALL_TIMEOUT = "release.cozystack.io/helm-install-timeout";

  /** Upgrade timeout (Flux duration). */
  public static final String UPGRADE_TIMEOUT = "release.cozystack.io/helm-upgrade-timeout";

  /** "true": install and upgrade without waiting for readiness. */
  public static final String DISABLE_WAIT = "release.cozystack.io/helm-install-disable-wait";

  private ReleaseAnnotations() {}
}
