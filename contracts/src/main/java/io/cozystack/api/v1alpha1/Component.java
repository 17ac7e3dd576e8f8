package io.cozystack.api.v1alpha1;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.fabric8.generator.annotation.Pattern;
import io.fabric8.generator.annotation.Required;
import java.util.List;

/** A chart of a variant. Without {@code install} it is source-only: an artifact, no release. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Component(
    @Required @JsonPropertyDescription("Unique within the variant.") String name,
    @Required
        @Pattern(SourcePath.PATTERN)
        @JsonPropertyDescription(
            "Chart directory relative to the base path; no leading \"/\", no \"..\" segment.")
        String path,
    @JsonPropertyDescription("Names of variant libraries vendored into charts/<library>/.")
        List<String> libraries,
    @JsonPropertyDescription(
            "Files in the component directory: the first replaces values.yaml, the rest deep-merge;"
                + " relative, no \"..\" segment.")
        List<@Pattern(SourcePath.PATTERN) String> valuesFiles,
    @JsonPropertyDescription("How to install the component; absent means source-only.")
        ComponentInstall install) {}
