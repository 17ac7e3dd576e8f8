package io.cozystack.catalog.services.backups.mariadb;

import com.fasterxml.jackson.databind.JsonNode;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.utils.Serialization;

/**
 * What the {@code Complete} condition of a mariadb-operator Backup or Restore says. The operator
 * sets {@code Complete=True/JobComplete} when its Job succeeded, {@code Complete=True/JobFailed}
 * when it failed (True: the Job is over), and {@code False/JobRunning} or {@code
 * False/JobSuspended} while it is not over; reason {@code JobFailed} is a failure whatever the
 * status.
 *
 * @param status the condition's status, or null when there is no Complete condition
 * @param reason its reason, or null
 * @param message its message, or null
 */
record CompleteCondition(State state, String status, String reason, String message) {
  static final String TYPE = "Complete";
  static final String JOB_COMPLETE = "JobComplete";
  static final String JOB_FAILED = "JobFailed";

  /** Where the upstream object stands. */
  enum State {
    SUCCEEDED,
    FAILED,
    RUNNING
  }

  /** Reads the {@code Complete} condition of {@code object}'s status. */
  static CompleteCondition of(GenericKubernetesResource object) {
    JsonNode conditions =
        Serialization.jsonMapper().valueToTree(object).path("status").path("conditions");
    for (JsonNode c : conditions) {
      if (TYPE.equals(c.path("type").asText())) {
        return of(text(c, "status"), text(c, "reason"), text(c, "message"));
      }
    }
    return new CompleteCondition(State.RUNNING, null, null, null);
  }

  /** The state a Complete condition with this status and reason means. */
  static CompleteCondition of(String status, String reason, String message) {
    State state;
    if (JOB_FAILED.equals(reason)) {
      state = State.FAILED;
    } else if ("True".equals(status) && JOB_COMPLETE.equals(reason)) {
      state = State.SUCCEEDED;
    } else {
      state = State.RUNNING;
    }
    return new CompleteCondition(state, status, reason, message);
  }

  /** {@code Complete=<status>/<reason>}, or that no Complete condition was observed. */
  String describe() {
    return status == null
        ? "no Complete condition observed"
        : "Complete=" + status + "/" + (reason == null ? "" : reason);
  }

  /** The condition's message, or {@link #describe()} when it has none. */
  String messageOrDescription() {
    return message == null || message.isBlank() ? describe() : message;
  }

  private static String text(JsonNode condition, String field) {
    JsonNode value = condition.path(field);
    return value.isTextual() ? value.asText() : null;
  }
}
