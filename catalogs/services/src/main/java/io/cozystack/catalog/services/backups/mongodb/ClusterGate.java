package io.cozystack.catalog.services.backups.mongodb;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What a PerconaServerMongoDB must offer before the driver asks its operator for a backup or a
 * restore. The operator runs its backup agents only with {@code spec.backup.enabled}, and resolves
 * a backup's {@code storageName} in {@code spec.backup.storages}; without them a backup or restore
 * would wait or fail there, so the driver says what to change instead.
 */
final class ClusterGate {
  private ClusterGate() {}

  /** Why a job cannot go on yet: a reason for the job's condition and what to change. */
  record Problem(String reason, String message) {}

  /** Why {@code cluster} (empty: not found) cannot back up to {@code storage} yet. */
  static Optional<Problem> forBackup(
      Optional<JsonNode> cluster, String storage, String application) {
    if (cluster.isEmpty()) {
      return Optional.of(new Problem("PerconaServerMongoDBNotReady", "not found"));
    }
    Optional<Problem> disabled = agentsOff(cluster.get(), application, "BackupsDisabled");
    if (disabled.isPresent()) {
      return disabled;
    }
    List<String> declared = storages(cluster.get());
    if (!declared.contains(storage)) {
      return Optional.of(
          new Problem(
              "StorageNotDeclared",
              "spec.backup.storages declares no storage '"
                  + storage
                  + "' (it declares "
                  + declared
                  + "); name one of them in the strategy's template.storageName"));
    }
    return Optional.empty();
  }

  /** Why {@code cluster} (empty: not found) cannot be restored into yet. */
  static Optional<Problem> forRestore(Optional<JsonNode> cluster, String application) {
    if (cluster.isEmpty()) {
      return Optional.of(
          new Problem(
              "TargetPerconaServerMongoDBNotReady",
              "not found; create MongoDB application " + application + " first"));
    }
    return agentsOff(cluster.get(), application, "TargetBackupsDisabled");
  }

  /** Backups and restores both need the operator's backup agents. */
  private static Optional<Problem> agentsOff(JsonNode cluster, String application, String reason) {
    if (!cluster.at("/spec/backup/enabled").asBoolean(false)) {
      return Optional.of(
          new Problem(
              reason,
              "spec.backup.enabled is false, so the operator runs no backup agents; set"
                  + " backup.enabled (with destinationPath, endpointURL and the S3 keys) on MongoDB"
                  + " application "
                  + application));
    }
    return Optional.empty();
  }

  /** The storages {@code cluster} declares, by name. */
  static List<String> storages(JsonNode cluster) {
    List<String> names = new ArrayList<>();
    cluster.at("/spec/backup/storages").fieldNames().forEachRemaining(names::add);
    return names;
  }

  /**
   * The Secret of {@code cluster}'s own credentials for a storage of type {@code block} (e.g.
   * {@code s3}): of storage {@code preferred}, else of {@link PsmdbApi#DEFAULT_STORAGE}, else of
   * its only storage. Empty when none names one.
   */
  static Optional<String> credentialsSecret(JsonNode cluster, String block, String preferred) {
    JsonNode storages = cluster.at("/spec/backup/storages");
    List<String> candidates = new ArrayList<>();
    if (preferred != null) {
      candidates.add(preferred);
    }
    candidates.add(PsmdbApi.DEFAULT_STORAGE);
    if (storages.size() == 1) {
      candidates.add(storages.fieldNames().next());
    }
    for (String name : candidates) {
      String secret = storages.path(name).path(block).path("credentialsSecret").asText("");
      if (!secret.isEmpty()) {
        return Optional.of(secret);
      }
    }
    return Optional.empty();
  }
}
