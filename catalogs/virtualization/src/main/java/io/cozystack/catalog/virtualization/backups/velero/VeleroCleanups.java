package io.cozystack.catalog.virtualization.backups.velero;

import io.cozystack.api.backups.v1alpha1.Backup;
import io.cozystack.api.backups.v1alpha1.RestoreJob;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What the Velero driver removes when its objects' owners go: a deleted RestoreJob's Velero
 * Restores (and resource-modifier ConfigMap), and a deleted Backup's Velero Backup (through a
 * Velero DeleteBackupRequest, so Velero also removes the data in object storage).
 */
final class VeleroCleanups {
  private static final Logger LOG = LoggerFactory.getLogger(VeleroCleanups.class);

  private VeleroCleanups() {}

  /** A Velero Backup by namespace and name. */
  record VeleroBackupRef(String namespace, String name) {}

  /**
   * The name of the resource-modifier ConfigMap Cozystack's Velero driver creates for a RestoreJob
   * in cozy-velero. This driver creates none yet, but removes that one so restores started before
   * the move are cleaned up too; other ConfigMaps, even labelled for the same job, are not its own.
   */
  static String modifiersConfigMap(String namespace, String name) {
    String cm = "restore-modifiers-" + namespace + "-" + name;
    return cm.length() > 253 ? cm.substring(0, 253) : cm;
  }

  /**
   * Removes the Velero Restores labelled for this RestoreJob (its namespace and name) and its
   * resource-modifier ConfigMap, all in cozy-velero. Nothing else: not another job's, not another
   * driver's.
   */
  static void restore(KubernetesClient client, RestoreJob job) {
    String ns = job.getMetadata().getNamespace();
    String name = job.getMetadata().getName();
    Map<String, String> labels = Velero.ownerLabels(ns, name);
    List<GenericKubernetesResource> restores =
        Velero.objects(client, Velero.RESTORE)
            .inNamespace(Velero.NAMESPACE)
            .withLabels(labels)
            .list()
            .getItems();
    for (GenericKubernetesResource restore : restores) {
      Velero.objects(client, Velero.RESTORE)
          .inNamespace(Velero.NAMESPACE)
          .withName(restore.getMetadata().getName())
          .delete();
      LOG.info("deleted Velero Restore {} of RestoreJob {}/{}", Velero.ref(restore), ns, name);
    }
    String modifiers = modifiersConfigMap(ns, name);
    List<ConfigMap> configMaps =
        client.configMaps().inNamespace(Velero.NAMESPACE).withLabels(labels).list().getItems();
    for (ConfigMap cm : configMaps) {
      if (cm.getMetadata().getName().equals(modifiers)) {
        client
            .configMaps()
            .inNamespace(Velero.NAMESPACE)
            .withName(cm.getMetadata().getName())
            .delete();
      }
    }
  }

  /** The Velero Backup a Backup records, if it names one. */
  static Optional<VeleroBackupRef> veleroBackup(Backup backup) {
    Map<String, String> metadata = backup.getSpec().driverMetadata();
    if (metadata == null || metadata.get(Velero.BACKUP_NAME) == null) {
      return Optional.empty();
    }
    String ns = metadata.getOrDefault(Velero.BACKUP_NAMESPACE, Velero.NAMESPACE);
    return Optional.of(
        new VeleroBackupRef(
            ns.isBlank() ? Velero.NAMESPACE : ns, metadata.get(Velero.BACKUP_NAME)));
  }

  /** The request that makes Velero delete a Backup and its data: {@code spec.backupName}. */
  static GenericKubernetesResource deleteRequest(VeleroBackupRef backup) {
    GenericKubernetesResource request = new GenericKubernetesResource();
    request.setApiVersion(Velero.API_VERSION);
    request.setKind(Velero.DELETE_BACKUP_REQUEST);
    request.setMetadata(
        new ObjectMetaBuilder()
            .withGenerateName(backup.name() + "-")
            .withNamespace(backup.namespace())
            .build());
    request.setAdditionalProperty("spec", Map.of("backupName", backup.name()));
    return request;
  }

  /**
   * Asks Velero to delete the Backup's Velero Backup if it still exists and no request for it is
   * pending (not yet {@code Processed}), so a retried clean-up asks once.
   */
  static void backup(KubernetesClient client, Backup backup) {
    Optional<VeleroBackupRef> ref = veleroBackup(backup);
    if (ref.isEmpty()) {
      return;
    }
    VeleroBackupRef velero = ref.get();
    boolean exists =
        Velero.objects(client, Velero.BACKUP)
                .inNamespace(velero.namespace())
                .withName(velero.name())
                .get()
            != null;
    if (!exists || requested(client, velero)) {
      return;
    }
    GenericKubernetesResource created =
        Velero.objects(client, Velero.DELETE_BACKUP_REQUEST)
            .inNamespace(velero.namespace())
            .resource(deleteRequest(velero))
            .create();
    LOG.info(
        "requested deletion of Velero Backup {}/{} ({})",
        velero.namespace(),
        velero.name(),
        created.getMetadata().getName());
  }

  private static boolean requested(KubernetesClient client, VeleroBackupRef velero) {
    return Velero.objects(client, Velero.DELETE_BACKUP_REQUEST)
        .inNamespace(velero.namespace())
        .list()
        .getItems()
        .stream()
        .anyMatch(
            r ->
                velero.name().equals(Velero.spec(r).path("backupName").asText())
                    && !"Processed".equals(Velero.phase(r)));
  }
}
