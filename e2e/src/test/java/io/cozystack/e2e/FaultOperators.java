package io.cozystack.e2e;

import static org.awaitility.Awaitility.await;

import io.fabric8.kubernetes.client.KubernetesClient;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * How the fault suite starts operator.jar: a child process with the chart's JVM, its output kept
 * quiet (printed when a check fails). The first one started dumps the classes it loaded into a
 * class-data archive when it exits, and the later ones start from it: a third less start-up, which
 * the many starts of the SIGKILL run spend most of their time on.
 */
final class FaultOperators {
  /** What a fresh operator on a converged state did. */
  record FreshRun(List<String> writes, Map<String, Long> requests, double seconds) {}

  private static final Duration QUIET = Duration.ofSeconds(3);

  private final Path kubeconfig;
  private final Path archive;
  private OperatorProcess dumper;

  /**
   * More JVM flags for every operator started, from {@code -Dfault.jvmFlags} (space-separated),
   * e.g. {@code -Dlogback.configurationFile=...} to log one logger at DEBUG while chasing a defect.
   */
  private static final List<String> EXTRA_JVM_FLAGS =
      List.of(System.getProperty("fault.jvmFlags", "").trim().split("\\s+")).stream()
          .filter(f -> !f.isEmpty())
          .toList();

  FaultOperators(Path kubeconfig) throws IOException {
    this.kubeconfig = kubeconfig;
    this.archive = Files.createTempDirectory("cozy-e2e-fault").resolve("operator.jsa");
  }

  /** Starts one with these arguments (and a random metrics port unless they name one). */
  OperatorProcess start(String name, List<String> args) throws IOException {
    List<String> all = new ArrayList<>(args);
    if (args.stream().noneMatch(a -> a.startsWith("--metrics-port="))) {
      all.add("--metrics-port=0");
    }
    return startWith(name, all);
  }

  private synchronized OperatorProcess startWith(String name, List<String> args)
      throws IOException {
    if (Files.isRegularFile(archive)) {
      return launch(name, List.of("-XX:SharedArchiveFile=" + archive), args);
    }
    if (dumper != null && dumper.process.isAlive()) {
      return launch(name, List.of(), args);
    }
    dumper = launch(name, List.of("-XX:ArchiveClassesAtExit=" + archive), args);
    return dumper;
  }

  private OperatorProcess launch(String name, List<String> jvmFlags, List<String> args)
      throws IOException {
    List<String> flags = new ArrayList<>(jvmFlags);
    flags.addAll(EXTRA_JVM_FLAGS);
    return OperatorProcess.startQuietly(
        name, Map.of("KUBECONFIG", kubeconfig.toString()), flags, args);
  }

  static final String CONNECTED = "Connected to the Kubernetes API server";
  static final String STARTED = "Operator started with";

  /** Waits until it logged that its controllers started; fails at once if it exits. */
  static void awaitStarted(OperatorProcess operator) {
    awaitLine(operator, STARTED);
  }

  /** Waits until it logged {@code text}; fails at once if it exits. */
  static void awaitLine(OperatorProcess operator, String text) {
    await("the operator to log " + text)
        .atMost(Duration.ofSeconds(90))
        .pollInterval(Duration.ofMillis(10))
        .failFast("the operator exited", () -> !operator.process.isAlive())
        .until(() -> operator.saw(text));
  }

  /** SIGTERM, then SIGKILL if it has not stopped within 30 s. */
  static void stop(OperatorProcess operator) throws InterruptedException {
    operator.process.toHandle().destroy();
    if (!operator.process.waitFor(30, TimeUnit.SECONDS)) {
      operator.process.destroyForcibly();
    }
  }

  /**
   * Starts an operator on a converged state and records what it writes until its API requests hold
   * still for {@link #QUIET}: a wrong spec the operators before it left behind, it corrects.
   */
  FreshRun fresh(KubernetesClient client) throws Exception {
    try (WriteRecorder recorder = WriteRecorder.start(client, FaultAudit::inScope)) {
      OperatorEndpoints endpoints = OperatorEndpoints.onFreePort();
      long started = System.nanoTime();
      OperatorProcess fresh = start("fault-fresh", List.of(endpoints.flag()));
      try {
        await("/readyz of the fresh operator")
            .atMost(Duration.ofSeconds(90))
            .failFast("the operator exited", () -> !fresh.process.isAlive())
            .until(endpoints::ready);
        Map<String, Long> requests = awaitQuiet(endpoints);
        List<String> writes = recorder.writes();
        if (!writes.isEmpty()) {
          fresh.echo();
        }
        return new FreshRun(writes, requests, (System.nanoTime() - started) / 1e9);
      } finally {
        stop(fresh);
      }
    }
  }

  /** Waits (a minute at most) until the request counts hold still for {@link #QUIET}. */
  private static Map<String, Long> awaitQuiet(OperatorEndpoints endpoints) throws Exception {
    Map<String, Long> last = endpoints.apiRequests();
    long still = System.nanoTime();
    long limit = still + Duration.ofMinutes(1).toNanos();
    while (System.nanoTime() - still < QUIET.toNanos() && System.nanoTime() < limit) {
      Thread.sleep(250);
      Map<String, Long> now = endpoints.apiRequests();
      if (!now.equals(last)) {
        last = now;
        still = System.nanoTime();
      }
    }
    return last;
  }

  static String describe(FreshRun fresh) {
    return "a fresh operator on that state wrote %d times in %.1f s (until its requests held still"
            .formatted(fresh.writes().size(), fresh.seconds())
        + " for %d s; its requests %s)".formatted(QUIET.toSeconds(), fresh.requests());
  }
}
