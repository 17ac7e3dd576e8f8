package io.cozystack.api.backups.v1alpha1;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.cozystack.api.meta.Condition;
import java.util.List;

/** Observed state of a {@link RestoreJob}. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record RestoreJobStatus(
    Long observedGeneration,
    RunPhase phase,
    String startedAt,
    String completedAt,
    String message,
    @JsonPropertyDescription(
            "The registered driver this job is dispatched to; only that driver acts on it.")
        String driver,
    List<Condition> conditions)
    implements RunStatus {}
