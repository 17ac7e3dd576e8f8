package io.cozystack.catalog.services.backups.mongodb;

import io.cozystack.api.backups.v1alpha1.Backup;
import io.cozystack.api.backups.v1alpha1.BackupsApi;
import io.cozystack.api.backups.v1alpha1.RestoreJob;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.Map;

/**
 * Removes what the driver created once its cozystack object goes. A deleted Backup takes its
 * PerconaServerMongoDBBackup object with it; the dump stays in the bucket (the operator deletes it
 * only for objects that carry its {@code percona.com/delete-backup} finalizer, which the driver
 * does not set). A deleted RestoreJob takes its PerconaServerMongoDBRestore objects, but not while
 * one is under way: the operator turns point-in-time recovery back on only at the end of a restore
 * it still sees, so the RestoreJob stays in deletion until then.
 */
final class MongoDbCleanups {
  private MongoDbCleanups() {}

  /**
   * Deletes the operator backup a Backup names, if it was made for that Backup's BackupJob (its
   * owner labels) in the Backup's namespace: the metadata of a Backup is not trusted to point
   * anywhere else.
   */
  static void backup(KubernetesClient client, Backup backup) {
    Map<String, String> metadata = backup.getSpec().driverMetadata();
    String name =
        metadata == null ? null : metadata.get(PsmdbApi.METADATA_PREFIX + PsmdbApi.BACKUP_NAME);
    if (name == null) {
      return;
    }
    var resource =
        client
            .genericKubernetesResources(PsmdbApi.API_VERSION, PsmdbApi.BACKUP)
            .inNamespace(backup.getMetadata().getNamespace())
            .withName(name);
    GenericKubernetesResource live = resource.get();
    if (live != null && madeFor(live, backup)) {
      resource.delete();
    }
  }

  private static boolean madeFor(GenericKubernetesResource operatorBackup, Backup backup) {
    Map<String, String> labels = operatorBackup.getMetadata().getLabels();
    return labels != null
        && backup.getMetadata().getName().equals(labels.get(BackupsApi.OWNED_BY_BACKUP_JOB_NAME))
        && backup
            .getMetadata()
            .getNamespace()
            .equals(labels.get(BackupsApi.OWNED_BY_BACKUP_JOB_NAMESPACE));
  }

  /**
   * Deletes the restores a RestoreJob owns; throws (the runtime retries, and the restore's own
   * changes wake the job) while one is under way.
   */
  static void restore(KubernetesClient client, RestoreJob job) {
    String namespace = job.getMetadata().getNamespace();
    var restores =
        client
            .genericKubernetesResources(PsmdbApi.API_VERSION, PsmdbApi.RESTORE)
            .inNamespace(namespace);
    for (GenericKubernetesResource restore :
        restores
            .withLabels(
                Map.of(
                    BackupsApi.OWNED_BY_BACKUP_JOB_NAME,
                    job.getMetadata().getName(),
                    BackupsApi.OWNED_BY_BACKUP_JOB_NAMESPACE,
                    namespace))
            .list()
            .getItems()) {
      PsmdbState state = PsmdbState.of(restore);
      String what = PsmdbApi.ref(PsmdbApi.RESTORE, namespace, restore.getMetadata().getName());
      if (state.underWay()) {
        throw new IllegalStateException(
            what + " is " + state.describe() + "; it is removed once the operator has finished it");
      }
      restores.withName(restore.getMetadata().getName()).delete();
    }
  }
}
