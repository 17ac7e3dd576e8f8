package io.cozystack.operator.backups;

import io.cozystack.api.Contracts;
import io.cozystack.api.backups.driver.DriverRegistrationSpec;
import io.cozystack.api.backups.v1alpha1.BackupDriver;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.coordination.v1.LeaseBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.time.ZonedDateTime;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Registers the platform's own Job driver through the same registry as any catalog's driver, and
 * renews its Lease every third of the lease duration, so the platform's kinds are owned, lapse and
 * conflict exactly like everyone else's.
 */
final class PlatformDriverHeartbeat implements AutoCloseable {
  static final String DRIVER = "job.platform.cozystack.io";
  static final int LEASE_SECONDS = 60;
  private static final Logger LOG = LoggerFactory.getLogger(PlatformDriverHeartbeat.class);
  private static final String FIELD_MANAGER = "cozystack-job-driver";

  private final KubernetesClient client;
  private long beats;
  private final ScheduledExecutorService timer =
      Executors.newSingleThreadScheduledExecutor(
          r -> {
            Thread t = new Thread(r, "job-driver-heartbeat");
            t.setDaemon(true);
            return t;
          });

  PlatformDriverHeartbeat(KubernetesClient client) {
    this.client = client;
  }

  void start() {
    timer.scheduleAtFixedRate(this::beat, 0, LEASE_SECONDS / 3, TimeUnit.SECONDS);
  }

  private void beat() {
    try {
      renewLease();
      // The registration rarely changes: applied on the first beat and every 15th after (5 min),
      // which also restores one deleted by hand.
      if (beats++ % 15 == 0) {
        register();
      }
    } catch (KubernetesClientException e) {
      // The next beat retries; a missed one only matters if the lease runs out.
      LOG.warn("Job driver heartbeat failed: {}", e.getMessage());
    }
  }

  private void renewLease() {
    client
        .resource(
            new LeaseBuilder()
                .withMetadata(
                    new ObjectMetaBuilder()
                        .withName(BackupDriver.LEASE_PREFIX + DRIVER)
                        .withNamespace(BackupDriver.LEASE_NAMESPACE)
                        .build())
                .withNewSpec()
                .withHolderIdentity(DRIVER)
                .withLeaseDurationSeconds(LEASE_SECONDS)
                .withRenewTime(ZonedDateTime.now())
                .endSpec()
                .build())
        .fieldManager(FIELD_MANAGER)
        .forceConflicts()
        .serverSideApply();
  }

  /** The registration: the Job kind, the platform's version and contract version. */
  private void register() {
    BackupDriver registration = new BackupDriver();
    registration.setMetadata(new ObjectMetaBuilder().withName(DRIVER).build());
    registration.setSpec(
        new DriverRegistrationSpec(
            DRIVER,
            new DriverRegistrationSpec.CatalogRef("cozystack.platform", Contracts.PLATFORM_VERSION),
            Contracts.VERSION,
            List.of(
                new DriverRegistrationSpec.StrategyKind(
                    io.cozystack.api.backups.driver.StrategyHandoff.STRATEGY_GROUP, "Job")),
            LEASE_SECONDS));
    client.resource(registration).fieldManager(FIELD_MANAGER).forceConflicts().serverSideApply();
  }

  @Override
  public void close() {
    timer.shutdownNow();
  }
}
