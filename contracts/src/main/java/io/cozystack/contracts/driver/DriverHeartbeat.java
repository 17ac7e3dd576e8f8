package io.cozystack.contracts.driver;

import io.cozystack.api.backups.driver.DriverRegistrationSpec;
import io.cozystack.api.backups.v1alpha1.BackupDriver;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.coordination.v1.LeaseBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.time.ZonedDateTime;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A driver's registration and heartbeat: renews Lease {@code backup-driver-<driver>} in cozy-system
 * every third of the lease duration, and applies the BackupDriver registration on the first beat
 * and every 15th after (it rarely changes; this also restores one deleted by hand).
 */
public final class DriverHeartbeat implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(DriverHeartbeat.class);
  private static final int REGISTER_EVERY = 15;

  private final KubernetesClient client;
  private final DriverRegistrationSpec registration;
  private final String fieldManager;
  private final ScheduledExecutorService timer;
  private long beats;

  public DriverHeartbeat(KubernetesClient client, DriverRegistrationSpec registration) {
    this.client = client;
    this.registration = registration;
    this.fieldManager = "backup-driver-" + registration.driver();
    this.timer =
        Executors.newSingleThreadScheduledExecutor(
            r -> {
              Thread t = new Thread(r, "backup-driver-heartbeat");
              t.setDaemon(true);
              return t;
            });
  }

  /** The lease duration the driver states, or the default. */
  public int leaseSeconds() {
    return registration.leaseDurationSeconds() != null
        ? registration.leaseDurationSeconds()
        : BackupDriver.DEFAULT_LEASE_SECONDS;
  }

  /** Beats once now, failing loudly (e.g. on missing permissions), then keeps beating. */
  public void startNow() {
    beat();
    schedule(Math.max(1, leaseSeconds() / 3));
  }

  /** Keeps beating, the first beat right away on the timer. */
  public void start() {
    schedule(0);
  }

  private void schedule(long initialDelaySeconds) {
    timer.scheduleAtFixedRate(
        this::beatQuietly, initialDelaySeconds, Math.max(1, leaseSeconds() / 3), TimeUnit.SECONDS);
  }

  private void beatQuietly() {
    try {
      beat();
    } catch (KubernetesClientException e) {
      // The next beat retries; a missed one only matters if the lease runs out.
      LOG.warn("heartbeat of backup driver {} failed: {}", registration.driver(), e.getMessage());
    }
  }

  private synchronized void beat() {
    renewLease();
    if (beats++ % REGISTER_EVERY == 0) {
      register();
    }
  }

  private void renewLease() {
    client
        .resource(
            new LeaseBuilder()
                .withMetadata(
                    new ObjectMetaBuilder()
                        .withName(BackupDriver.LEASE_PREFIX + registration.driver())
                        .withNamespace(BackupDriver.LEASE_NAMESPACE)
                        .build())
                .withNewSpec()
                .withHolderIdentity(registration.driver())
                .withLeaseDurationSeconds(leaseSeconds())
                .withRenewTime(ZonedDateTime.now())
                .endSpec()
                .build())
        .fieldManager(fieldManager)
        .forceConflicts()
        .serverSideApply();
  }

  private void register() {
    BackupDriver object = new BackupDriver();
    object.setMetadata(new ObjectMetaBuilder().withName(registration.driver()).build());
    object.setSpec(registration);
    client.resource(object).fieldManager(fieldManager).forceConflicts().serverSideApply();
  }

  @Override
  public void close() {
    timer.shutdownNow();
  }
}
