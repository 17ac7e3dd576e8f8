package io.cozystack.catalog.services.backups.foundationdb;

import com.fasterxml.jackson.databind.JsonNode;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import java.util.Optional;

/**
 * What the driver reads from a FoundationDBCluster, and what it must offer before the driver asks
 * its operator for a backup or a restore: a version (the agents run the cluster's) and, for a
 * backup, a database the operator reports available ({@code status.health.available}), as the
 * operator cannot start a backup of a database it cannot reach.
 *
 * @param imageType the cluster's {@code spec.imageType}, which its agents use too; null if unset
 */
record FdbCluster(String name, String version, String imageType, boolean available) {

  /** Why a job cannot go on yet: a reason for the job's condition and what to change. */
  record Problem(String reason, String message) {}

  static FdbCluster of(GenericKubernetesResource cluster) {
    JsonNode tree = FdbApi.tree(cluster);
    String imageType = tree.at("/spec/imageType").asText("");
    return new FdbCluster(
        cluster.getMetadata().getName(),
        tree.at("/spec/version").asText(""),
        imageType.isEmpty() ? null : imageType,
        tree.at("/status/health/available").asBoolean(false));
  }

  /** Why {@code cluster} (empty: not found) of {@code application} cannot be backed up yet. */
  static Optional<Problem> forBackup(Optional<FdbCluster> cluster, String application) {
    if (cluster.isEmpty()) {
      return Optional.of(
          new Problem(
              "FoundationDBClusterNotReady",
              "not found; it is rendered by FoundationDB application " + application));
    }
    if (cluster.get().version().isEmpty()) {
      return Optional.of(new Problem("FoundationDBClusterVersionUnknown", "spec.version is empty"));
    }
    if (!cluster.get().available()) {
      return Optional.of(
          new Problem(
              "FoundationDBClusterNotAvailable",
              "the operator does not report the database available (status.health.available)"));
    }
    return Optional.empty();
  }

  /** Why {@code cluster} (empty: not found) cannot be restored into yet. */
  static Optional<Problem> forRestore(Optional<FdbCluster> cluster, String application) {
    if (cluster.isEmpty()) {
      return Optional.of(
          new Problem(
              "TargetFoundationDBClusterNotReady",
              "not found; create FoundationDB application " + application + " first"));
    }
    if (cluster.get().version().isEmpty()) {
      return Optional.of(
          new Problem("TargetFoundationDBClusterVersionUnknown", "spec.version is empty"));
    }
    return Optional.empty();
  }
}
