package io.cozystack.api.v1alpha1;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.fabric8.generator.annotation.Required;

/**
 * The kind served under {@code apps.cozystack.io/v1alpha1} for an {@link ApplicationDefinition}.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ApplicationDefinitionApplication(
    @Required @JsonPropertyDescription("Kind of the served resource, e.g. Postgres.") String kind,
    @Required
        @JsonProperty("openAPISchema")
        @JsonPropertyDescription("JSON text of the OpenAPI schema of the served resource's spec.")
        String openAPISchema,
    @Required @JsonPropertyDescription("Plural resource name, e.g. postgreses.") String plural,
    @Required @JsonPropertyDescription("Singular resource name, e.g. postgres.") String singular) {}
