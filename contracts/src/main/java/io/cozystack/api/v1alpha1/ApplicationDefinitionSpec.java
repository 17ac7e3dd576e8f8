package io.cozystack.api.v1alpha1;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.fabric8.generator.annotation.Required;
import io.fabric8.generator.annotation.ValidationRule;

/**
 * Spec of an {@link ApplicationDefinition}. Placement is compared with absence read as
 * ManagementPlane, so a definition written before the field existed keeps its stored form and still
 * cannot move its instances.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@ValidationRule(
    value =
        "(has(self.placement) ? self.placement : 'ManagementPlane') =="
            + " (has(oldSelf.placement) ? oldSelf.placement : 'ManagementPlane')",
    message =
        "placement is immutable: instances already installed in one cluster cannot move; publish"
            + " the kind under a new definition instead")
public record ApplicationDefinitionSpec(
    @Required ApplicationDefinitionApplication application,
    @Required ApplicationDefinitionRelease release,
    @JsonPropertyDescription("Secrets of an application that its tenant may see.")
        ApplicationDefinitionResources secrets,
    @JsonPropertyDescription("Services of an application that its tenant may see.")
        ApplicationDefinitionResources services,
    @JsonPropertyDescription("Ingresses of an application that its tenant may see.")
        ApplicationDefinitionResources ingresses,
    @JsonPropertyDescription("How the dashboard shows this kind.") Dashboard dashboard,
    @JsonPropertyDescription(
            "Where instances are installed: ManagementPlane (the management cluster, also when"
                + " absent) or ComputePlane (the ComputePlane cluster of the instance's tenant,"
                + " never the management cluster; contract version 2). Immutable.")
        Placement placement) {}
