package io.cozystack.contracts.driver;

import io.cozystack.api.backups.v1alpha1.Backup;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.time.Duration;
import java.util.Optional;

/**
 * Deleting a Backup this driver recorded with its finalizer (Cozystack's Backup controller, §3.7,
 * done by the owning driver only): the driver removes its archive, then its finalizer. A failure
 * keeps the finalizer and is retried with backoff.
 */
final class BackupCleanups {
  private final KubernetesClient client;
  private final StrategyDriver driver;
  private final String finalizer;

  BackupCleanups(KubernetesClient client, StrategyDriver driver) {
    this.client = client;
    this.driver = driver;
    this.finalizer = DriverRuntime.finalizer(driver.registration().driver());
  }

  boolean wants(Backup backup) {
    return backup.getMetadata().getDeletionTimestamp() != null
        && backup.getMetadata().getFinalizers() != null
        && backup.getMetadata().getFinalizers().contains(finalizer);
  }

  Optional<Duration> handle(Backup backup) {
    if (backup == null || !wants(backup)) {
      return Optional.empty();
    }
    driver.cleanUpBackup(backup);
    Finalizers.remove(client, backup, finalizer);
    return Optional.empty();
  }
}
