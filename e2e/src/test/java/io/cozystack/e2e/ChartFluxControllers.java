package io.cozystack.e2e;

import static org.awaitility.Awaitility.await;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Flux's controllers as the operator's chart deploys them, run as processes (no kubelet runs Pods):
 * the binaries the control plane builds from the pinned modules ({@code control-plane tool NAME}),
 * the arguments and environment of the chart's Deployment, and a token of the Deployment's
 * ServiceAccount, so they can do only what the chart's RBAC allows. Only what a Pod's network and
 * volumes would give differs: the addresses are on 127.0.0.1 and the storage is a temporary
 * directory.
 */
final class ChartFluxControllers implements AutoCloseable {
  static final List<String> NAMES =
      List.of("source-controller", "source-watcher", "helm-controller");
  private static final HttpClient HTTP = HttpClient.newHttpClient();

  private final Map<String, OperatorProcess> processes = new LinkedHashMap<>();

  private ChartFluxControllers() {}

  /** Starts the three controllers of the chart installed in {@code namespace}; waits for them. */
  static ChartFluxControllers start(KubernetesClient client, Path kubeconfig, String namespace)
      throws IOException, InterruptedException {
    ChartFluxControllers flux = new ChartFluxControllers();
    try {
      for (String name : NAMES) {
        flux.startOne(client, kubeconfig, namespace, name);
      }
    } catch (RuntimeException | IOException | InterruptedException e) {
      flux.close();
      throw e;
    }
    return flux;
  }

  private void startOne(KubernetesClient client, Path kubeconfig, String namespace, String name)
      throws IOException, InterruptedException {
    Deployment deployment = client.apps().deployments().inNamespace(namespace).withName(name).get();
    var pod = deployment.getSpec().getTemplate().getSpec();
    Container container = pod.getContainers().get(0);
    Map<String, String> env = env(container, namespace);
    int health = freePort();
    List<String> command = new ArrayList<>();
    command.add(binary(name));
    command.addAll(
        localArgs(
            container.getArgs(),
            env,
            health,
            freePort(),
            freePort(),
            Files.createTempDirectory(name + "-storage")));
    env.put(
        "KUBECONFIG",
        ServiceAccountKubeconfig.write(client, kubeconfig, namespace, pod.getServiceAccountName())
            .toString());
    OperatorProcess process = OperatorProcess.startCommand(name, env, command);
    processes.put(name, process);
    await(name + " ready")
        .atMost(Duration.ofSeconds(60))
        .pollInterval(Duration.ofMillis(200))
        .failFast(name + " exited", () -> !process.process.isAlive())
        .until(() -> ready(health));
  }

  /**
   * The Deployment's arguments as a local process runs them: {@code $(VAR)} expanded from the
   * container's environment (as the kubelet does), the listen and advertised addresses on loopback
   * ports, the storage path a local directory; every other argument as given.
   */
  static List<String> localArgs(
      List<String> args,
      Map<String, String> env,
      int health,
      int metrics,
      int storage,
      Path storagePath) {
    Map<String, String> local = new HashMap<>();
    local.put("--health-addr", "127.0.0.1:" + health);
    local.put("--metrics-addr", "127.0.0.1:" + metrics);
    local.put("--storage-addr", "127.0.0.1:" + storage);
    local.put("--storage-adv-addr", "127.0.0.1:" + storage);
    local.put("--storage-path", storagePath.toString());
    List<String> result = new ArrayList<>();
    for (String arg : args) {
      String flag = arg.contains("=") ? arg.substring(0, arg.indexOf('=')) : arg;
      String expanded = arg;
      for (var e : env.entrySet()) {
        expanded = expanded.replace("$(" + e.getKey() + ")", e.getValue());
      }
      result.add(local.containsKey(flag) ? flag + "=" + local.get(flag) : expanded);
    }
    return result;
  }

  /** The container's environment: literal values, and the Pod's namespace where it is asked. */
  private static Map<String, String> env(Container container, String namespace) {
    Map<String, String> env = new HashMap<>();
    for (EnvVar var : container.getEnv()) {
      if (var.getValue() != null) {
        env.put(var.getName(), var.getValue());
      } else if ("metadata.namespace".equals(var.getValueFrom().getFieldRef().getFieldPath())) {
        env.put(var.getName(), namespace);
      } else {
        throw new IllegalStateException("unexpected env " + var + " in " + container.getName());
      }
    }
    return env;
  }

  /** Every line in which the API server refused one of the controllers a request. */
  List<String> refusals() {
    List<String> lines = new ArrayList<>();
    processes.forEach(
        (name, p) ->
            p.output.stream()
                .filter(l -> l.contains("forbidden") || l.contains("Forbidden"))
                .forEach(l -> lines.add(name + ": " + l)));
    return lines;
  }

  boolean allAlive() {
    return processes.values().stream().allMatch(p -> p.process.isAlive());
  }

  @Override
  public void close() throws InterruptedException {
    for (OperatorProcess p : processes.values()) {
      p.process.toHandle().destroy();
      if (!p.process.waitFor(20, TimeUnit.SECONDS)) {
        p.process.destroyForcibly();
      }
    }
  }

  private static boolean ready(int port) {
    try {
      HttpResponse<Void> response =
          HTTP.send(
              HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/readyz")).build(),
              HttpResponse.BodyHandlers.discarding());
      return response.statusCode() == 200;
    } catch (IOException e) {
      return false;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  /** The controller's binary, built from its pinned module by {@code control-plane tool}. */
  private static String binary(String name) throws IOException, InterruptedException {
    Process p =
        new ProcessBuilder(
                ControlPlane.repoRoot().resolve("e2e/bin/control-plane").toString(), "tool", name)
            .redirectError(ProcessBuilder.Redirect.INHERIT)
            .start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
    if (!p.waitFor(30, TimeUnit.MINUTES) || p.exitValue() != 0 || out.isEmpty()) {
      throw new IllegalStateException("control-plane tool " + name + " failed");
    }
    return out.substring(out.lastIndexOf('\n') + 1);
  }

  private static int freePort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    }
  }
}
