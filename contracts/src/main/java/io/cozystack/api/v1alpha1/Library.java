package io.cozystack.api.v1alpha1;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.fabric8.generator.annotation.Pattern;
import io.fabric8.generator.annotation.Required;

/** A Helm library chart inside the source. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Library(
    @JsonPropertyDescription(
            "Name components use to refer to it; defaults to the last path segment.")
        String name,
    @Required
        @Pattern(SourcePath.PATTERN)
        @JsonPropertyDescription(
            "Chart directory relative to the base path; no leading \"/\", no \"..\" segment.")
        String path) {}
