package io.cozystack.api.backups.v1alpha1;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.cozystack.api.meta.LocalObjectReference;
import io.cozystack.api.meta.TypedLocalObjectReference;
import io.fabric8.generator.annotation.Required;
import java.util.Map;

/** Spec of a {@link Backup}. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record BackupSpec(
    @Required @JsonPropertyDescription("The application that was backed up.")
        TypedLocalObjectReference applicationRef,
    @JsonPropertyDescription("The Plan whose BackupJob produced this backup.")
        LocalObjectReference planRef,
    @Required @JsonPropertyDescription("The strategy that produced it; restores dispatch on it.")
        TypedLocalObjectReference strategyRef,
    @Required @JsonPropertyDescription("When the backup was taken (RFC 3339).") String takenAt,
    @JsonPropertyDescription("Opaque driver data needed to restore or clean up.")
        Map<String, String> driverMetadata) {}
