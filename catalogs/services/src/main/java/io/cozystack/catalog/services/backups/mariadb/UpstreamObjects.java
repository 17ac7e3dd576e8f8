package io.cozystack.catalog.services.backups.mariadb;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.cozystack.catalog.services.backups.upstream.JobObject;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.util.Map;

/**
 * The mariadb-operator objects this driver creates, as pure functions of a job and its template:
 * one {@code Backup} per BackupJob and one {@code Restore} per RestoreJob, each named {@code
 * <job>-<random>} and labelled with the job's owner labels (how the driver finds it again and how
 * its changes wake the job).
 */
final class UpstreamObjects {

  private UpstreamObjects() {}

  /** The {@code k8s.mariadb.com/v1alpha1 Backup} of a BackupJob. */
  static GenericKubernetesResource backup(
      String job,
      String namespace,
      Map<String, String> ownerLabels,
      String mariaDb,
      BackupTemplate template) {
    ObjectNode spec = Serialization.jsonMapper().createObjectNode();
    spec.putObject("mariaDbRef").put("name", mariaDb);
    spec.set("storage", template.storage().deepCopy());
    if (!template.databases().isEmpty()) {
      template.databases().forEach(spec.putArray("databases")::add);
    }
    putIfSet(spec, "compression", template.compression());
    putIfSet(spec, "logLevel", template.logLevel());
    putIfSet(spec, "maxRetention", template.maxRetention());
    return JobObject.of(
        MariaDbApi.API_VERSION, MariaDbApi.BACKUP, job, namespace, ownerLabels, spec);
  }

  /** The {@code k8s.mariadb.com/v1alpha1 Restore} of a RestoreJob, from an operator Backup. */
  static GenericKubernetesResource restore(
      String job,
      String namespace,
      Map<String, String> ownerLabels,
      String targetMariaDb,
      String operatorBackup) {
    ObjectNode spec = Serialization.jsonMapper().createObjectNode();
    spec.putObject("mariaDbRef").put("name", targetMariaDb);
    spec.putObject("backupRef").put("name", operatorBackup);
    return JobObject.of(
        MariaDbApi.API_VERSION, MariaDbApi.RESTORE, job, namespace, ownerLabels, spec);
  }

  private static void putIfSet(ObjectNode spec, String field, String value) {
    if (value != null) {
      spec.put(field, value);
    }
  }
}
