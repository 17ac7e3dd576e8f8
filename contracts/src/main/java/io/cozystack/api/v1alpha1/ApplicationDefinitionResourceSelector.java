package io.cozystack.api.v1alpha1;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.fabric8.kubernetes.api.model.LabelSelectorRequirement;
import java.util.List;
import java.util.Map;

/**
 * A label selector plus resource names; all criteria must match. Names are templates over {@code {{
 * .name }}}, {@code {{ .kind }}} and {@code {{ .namespace }}}.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ApplicationDefinitionResourceSelector(
    Map<String, String> matchLabels,
    List<LabelSelectorRequirement> matchExpressions,
    @JsonPropertyDescription("Object names, as templates over .name, .kind and .namespace.")
        List<String> resourceNames) {}
