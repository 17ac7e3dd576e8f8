package io.cozystack.operator.packages;

/**
 * Operator-wide HelmRelease settings, with Cozystack's flag names and defaults.
 *
 * @param interval {@code --helmrelease-interval}
 * @param retryInterval {@code --helmrelease-retry-interval}
 * @param installTimeout {@code --helmrelease-install-timeout}
 * @param upgradeTimeout {@code --helmrelease-upgrade-timeout}
 * @param maxHistory {@code --helmrelease-max-history}
 */
public record ReleaseSettings(
    String interval,
    String retryInterval,
    String installTimeout,
    String upgradeTimeout,
    int maxHistory) {

  public static ReleaseSettings defaults() {
    return new ReleaseSettings("5m", "30s", "10m", "10m", 5);
  }
}
