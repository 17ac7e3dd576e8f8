package io.cozystack.e2e;

import io.cozystack.contracts.driver.DriverRuntime;
import io.cozystack.contracts.driver.StrategyDriver;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A catalog's backup driver inside the test JVM, with its own client as its own process would have:
 * the SDK runtime the driver jar runs.
 */
final class InProcessDriver implements AutoCloseable {
  private final KubernetesClient client;
  private final DriverRuntime runtime;

  private InProcessDriver(KubernetesClient client, DriverRuntime runtime) {
    this.client = client;
    this.runtime = runtime;
  }

  static InProcessDriver start(Path kubeconfig, StrategyDriver driver) throws Exception {
    KubernetesClient client =
        new KubernetesClientBuilder()
            .withConfig(Config.fromKubeconfig(Files.readString(kubeconfig)))
            .build();
    try {
      return new InProcessDriver(client, DriverRuntime.start(client, driver));
    } catch (RuntimeException e) {
      client.close();
      throw e;
    }
  }

  @Override
  public void close() {
    runtime.close();
    client.close();
  }
}
