package io.cozystack.e2e;

import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * A second real kube-apiserver with its own etcd ({@code control-plane up --bare} in a state
 * directory of its own): the cluster a ComputePlane stands for. Its API server can be stopped and
 * started again on the same port, certificates and data, as an outage.
 */
final class RemoteCluster implements AutoCloseable {
  private final Path state;
  private final Path kubeconfig;
  final KubernetesClient client;

  private RemoteCluster(Path state, Path kubeconfig) throws IOException {
    this.state = state;
    this.kubeconfig = kubeconfig;
    this.client =
        new KubernetesClientBuilder()
            .withConfig(Config.fromKubeconfig(Files.readString(kubeconfig)))
            .build();
  }

  static RemoteCluster start() throws IOException, InterruptedException {
    Path state = Files.createTempDirectory("cozy-e2e-remote-cluster");
    List<String> lines = ControlPlane.run(state, "up", "--bare");
    return new RemoteCluster(state, Path.of(lines.get(lines.size() - 1).trim()));
  }

  /** The admin kubeconfig, certificates inline: what a provisioner writes into a Secret. */
  String kubeconfig() throws IOException {
    return Files.readString(kubeconfig);
  }

  void stopApiServer() throws IOException, InterruptedException {
    ControlPlane.run(state, "stop-apiserver");
  }

  void startApiServer() throws IOException, InterruptedException {
    ControlPlane.run(state, "start-apiserver");
  }

  @Override
  public void close() throws Exception {
    client.close();
    ControlPlane.run(state, "down");
  }
}
