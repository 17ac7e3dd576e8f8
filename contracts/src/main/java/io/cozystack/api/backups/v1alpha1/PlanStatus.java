package io.cozystack.api.backups.v1alpha1;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.cozystack.api.meta.Condition;
import java.util.List;

/** Observed state of a {@link Plan}. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record PlanStatus(Long observedGeneration, List<Condition> conditions) {}
