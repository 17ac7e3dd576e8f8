package io.cozystack.api.v1alpha1;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.cozystack.api.meta.Condition;
import java.util.List;

/** The versions the operator detected. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record PlatformPropertiesStatus(
    Long observedGeneration,
    List<Condition> conditions,
    @JsonPropertyDescription("The API server's version (kubernetes.version).")
        String kubernetesVersion,
    @JsonPropertyDescription("The operator's version (platform.version).") String platformVersion,
    @JsonPropertyDescription("The contract version the platform implements (N).")
        Integer contractVersion) {}
