package io.cozystack.e2e;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.k3s.K3sContainer;
import org.testcontainers.utility.DockerImageName;

/** The same suite on k3s in Docker, when asked for with {@code -De2e.backend=k3s}. */
final class K3sBackend {
  static final String IMAGE = "rancher/k3s:v1.34.1-k3s1";

  private K3sBackend() {}

  @SuppressWarnings("resource") // stopped by the returned ControlPlane
  static ControlPlane start() throws Exception {
    boolean docker;
    try {
      docker = DockerClientFactory.instance().isDockerAvailable();
    } catch (RuntimeException e) {
      docker = false;
    }
    if (!docker && "true".equals(System.getenv("CI"))) {
      throw new IllegalStateException("e2e.backend=k3s needs a Docker engine and none was found");
    }
    Assumptions.assumeTrue(docker, "e2e.backend=k3s needs a Docker engine; none found, skipping");
    K3sContainer k3s = new K3sContainer(DockerImageName.parse(IMAGE));
    k3s.start();
    Path kubeconfig = Files.createTempFile("k3s", ".kubeconfig");
    Files.writeString(kubeconfig, k3s.getKubeConfigYaml());
    return new ControlPlane(kubeconfig, "k3s " + IMAGE + " (Testcontainers)", k3s::stop);
  }
}
