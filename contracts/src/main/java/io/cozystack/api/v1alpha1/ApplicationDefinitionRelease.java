package io.cozystack.api.v1alpha1;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.cozystack.api.meta.HealthCheckExpr;
import io.cozystack.api.meta.WaitStrategy;
import io.fabric8.generator.annotation.Pattern;
import io.fabric8.generator.annotation.Required;
import java.util.List;
import java.util.Map;

/** How each application instance is rendered as a Flux HelmRelease. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ApplicationDefinitionRelease(
    @Required @JsonPropertyDescription("The chart artifact every instance installs.")
        CrossNamespaceSourceReference chartRef,
    @JsonPropertyDescription("Labels added to every HelmRelease of this kind.")
        Map<String, String> labels,
    @Required
        @Pattern("^[a-z0-9-]*$")
        @JsonPropertyDescription(
            "HelmRelease name prefix: the release is <prefix><name>. Lowercase letters, digits and '-'.")
        String prefix,
    WaitStrategy waitStrategy,
    List<HealthCheckExpr> healthCheckExprs,
    @JsonPropertyDescription(
            "K2 values the chart cannot work without, as _cluster.<key> or _namespace.<key>. While"
                + " one is missing or empty in the release's namespace, the release is not rendered"
                + " and the reason is shown in status.")
        List<@Pattern("^_(cluster|namespace)\\.[A-Za-z0-9-]+$") String> requiredValues) {}
