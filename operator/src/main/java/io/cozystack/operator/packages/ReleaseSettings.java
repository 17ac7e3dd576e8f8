package io.cozystack.operator.packages;

/**
 * Operator-wide HelmRelease settings, with Cozystack's flag names and defaults. Durations are held
 * as Go writes them ({@code 5m0s}), see {@link GoDuration}.
 *
 * @param interval {@code --helmrelease-interval}
 * @param retryInterval {@code --helmrelease-retry-interval}
 * @param installTimeout {@code --helmrelease-install-timeout}
 * @param upgradeTimeout {@code --helmrelease-upgrade-timeout}
 * @param maxHistory {@code --helmrelease-max-history}
 * @param trust {@code --trusted-catalog-sources}: which catalogs install with helm-controller's own
 *     rights
 */
public record ReleaseSettings(
    String interval,
    String retryInterval,
    String installTimeout,
    String upgradeTimeout,
    int maxHistory,
    CatalogTrust trust) {

  public ReleaseSettings(
      String interval,
      String retryInterval,
      String installTimeout,
      String upgradeTimeout,
      int maxHistory) {
    this(
        interval,
        retryInterval,
        installTimeout,
        upgradeTimeout,
        maxHistory,
        CatalogTrust.platformDefaults());
  }

  public ReleaseSettings withTrust(CatalogTrust value) {
    return new ReleaseSettings(
        interval, retryInterval, installTimeout, upgradeTimeout, maxHistory, value);
  }

  public static ReleaseSettings defaults() {
    return new ReleaseSettings("5m0s", "30s", "10m0s", "10m0s", 5);
  }
}
