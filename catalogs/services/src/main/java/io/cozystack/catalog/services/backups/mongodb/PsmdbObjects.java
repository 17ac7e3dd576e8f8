package io.cozystack.catalog.services.backups.mongodb;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.cozystack.catalog.services.backups.upstream.JobObject;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.util.Map;

/**
 * The Percona operator objects this driver creates, as pure functions of a job and what it read:
 * one {@code PerconaServerMongoDBBackup} per BackupJob and one {@code PerconaServerMongoDBRestore}
 * per RestoreJob, each named {@code <job>-<random>} and labelled with the job's owner labels (how
 * the driver finds it again and how its changes wake the job).
 */
final class PsmdbObjects {

  private PsmdbObjects() {}

  /** The logical backup of cluster {@code cluster} a BackupJob asks for. */
  static GenericKubernetesResource backup(
      String job,
      String namespace,
      Map<String, String> ownerLabels,
      String cluster,
      MongoDbTemplate template) {
    ObjectNode spec = Serialization.jsonMapper().createObjectNode();
    spec.put("clusterName", cluster);
    spec.put("storageName", template.storageName());
    spec.put("type", PsmdbApi.LOGICAL);
    if (template.compressionType() != null) {
      spec.put("compressionType", template.compressionType());
    }
    if (template.compressionLevel() != null) {
      spec.put("compressionLevel", template.compressionLevel());
    }
    return JobObject.of(PsmdbApi.API_VERSION, PsmdbApi.BACKUP, job, namespace, ownerLabels, spec);
  }

  /**
   * The restore of {@code source} into cluster {@code cluster}, to the end of the backup or, with
   * {@code pitrDate} ({@code YYYY-MM-DD HH:MM:SS} UTC), to that point in time.
   */
  static GenericKubernetesResource restore(
      String job,
      String namespace,
      Map<String, String> ownerLabels,
      String cluster,
      BackupSource source,
      String pitrDate) {
    ObjectNode spec = Serialization.jsonMapper().createObjectNode();
    spec.put("clusterName", cluster);
    spec.set("backupSource", source.toJson());
    if (pitrDate != null) {
      spec.putObject("pitr").put("type", "date").put("date", pitrDate);
    }
    return JobObject.of(PsmdbApi.API_VERSION, PsmdbApi.RESTORE, job, namespace, ownerLabels, spec);
  }
}
