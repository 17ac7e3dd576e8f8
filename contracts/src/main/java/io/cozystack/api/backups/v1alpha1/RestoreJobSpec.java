package io.cozystack.api.backups.v1alpha1;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import com.fasterxml.jackson.databind.JsonNode;
import io.cozystack.api.meta.LocalObjectReference;
import io.cozystack.api.meta.TypedLocalObjectReference;
import io.fabric8.crd.generator.annotation.PreserveUnknownFields;
import io.fabric8.generator.annotation.Required;

/** Spec of a {@link RestoreJob}. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record RestoreJobSpec(
    @Required @JsonPropertyDescription("The Backup to restore, in this namespace.")
        LocalObjectReference backupRef,
    @JsonPropertyDescription("Where to restore; absent means in place, into the backed-up app.")
        TypedLocalObjectReference targetApplicationRef,
    @PreserveUnknownFields @JsonPropertyDescription("Driver-specific restore options.")
        JsonNode options) {}
