package io.cozystack.catalog.services.backups.foundationdb;

import com.fasterxml.jackson.databind.JsonNode;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import java.util.Set;

/**
 * What a FoundationDBRestore's status says (operator v1.55.0): {@code running} once the operator
 * has started {@code fdbrestore}, and {@code state} as {@code fdbrestore status} reports it: {@code
 * uninitialized}, {@code queued}, {@code starting}, {@code running}, then {@code completed} or
 * {@code aborted}; {@code Unknown} while there is no restore to report (e.g. before it started).
 */
record RestoreState(Phase phase, String state, boolean running) {
  static final String COMPLETED = "completed";
  static final String ABORTED = "aborted";
  private static final Set<String> UNDER_WAY = Set.of("queued", "starting", "running");

  /** Where the restore stands. */
  enum Phase {
    SUCCEEDED,
    FAILED,
    RUNNING
  }

  static RestoreState of(GenericKubernetesResource restore) {
    JsonNode status = FdbApi.tree(restore).path("status");
    String state = status.path("state").asText("");
    Phase phase;
    if (COMPLETED.equalsIgnoreCase(state)) {
      phase = Phase.SUCCEEDED;
    } else if (ABORTED.equalsIgnoreCase(state)) {
      phase = Phase.FAILED;
    } else {
      phase = Phase.RUNNING;
    }
    return new RestoreState(phase, state, status.path("running").asBoolean(false));
  }

  /**
   * Whether the restore is being carried out: the target is locked until it ends, and its agents
   * must stay until then.
   */
  boolean underWay() {
    return phase == Phase.RUNNING && (running || UNDER_WAY.contains(state));
  }

  /** {@code state=<state> running=<running>}, or that no status was observed yet. */
  String describe() {
    if (state.isEmpty() && !running) {
      return "no status observed yet";
    }
    return "state=" + (state.isEmpty() ? "none" : state) + " running=" + running;
  }
}
