package io.cozystack.api.backups.v1alpha1;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.cozystack.api.meta.Condition;
import java.util.List;

/** Observed state of a {@link Plan}. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record PlanStatus(
    Long observedGeneration,
    List<Condition> conditions,
    @com.fasterxml.jackson.annotation.JsonPropertyDescription(
            "The slot of the last BackupJob this Plan created (RFC 3339).")
        String lastScheduleTime,
    @com.fasterxml.jackson.annotation.JsonPropertyDescription("The next slot (RFC 3339).")
        String nextScheduleTime) {}
