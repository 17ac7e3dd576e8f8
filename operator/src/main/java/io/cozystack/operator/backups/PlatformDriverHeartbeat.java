package io.cozystack.operator.backups;

import io.cozystack.api.Contracts;
import io.cozystack.api.backups.driver.DriverRegistrationSpec;
import io.cozystack.api.backups.driver.StrategyHandoff;
import io.cozystack.contracts.driver.DriverHeartbeat;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.List;

/**
 * Registers the platform's own Job driver through the same registry, and the same SDK heartbeat, as
 * any catalog's driver, so the platform's kinds are owned, lapse and conflict exactly like everyone
 * else's.
 */
final class PlatformDriverHeartbeat implements AutoCloseable {
  static final String DRIVER = "job.platform.cozystack.io";
  static final int LEASE_SECONDS = 60;

  private final DriverHeartbeat heartbeat;

  PlatformDriverHeartbeat(KubernetesClient client) {
    this.heartbeat = new DriverHeartbeat(client, registration());
  }

  /** The registration: the Job kind, the platform's version and contract version. */
  static DriverRegistrationSpec registration() {
    return new DriverRegistrationSpec(
        DRIVER,
        new DriverRegistrationSpec.CatalogRef("cozystack.platform", Contracts.PLATFORM_VERSION),
        Contracts.VERSION,
        List.of(new DriverRegistrationSpec.StrategyKind(StrategyHandoff.STRATEGY_GROUP, "Job")),
        LEASE_SECONDS);
  }

  void start() {
    heartbeat.start();
  }

  @Override
  public void close() {
    heartbeat.close();
  }
}
