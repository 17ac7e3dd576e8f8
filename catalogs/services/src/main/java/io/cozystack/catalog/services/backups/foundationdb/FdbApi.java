package io.cozystack.catalog.services.backups.foundationdb;

import com.fasterxml.jackson.databind.JsonNode;
import io.cozystack.api.backups.v1alpha1.BackupsApi;
import io.cozystack.catalog.services.backups.upstream.ApplicationKind;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.util.Map;

/** Names of the FoundationDB operator's API and of the metadata this driver records. */
final class FdbApi {
  /** The FoundationDB operator's API version (apps.foundationdb.org, v1.55.0 of its module). */
  static final String API_VERSION = "apps.foundationdb.org/v1beta2";

  static final String CLUSTER = "FoundationDBCluster";
  static final String BACKUP = "FoundationDBBackup";
  static final String RESTORE = "FoundationDBRestore";

  /** Prefix of the driverMetadata keys this driver writes into a cozystack Backup (Cozystack's). */
  static final String METADATA_PREFIX = "apps.foundationdb.org/";

  static final String BACKUP_NAME = "backup-name";
  static final String BACKUP_NAMESPACE = "backup-namespace";
  static final String ACCOUNT_NAME = "account-name";
  static final String BUCKET = "bucket";
  static final String BLOB_BACKUP_NAME = "blob-backup-name";
  static final String STORAGE_URI = "storage-uri";

  /**
   * Cozystack's label grouping the FoundationDBBackups a driver made by the cluster they back up.
   */
  static final String CLUSTER_LABEL = "backups.cozystack.io/foundationdb-cluster";

  /**
   * What a FoundationDBBackup the driver made is for: a BackupJob's backup, or a RestoreJob's
   * agents. Owner labels alone cannot tell, since a BackupJob and a RestoreJob may share a name.
   */
  static final String ROLE_LABEL = "foundationdb.services.cozystack.io/role";

  static final String ROLE_BACKUP = "backup";
  static final String ROLE_RESTORE_AGENTS = "restore-agents";

  /** {@code spec.backupState} values of a FoundationDBBackup. */
  static final String RUNNING = "Running";

  static final String STOPPED = "Stopped";

  /** The application kind this driver backs up (group apps.cozystack.io). */
  static final String APPLICATION_KIND = "FoundationDB";

  static final ApplicationKind APPLICATION = new ApplicationKind(APPLICATION_KIND);

  private FdbApi() {}

  /** The FoundationDBCluster the application's chart creates (its release name). */
  static String clusterName(String application) {
    return "foundationdb-" + application;
  }

  /** Whether {@code object} was made for the job of {@code ownerLabels}. */
  static boolean ownedBy(GenericKubernetesResource object, Map<String, String> ownerLabels) {
    Map<String, String> labels = object.getMetadata().getLabels();
    return labels != null && labels.entrySet().containsAll(ownerLabels.entrySet());
  }

  /** Whether {@code backup} is the backup agents of a restore. */
  static boolean isRestoreAgents(GenericKubernetesResource backup) {
    Map<String, String> labels = backup.getMetadata().getLabels();
    return labels != null && ROLE_RESTORE_AGENTS.equals(labels.get(ROLE_LABEL));
  }

  /** Whether {@code backup} is the backup of the BackupJob of {@code ownerLabels}. */
  static boolean backupOf(GenericKubernetesResource backup, Map<String, String> ownerLabels) {
    return ownedBy(backup, ownerLabels) && !isRestoreAgents(backup);
  }

  /** Whether {@code backup} is the agents of the RestoreJob of {@code ownerLabels}. */
  static boolean agentsOf(GenericKubernetesResource backup, Map<String, String> ownerLabels) {
    return ownedBy(backup, ownerLabels) && isRestoreAgents(backup);
  }

  /** Whether {@code object} was made for some job (carries the owner labels at all). */
  static boolean ownedByAJob(GenericKubernetesResource object) {
    Map<String, String> labels = object.getMetadata().getLabels();
    return labels != null
        && labels.containsKey(BackupsApi.OWNED_BY_BACKUP_JOB_NAME)
        && labels.containsKey(BackupsApi.OWNED_BY_BACKUP_JOB_NAMESPACE);
  }

  static JsonNode tree(GenericKubernetesResource object) {
    return Serialization.jsonMapper().valueToTree(object);
  }

  /** {@code <kind> <namespace>/<name>} for messages. */
  static String ref(String kind, String namespace, String name) {
    return kind + " " + namespace + "/" + name;
  }

  static String ref(GenericKubernetesResource object) {
    return ref(
        object.getKind(), object.getMetadata().getNamespace(), object.getMetadata().getName());
  }
}
