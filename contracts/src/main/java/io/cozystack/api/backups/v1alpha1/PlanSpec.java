package io.cozystack.api.backups.v1alpha1;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.cozystack.api.meta.TypedLocalObjectReference;
import io.fabric8.generator.annotation.Required;
import io.fabric8.generator.annotation.Size;

/** Spec of a {@link Plan}. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record PlanSpec(
    @Required TypedLocalObjectReference applicationRef,
    @Required
        @Size(min = 1)
        @JsonPropertyDescription(
            "The BackupClass each slot's BackupJob names (never empty: a job needs one).")
        String backupClassName,
    PlanSchedule schedule) {

  /** When to run. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record PlanSchedule(
      ScheduleType type,
      @JsonPropertyDescription("Standard 5-field cron expression, or a macro such as @daily.")
          String cron) {}

  /** Kinds of schedule; only cron exists. */
  public enum ScheduleType {
    @JsonProperty("")
    NONE,
    @JsonProperty("cron")
    CRON
  }
}
