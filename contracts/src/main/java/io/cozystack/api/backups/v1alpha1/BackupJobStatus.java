package io.cozystack.api.backups.v1alpha1;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.cozystack.api.meta.Condition;
import io.cozystack.api.meta.LocalObjectReference;
import java.util.List;

/** Observed state of a {@link BackupJob}. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record BackupJobStatus(
    Long observedGeneration,
    RunPhase phase,
    @JsonPropertyDescription("The Backup produced, set on success.") LocalObjectReference backupRef,
    String startedAt,
    String completedAt,
    @JsonPropertyDescription("Why the job failed.") String message,
    @JsonPropertyDescription(
            "The registered driver this job is dispatched to; only that driver acts on it.")
        String driver,
    List<Condition> conditions)
    implements RunStatus {}
