package io.cozystack.api.v1alpha1;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.cozystack.api.meta.Condition;
import java.util.List;

/** Observed state of an {@link ApplicationDefinition}. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ApplicationDefinitionStatus(Long observedGeneration, List<Condition> conditions) {}
