package io.cozystack.api.backups.driver;

import java.util.List;
import java.util.Optional;

/**
 * The strategy kinds the platform hands to catalogs, with the versions of each move: from platform
 * version {@code platformVersion} on, the platform no longer drives {@code kind}; catalog {@code
 * catalog} from {@code catalogVersion} on does. A BackupJob of a handed-off kind with no live
 * driver waits ({@code AwaitingDriver}, naming the catalog to install); a kind in neither this
 * table nor any registration is unknown ({@code DriverNotInstalled}).
 */
public record StrategyHandoff(
    String apiGroup, String kind, String catalog, String catalogVersion, String platformVersion) {

  public static final String STRATEGY_GROUP = "strategy.backups.cozystack.io";

  /** Every move; the Job and Etcd kinds stay with the platform. */
  public static final List<StrategyHandoff> TABLE =
      List.of(
          new StrategyHandoff(
              STRATEGY_GROUP, "Velero", "cozystack.virtualization", "0.1.0", "0.1.0"),
          new StrategyHandoff(STRATEGY_GROUP, "CNPG", "cozystack.services", "0.1.0", "0.1.0"),
          new StrategyHandoff(STRATEGY_GROUP, "MariaDB", "cozystack.services", "0.1.0", "0.1.0"),
          new StrategyHandoff(STRATEGY_GROUP, "MongoDB", "cozystack.services", "0.1.0", "0.1.0"),
          new StrategyHandoff(STRATEGY_GROUP, "Altinity", "cozystack.services", "0.1.0", "0.1.0"),
          new StrategyHandoff(
              STRATEGY_GROUP, "FoundationDB", "cozystack.services", "0.1.0", "0.1.0"));

  /** The move of a kind, if it was handed to a catalog. */
  public static Optional<StrategyHandoff> of(String apiGroup, String kind) {
    return TABLE.stream()
        .filter(h -> h.apiGroup().equals(apiGroup) && h.kind().equals(kind))
        .findFirst();
  }
}
