package io.cozystack.catalog.services.backups.foundationdb;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.cozystack.catalog.services.backups.upstream.JobObject;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The FoundationDB operator objects this driver creates, as pure functions of a job and what it
 * read, each named {@code <job>-<random>} and labelled with the job's owner labels (how the driver
 * finds it again and how its changes wake the job):
 *
 * <ul>
 *   <li>per BackupJob, a running {@code FoundationDBBackup} of the cluster;
 *   <li>per RestoreJob, a {@code FoundationDBRestore} into the target cluster and, when no backup
 *       of that cluster runs agents, a stopped {@code FoundationDBBackup} for agents alone: the
 *       operator's restores are carried out by the target's backup agents.
 * </ul>
 */
final class FdbObjects {
  private FdbObjects() {}

  /** The continuous backup of {@code cluster} a BackupJob asks for. */
  static GenericKubernetesResource backup(
      String job,
      String namespace,
      Map<String, String> ownerLabels,
      FdbCluster cluster,
      FdbTemplate template) {
    ObjectNode spec = agentsSpec(cluster, template, FdbApi.RUNNING);
    spec.set("blobStoreConfiguration", template.blobStore().toJson());
    return JobObject.of(
        FdbApi.API_VERSION,
        FdbApi.BACKUP,
        job,
        namespace,
        labels(ownerLabels, cluster, FdbApi.ROLE_BACKUP),
        spec);
  }

  /**
   * Backup agents for a restore into {@code cluster}, backing nothing up: {@code backupState:
   * Stopped}, as the operator's guide says for a cluster that is only restored into. The blob store
   * is the source's without its directory (the field is required), so even a started copy of it
   * could not write over the backup being restored.
   */
  static GenericKubernetesResource restoreAgents(
      String job,
      String namespace,
      Map<String, String> ownerLabels,
      FdbCluster cluster,
      FdbTemplate template,
      BlobStore source) {
    ObjectNode spec = agentsSpec(cluster, template, FdbApi.STOPPED);
    spec.set("blobStoreConfiguration", source.withBackupName(null).toJson());
    return JobObject.of(
        FdbApi.API_VERSION,
        FdbApi.BACKUP,
        job,
        namespace,
        labels(ownerLabels, cluster, FdbApi.ROLE_RESTORE_AGENTS),
        spec);
  }

  /** The restore of the backup at {@code source} into {@code cluster}. */
  static GenericKubernetesResource restore(
      String job,
      String namespace,
      Map<String, String> ownerLabels,
      String cluster,
      BlobStore source,
      List<String> customParameters) {
    ObjectNode spec = Serialization.jsonMapper().createObjectNode();
    spec.put("destinationClusterName", cluster);
    spec.set("blobStoreConfiguration", source.toJson());
    if (!customParameters.isEmpty()) {
      customParameters.forEach(spec.putArray("customParameters")::add);
    }
    return JobObject.of(FdbApi.API_VERSION, FdbApi.RESTORE, job, namespace, ownerLabels, spec);
  }

  private static ObjectNode agentsSpec(FdbCluster cluster, FdbTemplate template, String state) {
    ObjectNode spec = Serialization.jsonMapper().createObjectNode();
    spec.put("clusterName", cluster.name());
    spec.put("version", cluster.version());
    spec.put("backupState", state);
    if (template.agentCount() != null) {
      spec.put("agentCount", template.agentCount());
    }
    if (template.snapshotPeriodSeconds() != null) {
      spec.put("snapshotPeriodSeconds", template.snapshotPeriodSeconds());
    }
    if (!template.customParameters().isEmpty()) {
      template.customParameters().forEach(spec.putArray("customParameters")::add);
    }
    if (cluster.imageType() != null) {
      spec.put("imageType", cluster.imageType());
    }
    if (template.podTemplateSpec() != null) {
      spec.set("podTemplateSpec", template.podTemplateSpec().deepCopy());
    }
    return spec;
  }

  /** The owner labels, Cozystack's label naming the cluster, and what the object is for. */
  private static Map<String, String> labels(
      Map<String, String> ownerLabels, FdbCluster cluster, String role) {
    Map<String, String> labels = new HashMap<>(ownerLabels);
    labels.put(FdbApi.CLUSTER_LABEL, cluster.name());
    labels.put(FdbApi.ROLE_LABEL, role);
    return labels;
  }
}
