package io.cozystack.catalog.services.backups.mongodb;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Where a backup was written, in the shape of a PerconaServerMongoDBRestore's {@code backupSource}:
 * the destination URI and the storage the operator resolved for it (bucket, endpoint, prefix and
 * the name of the credentials Secret, never a key), as the operator reports them in the backup's
 * status. A restore that carries it needs no PerconaServerMongoDBBackup of the target cluster, so
 * the same backup restores in place or into a cluster of another name.
 *
 * @param block which storage field is set: one of {@link #BLOCKS}, or null when none was recorded
 * @param storage that field's value, or null
 */
record BackupSource(
    String type, String destination, String storageName, String block, ObjectNode storage) {

  /** The storage fields a backup status and a backupSource share. */
  static final List<String> BLOCKS = List.of("s3", "minio", "gcs", "azure", "filesystem");

  /** From a backup's {@code status}; empty until the operator has written a destination. */
  static Optional<BackupSource> fromStatus(JsonNode status) {
    return read(status, status.path("destination").asText(""));
  }

  /**
   * From what a cozystack Backup recorded: its snapshot ({@code status.underlyingResources}), whose
   * destination the {@code psmdb.percona.com/destination} metadata stands in for if it has none.
   */
  static Optional<BackupSource> fromRecord(JsonNode snapshot, Map<String, String> metadata) {
    JsonNode node = snapshot == null ? Serialization.jsonMapper().createObjectNode() : snapshot;
    String destination = node.path("destination").asText("");
    if (destination.isEmpty()) {
      destination = metadata.getOrDefault(PsmdbApi.DESTINATION, "");
    }
    return read(node, destination);
  }

  private static Optional<BackupSource> read(JsonNode node, String destination) {
    if (destination.isEmpty()) {
      return Optional.empty();
    }
    String type = node.path("type").asText("");
    String storageName = node.path("storageName").asText("");
    String block = BLOCKS.stream().filter(b -> node.path(b).isObject()).findFirst().orElse(null);
    return Optional.of(
        new BackupSource(
            type.isEmpty() ? PsmdbApi.LOGICAL : type,
            destination,
            storageName.isEmpty() ? null : storageName,
            block,
            block == null ? null : (ObjectNode) node.get(block).deepCopy()));
  }

  /**
   * The same source read with credentials Secret {@code secret}: a restore runs in the target's
   * namespace with the target's own Secret, as the source application (and its Secret) may be gone.
   */
  BackupSource withCredentials(String secret) {
    if (storage == null || "filesystem".equals(block)) {
      return this;
    }
    ObjectNode copy = storage.deepCopy();
    copy.put("credentialsSecret", secret);
    return new BackupSource(type, destination, storageName, block, copy);
  }

  /**
   * The same source without the S3 server-side encryption customer key, the one secret a storage
   * may hold inline: what a cozystack Backup records is readable by whoever may read Backups.
   */
  BackupSource withoutInlineSecrets() {
    if (storage == null || !storage.path("serverSideEncryption").has("sseCustomerKey")) {
      return this;
    }
    ObjectNode copy = storage.deepCopy();
    ((ObjectNode) copy.get("serverSideEncryption")).remove("sseCustomerKey");
    return new BackupSource(type, destination, storageName, block, copy);
  }

  /** The Secret the storage is read with, if it names one. */
  Optional<String> credentialsSecret() {
    return storage == null || !storage.hasNonNull("credentialsSecret")
        ? Optional.empty()
        : Optional.of(storage.get("credentialsSecret").asText());
  }

  /** As a restore's {@code backupSource} (and the fields of a Backup's snapshot). */
  ObjectNode toJson() {
    ObjectNode node = Serialization.jsonMapper().createObjectNode();
    node.put("type", type);
    node.put("destination", destination);
    if (storageName != null) {
      node.put("storageName", storageName);
    }
    if (block != null) {
      node.set(block, storage.deepCopy());
    }
    return node;
  }
}
