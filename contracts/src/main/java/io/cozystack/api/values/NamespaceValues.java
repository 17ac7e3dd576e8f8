package io.cozystack.api.values;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;

/**
 * The {@code _namespace} values of one tenant namespace (contract K2): for each module, the
 * namespace that provides it to this tenant. Derived by the operator alone, from the cluster values
 * and the tenant tree: tenant-root provides every module; a child provides a module itself when it
 * runs it and otherwise inherits its parent's provider.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record NamespaceValues(
    @JsonPropertyDescription("The tenant's apex domain.") String host,
    @JsonPropertyDescription("Namespace whose etcd serves this tenant.") String etcd,
    @JsonPropertyDescription("Namespace whose ingress serves this tenant.") String ingress,
    @JsonPropertyDescription("Namespace whose Gateway serves this tenant; empty when none does.")
        String gateway,
    @JsonPropertyDescription("Namespace whose monitoring serves this tenant.") String monitoring,
    @JsonPropertyDescription("Namespace whose SeaweedFS serves this tenant.") String seaweedfs,
    @JsonProperty("schedulingClass")
        @JsonPropertyDescription("SchedulingClass applied to the tenant's workloads, if any.")
        String schedulingClass,
    @JsonPropertyDescription(
            "This namespace itself when its tenant runs a ComputePlane, empty otherwise: a"
                + " ComputePlane is single-tenant, so a child tenant never inherits its parent's.")
        String computeplane) {}
