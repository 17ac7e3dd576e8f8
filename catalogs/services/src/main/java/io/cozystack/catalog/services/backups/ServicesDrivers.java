package io.cozystack.catalog.services.backups;

import io.cozystack.catalog.services.backups.cnpg.CnpgDriver;
import io.cozystack.catalog.services.backups.foundationdb.FoundationDbDriver;
import io.cozystack.catalog.services.backups.mariadb.MariaDbDriver;
import io.cozystack.catalog.services.backups.mongodb.MongoDbDriver;
import io.cozystack.contracts.driver.DriverProcess;
import io.cozystack.contracts.driver.StrategyDriver;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.Map;
import java.util.function.Function;

/** The services catalog's backup-driver process. */
public final class ServicesDrivers {
  private ServicesDrivers() {}

  /** The drivers this catalog ships, by name. */
  public static final Map<String, Function<KubernetesClient, StrategyDriver>> ALL =
      Map.of(
          "cnpg", client -> new CnpgDriver(),
          "mariadb", client -> new MariaDbDriver(),
          "mongodb", client -> new MongoDbDriver(),
          "foundationdb", client -> new FoundationDbDriver());

  public static void main(String[] args) {
    System.exit(DriverProcess.run(args, ALL));
  }
}
