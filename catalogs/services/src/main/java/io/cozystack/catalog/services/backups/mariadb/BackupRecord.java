package io.cozystack.catalog.services.backups.mariadb;

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
 * What a completed mariadb-operator Backup is recorded as in the cozystack Backup, read from the
 * operator Backup itself (what was really used, not the strategy as it is now): the driver metadata
 * a restore needs, the artifact URI (S3 only) and the underlying-resources description.
 */
final class BackupRecord {
  static final String SNAPSHOT_API_VERSION = "backups.cozystack.io/v1alpha1";
  static final String SNAPSHOT_KIND = "MariaDBBackupSnapshot";

  private BackupRecord() {}

  /** The BackedUp progress of a completed operator Backup. */
  static Progress.BackedUp of(
      GenericKubernetesResource operatorBackup, Map<String, String> params) {
    JsonNode spec = Serialization.jsonMapper().valueToTree(operatorBackup).path("spec");
    String name = operatorBackup.getMetadata().getName();
    Optional<String> uri = storageUri(spec.path("storage"), name);
    return Progress.backedUp(
        uri.map(u -> new BackupArtifact(u, null, null)).orElse(null),
        driverMetadata(name, operatorBackup.getMetadata().getNamespace(), uri),
        underlyingResources(spec, params));
  }

  /** {@code s3://<bucket>/<prefix><backup>} for S3 storage; nothing for a PVC or a volume. */
  static Optional<String> storageUri(JsonNode storage, String operatorBackup) {
    JsonNode s3 = storage.path("s3");
    if (!s3.isObject()) {
      return Optional.empty();
    }
    return Optional.of(
        "s3://" + s3.path("bucket").asText() + "/" + s3.path("prefix").asText("") + operatorBackup);
  }

  static Map<String, String> driverMetadata(
      String operatorBackup, String namespace, Optional<String> storageUri) {
    Map<String, String> metadata = new LinkedHashMap<>();
    metadata.put(MariaDbApi.METADATA_PREFIX + MariaDbApi.BACKUP_NAME, operatorBackup);
    metadata.put(MariaDbApi.METADATA_PREFIX + MariaDbApi.BACKUP_NAMESPACE, namespace);
    storageUri.ifPresent(u -> metadata.put(MariaDbApi.METADATA_PREFIX + MariaDbApi.STORAGE_URI, u));
    return metadata;
  }

  static JsonNode underlyingResources(JsonNode operatorBackupSpec, Map<String, String> params) {
    ObjectNode node = Serialization.jsonMapper().createObjectNode();
    node.put("apiVersion", SNAPSHOT_API_VERSION);
    node.put("kind", SNAPSHOT_KIND);
    node.set("storage", operatorBackupSpec.path("storage").deepCopy());
    JsonNode databases = operatorBackupSpec.path("databases");
    node.set(
        "databases",
        databases.isArray() ? databases.deepCopy() : Serialization.jsonMapper().createArrayNode());
    node.set("parameters", Serialization.jsonMapper().valueToTree(params));
    return node;
  }
}
