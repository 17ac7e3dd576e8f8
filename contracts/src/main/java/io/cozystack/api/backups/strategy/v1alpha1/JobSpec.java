package io.cozystack.api.backups.strategy.v1alpha1;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.fabric8.generator.annotation.Required;
import io.fabric8.kubernetes.api.model.PodTemplateSpec;

/** Spec of a {@link Job} strategy. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record JobSpec(
    @Required @JsonPropertyDescription("Pod template; its strings are templates.")
        PodTemplateSpec template) {}
