package io.cozystack.e2e;

import io.cozystack.operator.Controllers;
import io.cozystack.operator.KubeClients;
import io.cozystack.operator.OperatorRuntime;
import io.cozystack.operator.backups.credentials.CredentialsSettings;
import io.cozystack.operator.packages.ReleaseSettings;
import io.fabric8.kubernetes.client.Config;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The operator's real runtime (every controller, server-side apply on) inside the test JVM, on the
 * operator's own client ({@link KubeClients}) unless a test passes another.
 */
final class InProcessOperator implements AutoCloseable {
  /** Metrics of the in-process operator, for tests that read them. */
  static final SimpleMeterRegistry REGISTRY = new SimpleMeterRegistry();

  private final OperatorRuntime runtime;

  private InProcessOperator(OperatorRuntime runtime) {
    this.runtime = runtime;
  }

  static InProcessOperator start(Path kubeconfig) throws Exception {
    Config config = Config.fromKubeconfig(Files.readString(kubeconfig));
    return start(KubeClients.builder(config).build());
  }

  static InProcessOperator start(io.fabric8.kubernetes.client.KubernetesClient client) {
    return start(client, CredentialsSettings.DISABLED);
  }

  /** The operator with the backup credentials projection configured. */
  static InProcessOperator start(Path kubeconfig, CredentialsSettings credentials)
      throws Exception {
    Config config = Config.fromKubeconfig(Files.readString(kubeconfig));
    return start(KubeClients.builder(config).build(), credentials);
  }

  private static InProcessOperator start(
      io.fabric8.kubernetes.client.KubernetesClient client, CredentialsSettings credentials) {
    OperatorRuntime runtime =
        new OperatorRuntime(
            client,
            Controllers.all(client, ReleaseSettings.defaults(), credentials, REGISTRY),
            Controllers.drivers(),
            true,
            REGISTRY,
            null);
    runtime.start();
    return new InProcessOperator(runtime);
  }

  @Override
  public void close() {
    runtime.stop();
  }
}
