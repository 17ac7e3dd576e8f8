package io.cozystack.api.backups.strategy.v1alpha1;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.cozystack.api.meta.Condition;
import java.util.List;

/** Observed state of a {@link Job} strategy. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record JobStatus(Long observedGeneration, List<Condition> conditions) {}
