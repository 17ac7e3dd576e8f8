package io.cozystack.api.backups.v1alpha1;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.cozystack.api.meta.Condition;
import java.util.List;

/**
 * Which kinds the driver owns now, which of its claims are refused (another driver owns them), and
 * when it last proved alive.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record BackupDriverStatus(
    Long observedGeneration,
    List<Condition> conditions,
    @JsonPropertyDescription("Strategy kinds this driver owns, as <apiGroup>/<kind>.")
        List<String> owned,
    @JsonPropertyDescription("Claims refused or contested, each naming the other driver.")
        List<String> conflicts,
    @JsonPropertyDescription("The renew time of the driver's Lease (RFC 3339).")
        String lastHeartbeat) {}
