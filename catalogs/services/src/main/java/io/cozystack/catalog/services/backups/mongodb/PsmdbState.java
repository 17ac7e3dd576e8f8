package io.cozystack.catalog.services.backups.mongodb;

import com.fasterxml.jackson.databind.JsonNode;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.util.Set;

/**
 * What the {@code status.state} of a PerconaServerMongoDBBackup or -Restore says. The operator
 * writes a plain string, no conditions: none yet on a new object, then {@code waiting} (for another
 * backup or restore, or its agents), {@code requested}, {@code running}, and at the end {@code
 * ready} or {@code error} (a restore may also be {@code rejected}), with {@code status.error}.
 *
 * @param value the state as written, or empty when there is none
 * @param error the operator's {@code status.error}, or empty
 */
record PsmdbState(Phase phase, String value, String error) {
  static final String READY = "ready";

  /** States in which the operator has begun acting on the object and not finished. */
  private static final Set<String> UNDER_WAY = Set.of("waiting", "requested", "running");

  private static final Set<String> FAILED = Set.of("error", "rejected");

  /** Where the upstream object stands. */
  enum Phase {
    SUCCEEDED,
    FAILED,
    RUNNING
  }

  /** Reads the state of {@code object}'s status. */
  static PsmdbState of(GenericKubernetesResource object) {
    JsonNode status = Serialization.jsonMapper().valueToTree(object).path("status");
    return of(status.path("state").asText(""), status.path("error").asText(""));
  }

  static PsmdbState of(String value, String error) {
    Phase phase;
    if (READY.equals(value)) {
      phase = Phase.SUCCEEDED;
    } else if (FAILED.contains(value)) {
      phase = Phase.FAILED;
    } else {
      phase = Phase.RUNNING;
    }
    return new PsmdbState(phase, value, error);
  }

  /**
   * Whether the operator is in the middle of it: a restore in this state may already have stopped
   * the cluster's point-in-time oplog capture, which only the operator's end of it turns back on.
   */
  boolean underWay() {
    return UNDER_WAY.contains(value);
  }

  /** {@code state=<value>}, or that no state was observed yet. */
  String describe() {
    return value.isEmpty() ? "no state observed yet" : "state=" + value;
  }

  /** The operator's error, or {@link #describe()} when it gave none. */
  String errorOrDescription() {
    return error.isBlank() ? describe() : error;
  }
}
