package io.cozystack.catalog.virtualization.backups.velero;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Optional;

/**
 * The Velero driver's RestoreJob {@code spec.options}: {@code targetNamespace} (a copy restore into
 * that namespace when it differs from the Backup's) and {@code failIfTargetExists} (default true: a
 * copy restore over an application of the same kind and name there fails). Other keys are ignored,
 * as Cozystack ignores them.
 */
record RestoreOptions(String targetNamespace, boolean failIfTargetExists) {

  /**
   * The options of a RestoreJob.
   *
   * @throws IllegalArgumentException naming the option that has the wrong type
   */
  static RestoreOptions parse(JsonNode options) {
    JsonNode target = options.path("targetNamespace");
    if (!target.isMissingNode() && !target.isNull() && !target.isTextual()) {
      throw new IllegalArgumentException(
          "options.targetNamespace must be a string, got " + target.getNodeType());
    }
    JsonNode fail = options.path("failIfTargetExists");
    if (!fail.isMissingNode() && !fail.isNull() && !fail.isBoolean()) {
      throw new IllegalArgumentException(
          "options.failIfTargetExists must be a boolean, got " + fail.getNodeType());
    }
    return new RestoreOptions(
        target.isTextual() && !target.asText().isEmpty() ? target.asText() : null,
        !fail.isBoolean() || fail.asBoolean());
  }

  /** The namespace a copy restore goes to; empty for a restore into the Backup's own namespace. */
  Optional<String> copyTo(String backupNamespace) {
    return targetNamespace == null || targetNamespace.equals(backupNamespace)
        ? Optional.empty()
        : Optional.of(targetNamespace);
  }
}
