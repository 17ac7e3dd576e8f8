package io.cozystack.e2e;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A Kubernetes control plane the suite runs on, started at most once per JVM and flavour: bare (the
 * API server alone, for classes whose HelmReleases a stand-in answers), with Flux
 * (source-controller, source-watcher, helm-controller and an OCI registry, for {@link WithFlux}
 * classes), or without Flux (not even its CRDs; a registry), once per {@link WithoutFlux} class.
 *
 * <p>Where it comes from, in order: {@code E2E_KUBECONFIG} (an existing cluster; never the ambient
 * {@code KUBECONFIG}, so a developer's real cluster is not used by accident; with Flux it must run
 * Flux, and {@code E2E_REGISTRY} names a registry it can pull from); the {@code k3s} backend
 * (Testcontainers, when {@code -De2e.backend=k3s} and Docker is present; bare only); otherwise
 * {@code e2e/bin/control-plane up}, a kube-apiserver and etcd built from source.
 */
final class ControlPlane {
  private static final Duration START_TIMEOUT = Duration.ofMinutes(45);

  private final Path kubeconfig;
  private final String description;
  private final AutoCloseable stopper;
  private final Registry registry;
  private final Path state;

  ControlPlane(Path kubeconfig, String description, AutoCloseable stopper) {
    this(kubeconfig, description, stopper, null, null);
  }

  ControlPlane(Path kubeconfig, String description, AutoCloseable stopper, Registry registry) {
    this(kubeconfig, description, stopper, registry, null);
  }

  private ControlPlane(
      Path kubeconfig, String description, AutoCloseable stopper, Registry registry, Path state) {
    this.kubeconfig = kubeconfig;
    this.description = description;
    this.stopper = stopper;
    this.registry = registry;
    this.state = state;
  }

  /** Whether its API server can be stopped and started again: only the local control plane's. */
  boolean canStopApiServer() {
    return state != null;
  }

  /** Stops kube-apiserver alone (etcd, certificates, port and data kept): an outage. */
  void stopApiServer() throws IOException, InterruptedException {
    run(localState(), "stop-apiserver");
  }

  /** Starts kube-apiserver again after {@link #stopApiServer()} and waits for its /readyz. */
  void startApiServer() throws IOException, InterruptedException {
    run(localState(), "start-apiserver");
  }

  private Path localState() {
    if (state == null) {
      throw new IllegalStateException(description + " is not a local control plane");
    }
    return state;
  }

  /**
   * Runs {@code e2e/bin/control-plane ARGS} on the control plane in {@code state}; returns its
   * output, or throws with it when the command fails.
   */
  static List<String> run(Path state, String... args) throws IOException, InterruptedException {
    Path log = Files.createTempFile("control-plane", ".log");
    List<String> command = new ArrayList<>();
    command.add(repoRoot().resolve("e2e/bin/control-plane").toString());
    command.addAll(List.of(args));
    ProcessBuilder builder =
        new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
    builder.environment().put("COZY_CONTROL_PLANE_STATE", state.toString());
    Process process = builder.start();
    if (!process.waitFor(10, TimeUnit.MINUTES) || process.exitValue() != 0) {
      process.destroyForcibly();
      throw new IllegalStateException(
          "control-plane " + String.join(" ", args) + " failed:\n" + Files.readString(log));
    }
    return Files.readAllLines(log, StandardCharsets.UTF_8);
  }

  /** The OCI registry beside a control plane with Flux. */
  Registry registry() {
    if (registry == null) {
      throw new IllegalStateException("this control plane runs without Flux and a registry");
    }
    return registry;
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

  /** What runs beside the API server. */
  enum Flavour {
    BARE("--bare"),
    FLUX(null),
    WITHOUT_FLUX("--no-flux");

    private final String upOption;

    Flavour(String upOption) {
      this.upOption = upOption;
    }
  }

  static ControlPlane start(Flavour flavour) throws Exception {
    boolean flux = flavour == Flavour.FLUX;
    if (flavour == Flavour.WITHOUT_FLUX) {
      // An existing cluster or k3s cannot be made one without Flux's CRDs for one class.
      return startLocal(flavour);
    }
    String given = System.getenv("E2E_KUBECONFIG");
    if (given != null && !given.isBlank()) {
      return existing(Path.of(given), flux);
    }
    if ("k3s".equals(System.getProperty("e2e.backend"))) {
      if (flux) {
        throw new IllegalStateException(
            "the k3s backend runs no Flux; run Flux classes on the local control plane, or set"
                + " E2E_KUBECONFIG and E2E_REGISTRY to a cluster with Flux");
      }
      return K3sBackend.start();
    }
    return startLocal(flavour);
  }

  private static ControlPlane existing(Path kubeconfig, boolean flux) {
    if (!flux) {
      return new ControlPlane(kubeconfig, "existing cluster from E2E_KUBECONFIG", () -> {});
    }
    String registry = System.getenv("E2E_REGISTRY");
    if (registry == null || registry.isBlank()) {
      throw new IllegalStateException(
          "Flux classes on E2E_KUBECONFIG need E2E_REGISTRY=<host:port> of a plain-HTTP registry"
              + " the cluster's source-controller can pull from");
    }
    return new ControlPlane(
        kubeconfig, "existing cluster with Flux", () -> {}, new Registry(registry));
  }

  /** Runs {@code control-plane up}; its last line of output is the kubeconfig path. */
  private static ControlPlane startLocal(Flavour flavour) throws IOException, InterruptedException {
    Path script = repoRoot().resolve("e2e/bin/control-plane");
    // A state directory of its own: the suite never reuses or stops a developer's control plane.
    Path state = Files.createTempDirectory("cozy-e2e-control-plane");
    Path log = Files.createTempFile("control-plane-up", ".log");
    List<String> command =
        flavour.upOption == null
            ? List.of(script.toString(), "up")
            : List.of(script.toString(), "up", flavour.upOption);
    ProcessBuilder upCommand =
        new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
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
        switch (flavour) {
          case FLUX -> "kube-apiserver + etcd + Flux + registry from e2e/bin/control-plane";
          case BARE -> "kube-apiserver + etcd from e2e/bin/control-plane (bare)";
          case WITHOUT_FLUX ->
              "kube-apiserver + etcd + registry, no Flux, from e2e/bin/control-plane";
        },
        () -> down.start().waitFor(),
        flavour == Flavour.BARE ? null : Registry.fromPorts(state.resolve("ports.env")),
        state);
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
