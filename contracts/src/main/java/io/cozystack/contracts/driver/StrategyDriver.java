package io.cozystack.contracts.driver;

import io.cozystack.api.backups.driver.DriverRegistrationSpec;
import io.cozystack.api.backups.v1alpha1.Backup;
import io.cozystack.api.backups.v1alpha1.RestoreJob;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.List;
import java.util.Optional;

/**
 * What a backup driver implements. The {@link DriverRuntime} calls it for every BackupJob and
 * RestoreJob the platform dispatched to this driver, again whenever the job or one of the driver's
 * {@link #watches() watched objects} changes, until it returns a terminal {@link Progress}. Both
 * calls must be idempotent: start what is missing, observe what exists. A thrown exception is
 * transient (the call is retried with backoff); a bad spec is {@link Progress#failed}.
 */
public interface StrategyDriver {

  /** Who the driver is and which strategy kinds it claims; the runtime registers this. */
  DriverRegistrationSpec registration();

  /** Starts or observes the backup of one BackupJob. */
  Progress backup(BackupRun run);

  /** Starts or observes the restore of one RestoreJob. */
  Progress restore(RestoreRun run);

  /**
   * Objects whose changes wake the jobs they belong to, e.g. the upstream operator's backup
   * objects, labelled with the owning job ({@link BackupRun#ownerLabels()}).
   */
  default List<WatchedKind> watches() {
    return List.of();
  }

  /**
   * Whether this driver keeps side-state for a restore that must be removed when its RestoreJob is
   * deleted. If so, the runtime puts the driver's finalizer on each RestoreJob it takes and calls
   * {@link #cleanUpRestore} on delete: only the driver that owns the Backup's kind ever cleans up.
   */
  default boolean cleansUpRestores() {
    return false;
  }

  /** Removes this driver's side-state of a deleted RestoreJob; the Backup may be gone. */
  default void cleanUpRestore(KubernetesClient client, RestoreJob job, Optional<Backup> backup) {}

  /**
   * Whether this driver owns an archive that must go when its Backup is deleted. If so, the runtime
   * creates each Backup with the driver's finalizer and calls {@link #cleanUpBackup} on delete.
   */
  default boolean cleansUpBackups() {
    return false;
  }

  /** Removes the archive of a deleted Backup of this driver. */
  default void cleanUpBackup(KubernetesClient client, Backup backup) {}
}
