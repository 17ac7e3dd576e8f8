package io.cozystack.catalog.virtualization.backups;

import io.cozystack.catalog.virtualization.backups.velero.VeleroDriver;
import io.cozystack.contracts.driver.DriverProcess;
import io.cozystack.contracts.driver.StrategyDriver;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.Map;
import java.util.function.Function;

/** The virtualization catalog's backup-driver process. */
public final class VirtualizationDrivers {
  private VirtualizationDrivers() {}

  /** The drivers this catalog ships, by name. */
  public static final Map<String, Function<KubernetesClient, StrategyDriver>> ALL =
      Map.of("velero", client -> new VeleroDriver());

  public static void main(String[] args) {
    System.exit(DriverProcess.run(args, ALL));
  }
}
