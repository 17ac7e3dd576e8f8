package io.cozystack.catalog.services.backups.foundationdb;

import io.cozystack.api.backups.v1alpha1.Backup;
import io.cozystack.api.backups.v1alpha1.BackupsApi;
import io.cozystack.api.backups.v1alpha1.RestoreJob;
import io.cozystack.catalog.services.backups.upstream.UpstreamStore;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import java.util.Map;
import java.util.Optional;

/**
 * Removes what the driver created once its cozystack object goes. The backup data stays in the
 * bucket: the operator never deletes it.
 *
 * <ul>
 *   <li>A deleted Backup takes the FoundationDBBackup it recorded, stopped first: deleting a
 *       running one would leave the cluster's backup running without agents, and the operator would
 *       then take that backup for the next one's. It stays in deletion until the operator reports
 *       the backup stopped.
 *   <li>A deleted RestoreJob takes its FoundationDBRestores and the agents it added, but not while
 *       a restore is under way: the target stays locked until it ends, and its agents finish it.
 * </ul>
 */
final class FdbCleanups {
  private FdbCleanups() {}

  /**
   * Stops, then deletes, the operator backup a Backup names, if it was made for that Backup's
   * BackupJob (its owner labels) in the Backup's namespace: the metadata of a Backup is not trusted
   * to point anywhere else. Throws (the runtime retries) until the operator reports it stopped.
   */
  static void backup(UpstreamStore store, Backup backup) {
    Map<String, String> metadata = backup.getSpec().driverMetadata();
    String name =
        metadata == null ? null : metadata.get(FdbApi.METADATA_PREFIX + FdbApi.BACKUP_NAME);
    String namespace = backup.getMetadata().getNamespace();
    if (name == null) {
      return;
    }
    Optional<GenericKubernetesResource> live = store.get(FdbApi.BACKUP, namespace, name);
    if (live.isEmpty()
        || !FdbApi.backupOf(live.get(), owner(backup.getMetadata().getName(), namespace))) {
      return;
    }
    BackupState state = BackupState.of(live.get());
    if (!state.stopRequested()) {
      store.mergePatch(
          FdbApi.BACKUP, namespace, name, Map.of("spec", Map.of("backupState", FdbApi.STOPPED)));
    }
    if (!state.stopped()) {
      throw new IllegalStateException(
          FdbApi.ref(live.get())
              + " is being stopped ("
              + state.describe()
              + "); it is removed once the operator reports it stopped");
    }
    store.delete(FdbApi.BACKUP, namespace, name);
  }

  /**
   * Deletes the restores a RestoreJob owns, then the agents it added; throws (the runtime retries,
   * and the restore's own changes wake the job) while a restore is under way.
   */
  static void restore(UpstreamStore store, RestoreJob job) {
    String namespace = job.getMetadata().getNamespace();
    Map<String, String> owner = owner(job.getMetadata().getName(), namespace);
    for (GenericKubernetesResource restore : store.list(FdbApi.RESTORE, namespace)) {
      if (!FdbApi.ownedBy(restore, owner)) {
        continue;
      }
      RestoreState state = RestoreState.of(restore);
      if (state.underWay()) {
        throw new IllegalStateException(
            FdbApi.ref(restore)
                + " is under way ("
                + state.describe()
                + "); it is removed once the operator has finished it");
      }
      store.delete(FdbApi.RESTORE, namespace, restore.getMetadata().getName());
    }
    restoreAgents(store, namespace, owner);
  }

  /** Deletes the agents a RestoreJob added (a stopped FoundationDBBackup: nothing to stop). */
  static void restoreAgents(UpstreamStore store, String namespace, Map<String, String> owner) {
    for (GenericKubernetesResource agents : store.list(FdbApi.BACKUP, namespace)) {
      if (FdbApi.agentsOf(agents, owner)) {
        store.delete(FdbApi.BACKUP, namespace, agents.getMetadata().getName());
      }
    }
  }

  private static Map<String, String> owner(String job, String namespace) {
    return Map.of(
        BackupsApi.OWNED_BY_BACKUP_JOB_NAME,
        job,
        BackupsApi.OWNED_BY_BACKUP_JOB_NAMESPACE,
        namespace);
  }
}
