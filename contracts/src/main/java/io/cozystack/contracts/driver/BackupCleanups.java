package io.cozystack.contracts.driver;

import io.cozystack.api.backups.v1alpha1.Backup;
import io.cozystack.api.backups.v1alpha1.BackupsApi;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * Deleting a Backup of this driver (Cozystack's Backup controller, §3.7, done by the owning driver
 * only): a Backup it recorded carries its finalizer; a Backup of a kind it claims may carry
 * Cozystack's own finalizers from before the split, which it adopts. The driver removes its archive
 * if it owns one, then those finalizers. A failure keeps them and is retried with backoff.
 */
final class BackupCleanups {
  private final KubernetesClient client;
  private final StrategyDriver driver;
  private final StrategyLookup strategies;
  private final String finalizer;

  BackupCleanups(KubernetesClient client, StrategyDriver driver, StrategyLookup strategies) {
    this.client = client;
    this.driver = driver;
    this.strategies = strategies;
    this.finalizer = DriverRuntime.finalizer(driver.registration().driver());
  }

  boolean wants(Backup backup) {
    return backup.getMetadata().getDeletionTimestamp() != null && !held(backup).isEmpty();
  }

  /** The finalizers on this Backup that are this driver's to remove. */
  private List<String> held(Backup backup) {
    List<String> finalizers = backup.getMetadata().getFinalizers();
    if (finalizers == null) {
      return List.of();
    }
    boolean claimed = backup.getSpec() != null && strategies.claims(backup.getSpec().strategyRef());
    return finalizers.stream()
        .filter(
            f ->
                f.equals(finalizer)
                    || (claimed && BackupsApi.LEGACY_CLEANUP_FINALIZERS.contains(f)))
        .toList();
  }

  Optional<Duration> handle(Backup backup) {
    if (backup == null || !wants(backup)) {
      return Optional.empty();
    }
    if (driver.cleansUpBackups()) {
      driver.cleanUpBackup(client, backup);
    }
    for (String f : held(backup)) {
      Finalizers.remove(client, backup, f);
    }
    return Optional.empty();
  }
}
