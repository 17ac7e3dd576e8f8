package io.cozystack.api.meta;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.fabric8.generator.annotation.Min;
import io.fabric8.generator.annotation.Pattern;
import io.fabric8.generator.annotation.Required;
import io.fabric8.generator.annotation.Size;

/**
 * A kstatus-style condition, wire-identical to {@code metav1.Condition}: the same fields, required
 * markers and patterns, so objects written by Go controllers and by this operator look alike.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Condition(
    @Required
        @Size(max = 316)
        @Pattern(
            "^([a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*/)?(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])$")
        @JsonPropertyDescription(
            "Type of condition in CamelCase, e.g. Ready, Reconciling, Stalled.")
        String type,
    @Required @JsonPropertyDescription("True, False or Unknown.") ConditionStatus status,
    @Min(0) @JsonPropertyDescription("The metadata.generation this condition was computed from.")
        Long observedGeneration,
    @Required @JsonPropertyDescription("When the status last changed (RFC 3339).")
        String lastTransitionTime,
    @Required
        @Size(min = 1, max = 1024)
        @Pattern("^[A-Za-z]([A-Za-z0-9_,:]*[A-Za-z0-9_])?$")
        @JsonPropertyDescription("Machine-readable CamelCase reason for the last transition.")
        String reason,
    @Required
        @Size(max = 32768)
        @JsonPropertyDescription("Human-readable message: what happened and what to do.")
        String message) {}
