package io.cozystack.catalog.services.backups.mongodb;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.cozystack.api.backups.v1alpha1.BackupStatus.BackupArtifact;
import io.cozystack.contracts.driver.Progress;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * What a ready PerconaServerMongoDBBackup is recorded as in the cozystack Backup, read from the
 * operator's status (where it really wrote, not the strategy as it is now): the driverMetadata a
 * restore needs, the destination as the artifact, and a {@code MongoDBBackupSnapshot} that holds
 * the backup source, so a restore works after the operator object is gone.
 */
final class BackupRecord {
  static final String SNAPSHOT_API_VERSION = "backups.cozystack.io/v1alpha1";
  static final String SNAPSHOT_KIND = "MongoDBBackupSnapshot";

  private BackupRecord() {}

  /** The BackedUp progress of a ready operator backup; Failed if it names no destination. */
  static Progress of(GenericKubernetesResource operatorBackup, Map<String, String> params) {
    String name = operatorBackup.getMetadata().getName();
    String namespace = operatorBackup.getMetadata().getNamespace();
    Optional<BackupSource> source =
        BackupSource.fromStatus(
            Serialization.jsonMapper().valueToTree(operatorBackup).path("status"));
    if (source.isEmpty()) {
      return Progress.failed(
          "BackupWithoutDestination",
          PsmdbApi.ref(PsmdbApi.BACKUP, namespace, name)
              + " is ready but its status names no destination; there is nothing to restore from");
    }
    return Progress.backedUp(
        new BackupArtifact(source.get().destination(), null, null),
        driverMetadata(name, namespace, source.get().destination()),
        snapshot(source.get(), params));
  }

  static Map<String, String> driverMetadata(
      String operatorBackup, String namespace, String destination) {
    Map<String, String> metadata = new LinkedHashMap<>();
    metadata.put(PsmdbApi.METADATA_PREFIX + PsmdbApi.BACKUP_NAME, operatorBackup);
    metadata.put(PsmdbApi.METADATA_PREFIX + PsmdbApi.BACKUP_NAMESPACE, namespace);
    metadata.put(PsmdbApi.METADATA_PREFIX + PsmdbApi.DESTINATION, destination);
    return metadata;
  }

  /** The backup source (no inline secret) and the BackupClass parameters, self-typed. */
  static JsonNode snapshot(BackupSource source, Map<String, String> params) {
    ObjectNode node = Serialization.jsonMapper().createObjectNode();
    node.put("apiVersion", SNAPSHOT_API_VERSION);
    node.put("kind", SNAPSHOT_KIND);
    node.setAll(source.withoutInlineSecrets().toJson());
    node.set("parameters", Serialization.jsonMapper().valueToTree(params));
    return node;
  }
}
