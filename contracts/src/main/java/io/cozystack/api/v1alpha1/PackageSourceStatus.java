package io.cozystack.api.v1alpha1;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.cozystack.api.meta.Condition;
import java.util.List;

/** Observed state of a {@link PackageSource}. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record PackageSourceStatus(
    Long observedGeneration,
    @JsonPropertyDescription("Comma-separated names of the variants.") String variants,
    List<Condition> conditions) {}
