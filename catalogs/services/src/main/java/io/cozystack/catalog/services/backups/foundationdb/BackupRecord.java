package io.cozystack.catalog.services.backups.foundationdb;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.cozystack.api.backups.v1alpha1.BackupStatus.BackupArtifact;
import io.cozystack.contracts.driver.Progress;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a running FoundationDBBackup is recorded as in the cozystack Backup, read from the object
 * the operator acts on (where the agents really write, not the strategy as it is now), in
 * Cozystack's shapes so either side's Backups restore: the {@code apps.foundationdb.org/*}
 * driverMetadata, the operator's backup URL as the artifact, and a {@code
 * FoundationDBBackupSnapshot} holding the blob store (with the directory), the parameters the
 * agents ran with and the BackupClass parameters, so a restore works after the operator object is
 * gone.
 */
final class BackupRecord {
  static final String SNAPSHOT_API_VERSION = "backups.cozystack.io/v1alpha1";
  static final String SNAPSHOT_KIND = "FoundationDBBackupSnapshot";

  private BackupRecord() {}

  /** The BackedUp progress of a ready operator backup. */
  static Progress.BackedUp of(
      GenericKubernetesResource operatorBackup, Map<String, String> params) {
    JsonNode spec = FdbApi.tree(operatorBackup).path("spec");
    BackupState state = BackupState.of(operatorBackup);
    BlobStore store =
        BlobStore.fromJson(spec.path("blobStoreConfiguration")).withBackupName(state.directory());
    String url = state.url().isEmpty() ? store.url() : state.url();
    List<String> customParameters = new ArrayList<>();
    spec.path("customParameters").forEach(p -> customParameters.add(p.asText()));
    return Progress.backedUp(
        new BackupArtifact(url, null, null),
        driverMetadata(
            operatorBackup.getMetadata().getName(),
            operatorBackup.getMetadata().getNamespace(),
            store,
            url),
        snapshot(store, customParameters, params));
  }

  static Map<String, String> driverMetadata(
      String operatorBackup, String namespace, BlobStore store, String url) {
    Map<String, String> metadata = new LinkedHashMap<>();
    metadata.put(FdbApi.METADATA_PREFIX + FdbApi.BACKUP_NAME, operatorBackup);
    metadata.put(FdbApi.METADATA_PREFIX + FdbApi.BACKUP_NAMESPACE, namespace);
    metadata.put(FdbApi.METADATA_PREFIX + FdbApi.ACCOUNT_NAME, store.accountName());
    if (store.bucket() != null) {
      metadata.put(FdbApi.METADATA_PREFIX + FdbApi.BUCKET, store.bucket());
    }
    metadata.put(FdbApi.METADATA_PREFIX + FdbApi.BLOB_BACKUP_NAME, store.backupName());
    metadata.put(FdbApi.METADATA_PREFIX + FdbApi.STORAGE_URI, url);
    return metadata;
  }

  /** The blob store, the agents' parameters and the BackupClass parameters, self-typed. */
  static JsonNode snapshot(
      BlobStore store, List<String> customParameters, Map<String, String> params) {
    ObjectNode node = Serialization.jsonMapper().createObjectNode();
    node.put("apiVersion", SNAPSHOT_API_VERSION);
    node.put("kind", SNAPSHOT_KIND);
    node.set("storage", store.toJson());
    if (!customParameters.isEmpty()) {
      customParameters.forEach(node.putArray("customParameters")::add);
    }
    node.set("parameters", Serialization.jsonMapper().valueToTree(params));
    return node;
  }
}
