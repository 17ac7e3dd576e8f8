package io.cozystack.api.v1alpha1;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.fabric8.generator.annotation.Required;
import java.util.List;

/** One way to install a package: its components, libraries and package dependencies. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Variant(
    @Required @JsonPropertyDescription("Unique name; a Package selects a variant by it.")
        String name,
    @JsonPropertyDescription("Names of packages that must be ready before this one is installed.")
        List<String> dependsOn,
    @JsonPropertyDescription("Helm library charts the components can vendor.")
        List<Library> libraries,
    List<Component> components) {}
