package io.cozystack.api.backups.v1alpha1;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import com.fasterxml.jackson.databind.JsonNode;
import io.cozystack.api.meta.Condition;
import io.fabric8.crd.generator.annotation.PreserveUnknownFields;
import io.fabric8.generator.annotation.Required;
import java.util.List;

/** Observed state of a {@link Backup}. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record BackupStatus(
    Long observedGeneration,
    Phase phase,
    BackupArtifact artifact,
    @PreserveUnknownFields
        @JsonPropertyDescription(
            "Driver-specific description of what was captured, self-typed JSON.")
        JsonNode underlyingResources,
    List<Condition> conditions) {

  /** Lifecycle of a backup artifact. */
  public enum Phase {
    @JsonProperty("")
    NONE,
    @JsonProperty("Pending")
    PENDING,
    @JsonProperty("Ready")
    READY,
    @JsonProperty("Failed")
    FAILED
  }

  /** Where the artifact lives. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record BackupArtifact(
      @Required @JsonPropertyDescription("Location, e.g. velero://<namespace>/<name>.") String uri,
      Long sizeBytes,
      String checksum) {}
}
