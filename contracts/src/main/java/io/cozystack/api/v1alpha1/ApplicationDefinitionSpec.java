package io.cozystack.api.v1alpha1;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.fabric8.generator.annotation.Required;

/** Spec of an {@link ApplicationDefinition}. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ApplicationDefinitionSpec(
    @Required ApplicationDefinitionApplication application,
    @Required ApplicationDefinitionRelease release,
    @JsonPropertyDescription("Secrets of an application that its tenant may see.")
        ApplicationDefinitionResources secrets,
    @JsonPropertyDescription("Services of an application that its tenant may see.")
        ApplicationDefinitionResources services,
    @JsonPropertyDescription("Ingresses of an application that its tenant may see.")
        ApplicationDefinitionResources ingresses,
    @JsonPropertyDescription("How the dashboard shows this kind.") Dashboard dashboard) {}
