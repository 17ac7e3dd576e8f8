package io.cozystack.api.backups.driver;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.fabric8.generator.annotation.Pattern;
import io.fabric8.generator.annotation.Required;
import java.util.List;

/**
 * How a backup driver claims strategy kinds (the backup-driver SDK contract): who it is, which
 * catalog ships it, the contract version it implements, the kinds it drives, and how it proves it
 * is alive. Exactly one live driver owns a kind.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record DriverRegistrationSpec(
    @Required
        @Pattern("^[a-z0-9]([a-z0-9.-]*[a-z0-9])?$")
        @JsonPropertyDescription("The driver's name, e.g. cnpg.services.cozystack.io.")
        String driver,
    @Required @JsonPropertyDescription("The catalog that ships the driver, and its version.")
        CatalogRef catalog,
    @Required
        @JsonPropertyDescription(
            "The contract version the driver implements; the platform accepts N-1..N+1.")
        Integer contractVersion,
    @Required @JsonPropertyDescription("The strategy kinds it drives.")
        List<StrategyKind> strategies,
    @JsonPropertyDescription(
            "Seconds without a heartbeat (the driver renews Lease backup-driver-<driver> in"
                + " cozy-system) after which its claims lapse. Default 60.")
        Integer leaseDurationSeconds) {

  /** A catalog and its version. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record CatalogRef(@Required String name, @Required String version) {}

  /** A strategy kind: API group and kind of the cluster-scoped strategy object. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record StrategyKind(@Required String apiGroup, @Required String kind) {}
}
