package io.cozystack.api.meta;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.fabric8.generator.annotation.Required;

/**
 * A CEL health check for objects of one kind in a release, copied into {@code
 * HelmRelease.spec.healthCheckExprs}.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record HealthCheckExpr(
    @Required String apiVersion,
    @Required String kind,
    @Required @JsonPropertyDescription("CEL expression that is true when the object is healthy.")
        String current,
    @JsonPropertyDescription("CEL expression that is true when the object has failed.")
        String failed,
    @JsonPropertyDescription("CEL expression that is true while the object is progressing.")
        String inProgress) {}
