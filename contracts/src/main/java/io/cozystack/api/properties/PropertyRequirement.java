package io.cozystack.api.properties;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.fabric8.generator.annotation.Pattern;
import io.fabric8.generator.annotation.Required;

/** One platform property a catalog needs; a version property may name its minimum. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record PropertyRequirement(
    @Required @JsonPropertyDescription("The property, e.g. network.multus or kubernetes.version.")
        PlatformProperty property,
    @Pattern("^[0-9]+\\.[0-9]+(\\.[0-9]+)?$")
        @JsonPropertyDescription(
            "For a version property: the lowest version that works, e.g. 1.32.")
        String minVersion,
    @JsonPropertyDescription("Why the catalog needs it (shown when it is missing).")
        String reason) {}
