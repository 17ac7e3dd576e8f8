package io.cozystack.api.backups.v1alpha1;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.cozystack.api.meta.LocalObjectReference;
import io.cozystack.api.meta.TypedLocalObjectReference;
import io.fabric8.generator.annotation.Required;
import io.fabric8.generator.annotation.Size;
import io.fabric8.generator.annotation.ValidationRule;

/** Spec of a {@link BackupJob}. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record BackupJobSpec(
    @JsonPropertyDescription("The Plan that created this job, if any.")
        LocalObjectReference planRef,
    @Required @JsonPropertyDescription("The application to back up, in this namespace.")
        TypedLocalObjectReference applicationRef,
    @Required
        @Size(min = 1)
        @ValidationRule(value = "self == oldSelf", message = "backupClassName is immutable")
        @JsonPropertyDescription("The BackupClass that routes the application to a strategy.")
        String backupClassName) {}
