package io.cozystack.e2e;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The Kubernetes control plane the suite runs on, started at most once per JVM.
 *
 * <p>Where it comes from, in order: {@code E2E_KUBECONFIG} (an existing cluster; never the ambient
 * {@code KUBECONFIG}, so a developer's real cluster is not used by accident); the {@code k3s}
 * backend (Testcontainers, when {@code -De2e.backend=k3s} and Docker is present); otherwise {@code
 * e2e/bin/control-plane up}, a kube-apiserver and etcd built from source.
 */
final class ControlPlane {
  private static final Duration START_TIMEOUT = Duration.ofMinutes(45);

  private final Path kubeconfig;
  private final String description;
  private final AutoCloseable stopper;

  ControlPlane(Path kubeconfig, String description, AutoCloseable stopper) {
    this.kubeconfig = kubeconfig;
    this.description = description;
    this.stopper = stopper;
  }

  Path kubeconfig() {
    return kubeconfig;
  }

  String description() {
    return description;
  }

  void stop() throws Exception {
    stopper.close();
  }

  static ControlPlane start() throws Exception {
    String given = System.getenv("E2E_KUBECONFIG");
    if (given != null && !given.isBlank()) {
      return new ControlPlane(Path.of(given), "existing cluster from E2E_KUBECONFIG", () -> {});
    }
    if ("k3s".equals(System.getProperty("e2e.backend"))) {
      return K3sBackend.start();
    }
    return startLocal();
  }

  /** Runs {@code control-plane up}; its last line of output is the kubeconfig path. */
  private static ControlPlane startLocal() throws IOException, InterruptedException {
    Path script = repoRoot().resolve("e2e/bin/control-plane");
    // A state directory of its own: the suite never reuses or stops a developer's control plane.
    Path state = Files.createTempDirectory("cozy-e2e-control-plane");
    Path log = Files.createTempFile("control-plane-up", ".log");
    ProcessBuilder upCommand =
        new ProcessBuilder(script.toString(), "up")
            .redirectErrorStream(true)
            .redirectOutput(log.toFile());
    upCommand.environment().put("COZY_CONTROL_PLANE_STATE", state.toString());
    Process up = upCommand.start();
    if (!up.waitFor(START_TIMEOUT.toMinutes(), TimeUnit.MINUTES)) {
      up.destroyForcibly();
      throw new IllegalStateException("control-plane up did not finish; log: " + log);
    }
    List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
    if (up.exitValue() != 0 || lines.isEmpty()) {
      throw new IllegalStateException(
          "control-plane up failed (exit " + up.exitValue() + "):\n" + tail(lines));
    }
    Path kubeconfig = Path.of(lines.get(lines.size() - 1).trim());
    ProcessBuilder down = new ProcessBuilder(script.toString(), "down").inheritIO();
    down.environment().put("COZY_CONTROL_PLANE_STATE", state.toString());
    return new ControlPlane(
        kubeconfig,
        "kube-apiserver + etcd from e2e/bin/control-plane",
        () -> down.start().waitFor());
  }

  static Path repoRoot() {
    String root = System.getProperty("repo.root");
    Path path = root != null ? Path.of(root) : Path.of("..").toAbsolutePath().normalize();
    if (!Files.isRegularFile(path.resolve("e2e/bin/control-plane"))) {
      throw new IllegalStateException("not the repository root: " + path);
    }
    return path;
  }

  private static String tail(List<String> lines) {
    return String.join("\n", lines.subList(Math.max(0, lines.size() - 30), lines.size()));
  }
}
