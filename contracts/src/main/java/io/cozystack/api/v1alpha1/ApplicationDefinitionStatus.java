package io.cozystack.api.v1alpha1;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import com.fasterxml.jackson.databind.JsonNode;
import io.cozystack.api.meta.Condition;
import io.fabric8.crd.generator.annotation.PreserveUnknownFields;
import java.util.List;

/** Observed state of an {@link ApplicationDefinition}: which kind it serves, and whether. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ApplicationDefinitionStatus(
    Long observedGeneration,
    List<Condition> conditions,
    @JsonPropertyDescription("The served kind, e.g. apps.cozystack.io/v1alpha1 Tenant.")
        String kind,
    @JsonPropertyDescription("Name of the CRD that serves the kind.") String crd,
    @JsonPropertyDescription("Whether instances of the kind are being reconciled now.")
        Boolean served,
    @PreserveUnknownFields
        @JsonPropertyDescription(
            "Schema extensions (x-cozystack-*) of the values schema, by path; a CRD cannot carry"
                + " them, so the console reads them here.")
        JsonNode schemaExtensions) {}
