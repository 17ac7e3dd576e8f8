package io.cozystack.api.backups.v1alpha1;

import com.fasterxml.jackson.annotation.JsonProperty;

/** Phase of a BackupJob or RestoreJob run. */
public enum RunPhase {
  @JsonProperty("")
  NONE,
  @JsonProperty("Pending")
  PENDING,
  @JsonProperty("Running")
  RUNNING,
  @JsonProperty("Succeeded")
  SUCCEEDED,
  @JsonProperty("Failed")
  FAILED
}
