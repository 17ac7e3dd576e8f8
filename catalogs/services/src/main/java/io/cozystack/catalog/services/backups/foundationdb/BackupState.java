package io.cozystack.catalog.services.backups.foundationdb;

import com.fasterxml.jackson.databind.JsonNode;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * What a FoundationDBBackup's status says (operator v1.55.0). The operator writes no phase and no
 * error: it reports the cluster's live backup ({@code backupDetails.running}, {@code .url}, and in
 * {@code .snapshotTime} the snapshot period, not a time) and, in {@code generations}, whether it
 * has reconciled the object's current generation ({@code reconciled}) or what it still needs
 * ({@code needsBackupStart}, {@code needsBackupAgentUpdate}, ...). A cluster has one live backup,
 * which every FoundationDBBackup of that cluster reports.
 *
 * @param desired {@code spec.backupState} (empty means Running)
 * @param hasStatus whether the operator has written any status
 * @param pending the {@code needs*} generations not yet reconciled, by name
 */
record BackupState(
    String desired,
    boolean hasStatus,
    boolean reconciled,
    boolean running,
    String url,
    String directory,
    Map<String, Long> pending) {

  static BackupState of(GenericKubernetesResource backup) {
    JsonNode tree = FdbApi.tree(backup);
    JsonNode status = tree.path("status");
    long generation = tree.at("/metadata/generation").asLong(1);
    JsonNode generations = status.path("generations");
    Map<String, Long> pending = new java.util.TreeMap<>();
    for (Iterator<Map.Entry<String, JsonNode>> it = generations.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> field = it.next();
      if (field.getKey().startsWith("needs") && field.getValue().asLong() > 0) {
        pending.put(field.getKey(), field.getValue().asLong());
      }
    }
    String name = tree.at("/spec/blobStoreConfiguration/backupName").asText("");
    return new BackupState(
        tree.at("/spec/backupState").asText(""),
        status.isObject() && !status.isEmpty(),
        generations.path("reconciled").asLong(0) >= generation,
        status.at("/backupDetails/running").asBoolean(false),
        status.at("/backupDetails/url").asText(""),
        name.isEmpty() ? backup.getMetadata().getName() : name,
        pending);
  }

  boolean stopRequested() {
    return FdbApi.STOPPED.equals(desired);
  }

  /**
   * Running as asked: the operator has reconciled this generation, the cluster's backup runs, and
   * it writes to this object's own directory (not another backup of the same cluster).
   */
  boolean ready() {
    return !stopRequested() && reconciled && running && writesHere();
  }

  /** Stopped as asked and reported so, or never acted on: safe to delete. */
  boolean stopped() {
    return stopRequested() && (!hasStatus || (reconciled && !running));
  }

  /** Whether the live backup's URL names this object's directory. */
  boolean writesHere() {
    int path = url.indexOf('/', "blobstore://".length());
    int query = url.indexOf('?');
    return path >= 0 && url.substring(path + 1, query < 0 ? url.length() : query).equals(directory);
  }

  /** What the operator has not done yet, for messages. */
  String describe() {
    if (!hasStatus) {
      return "the operator has written no status yet";
    }
    List<String> parts = new ArrayList<>();
    if (!reconciled) {
      parts.add("not reconciled" + (pending.isEmpty() ? "" : " (" + pendingText() + ")"));
    }
    if (!running) {
      parts.add("backupDetails.running is false");
    } else if (!url.isEmpty() && !writesHere()) {
      parts.add("the cluster's running backup writes to " + url + ", not to " + directory);
    }
    return parts.isEmpty() ? "running at " + url : String.join("; ", parts);
  }

  private String pendingText() {
    List<String> names = new ArrayList<>();
    pending.forEach((k, v) -> names.add(k + "=" + v));
    return String.join(", ", names);
  }
}
