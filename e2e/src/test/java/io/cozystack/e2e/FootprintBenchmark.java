package io.cozystack.e2e;

import static org.awaitility.Awaitility.await;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.Watch;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Benchmark, not a test: the operator's memory, threads and start-up, with {@code operator.jar} as
 * its own process (so its resident set is its own) on the bare control plane, under the {@link
 * FootprintWorkload} (default 100 Packages, 50 tenants, 300 instances; {@code
 * -Dfootprint.packages}, {@code -Dfootprint.tenants}, {@code -Dfootprint.instances}).
 *
 * <p>Each variant ({@code -Dfootprint.variants="label=flags;label=flags"}; a flag {@code
 * jar=<path>} runs another jar, {@code java=<path>} another JVM, {@code env:NAME=value} sets an
 * environment variable, {@code arg:--flag=value} passes an operator flag) runs the whole cycle
 * against the same state: start, workload, convergence, instances deleted, the rest deleted, stop.
 * The default is one variant, the JVM as the chart runs it ({@link OperatorJvm}: its {@code
 * operator.jvmOptions}, and its memory limit as {@code -XX:MaxRAM}, what a container's limit tells
 * the JVM). The operator runs with leader election on, as the chart runs it.
 *
 * <p>Printed per variant: time from process start to its first socket (its first API connection)
 * and to {@code /readyz} 200; resident set (VmRSS from /proc) idle 5 s after ready, its peak
 * (VmHWM) until the instances are deleted, steady 10 s after convergence (with its anonymous part:
 * what file-backed pages, the JVM's and the jar's, do not count), and after the instances are
 * deleted and a full GC ({@code jcmd GC.run}); threads idle, at most while converging, at steady
 * state (and by name); the operator's API requests by method until convergence (its {@code
 * cozy_api_requests_total}); convergence time from the first write of the workload. {@code
 * -Dfootprint.diagnose=true} also prints native memory by category (with {@code
 * -XX:NativeMemoryTracking=summary}) and the heap's largest classes. Asserts only that convergence
 * happened.
 */
@ExtendWith(KubernetesExtension.class)
class FootprintBenchmark {
  static final Duration LIMIT = Duration.ofMinutes(15);
  @Kube static KubernetesClient client;
  @Kube static Path kubeconfig;

  /** One way of launching the operator. */
  record Variant(
      String label,
      String java,
      String jar,
      List<String> flags,
      Map<String, String> env,
      List<String> args) {
    static List<Variant> parse(String spec, Variant fallback) {
      if (spec == null || spec.isBlank()) {
        return List.of(fallback);
      }
      List<Variant> variants = new ArrayList<>();
      for (String entry : spec.split(";")) {
        if (entry.isBlank()) {
          continue;
        }
        int eq = entry.indexOf('=');
        String label = eq < 0 ? entry.trim() : entry.substring(0, eq).trim();
        String java = fallback.java();
        String jar = fallback.jar();
        List<String> flags = new ArrayList<>();
        Map<String, String> env = new TreeMap<>();
        List<String> args = new ArrayList<>();
        for (String token : (eq < 0 ? "" : entry.substring(eq + 1)).trim().split("\\s+")) {
          if (token.startsWith("jar=")) {
            jar = token.substring(4);
          } else if (token.startsWith("java=")) {
            java = token.substring(5);
          } else if (token.startsWith("arg:")) {
            args.add(token.substring(4));
          } else if (token.startsWith("env:") && token.contains("=")) {
            env.put(
                token.substring(4, token.indexOf('=')), token.substring(token.indexOf('=') + 1));
          } else if (!token.isEmpty()) {
            flags.add(token);
          }
        }
        variants.add(new Variant(label, java, jar, flags, env, args));
      }
      return variants;
    }
  }

  /** What one variant measured. */
  record Figures(
      Variant variant,
      long firstSocketMs,
      long readyMs,
      ProcessProbe.Status idle,
      int idleThreads,
      long convergeMs,
      ProcessProbe.Status steady,
      int peakThreads,
      ProcessProbe.Status afterDelete,
      long peakRssMib,
      Map<String, Long> requests,
      String heap) {}

  @Test
  void footprint() throws Exception {
    FootprintWorkload workload =
        new FootprintWorkload(
            client,
            Integer.getInteger("footprint.packages", 100),
            Integer.getInteger("footprint.tenants", 50),
            Integer.getInteger("footprint.instances", 300));
    List<Variant> variants =
        Variant.parse(System.getProperty("footprint.variants"), chartVariant());
    workload.prepare();
    List<Figures> rows = new ArrayList<>();
    Watch standIn = FootprintWorkload.answerReleases(client);
    try {
      for (Variant variant : variants) {
        rows.add(measure(variant, workload));
        print(workload, rows);
      }
    } finally {
      standIn.close();
    }
  }

  private Figures measure(Variant variant, FootprintWorkload workload) throws Exception {
    OperatorEndpoints endpoints = OperatorEndpoints.onFreePort();
    Path log = Files.createTempFile("footprint-" + variant.label() + "-", ".log");
    List<String> command = new ArrayList<>();
    command.add(variant.java());
    command.addAll(variant.flags());
    command.addAll(
        List.of(
            "-jar",
            variant.jar(),
            endpoints.flag(),
            "--leader-elect=true",
            "--leader-election-namespace=cozy-system"));
    command.addAll(variant.args());
    ProcessBuilder builder =
        new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
    builder.environment().remove("JAVA_TOOL_OPTIONS");
    builder.environment().remove("JDK_JAVA_OPTIONS");
    builder.environment().put("KUBECONFIG", kubeconfig.toString());
    builder.environment().putAll(variant.env());
    System.out.printf("%n[footprint] %s: %s (log %s)%n", variant.label(), command, log);

    long t0 = System.nanoTime();
    Process process = builder.start();
    ProcessProbe probe = new ProcessProbe(process.pid());
    try {
      AtomicLong firstSocket = new AtomicLong(-1);
      Thread socketWatch =
          new Thread(
              () -> {
                while (firstSocket.get() < 0 && process.isAlive()) {
                  if (probe.hasSocket()) {
                    firstSocket.set((System.nanoTime() - t0) / 1_000_000);
                  }
                  sleep(2);
                }
              });
      socketWatch.start();
      await("/readyz of " + variant.label())
          .atMost(Duration.ofMinutes(2))
          .pollDelay(Duration.ZERO)
          .pollInterval(Duration.ofMillis(10))
          .ignoreExceptions()
          .failFast("the operator exited; see " + log, () -> !process.isAlive())
          .until(endpoints::ready);
      long readyMs = (System.nanoTime() - t0) / 1_000_000;
      socketWatch.join(1_000);

      Thread.sleep(5_000);
      ProcessProbe.Status idle = probe.status();
      int peakThreads = idle.threads();
      int idleThreads = idle.threads();

      long start = System.nanoTime();
      workload.create();
      long converged = -1;
      while (converged < 0) {
        if (!process.isAlive()) {
          throw new AssertionError(variant.label() + ": the operator exited; see " + log);
        }
        peakThreads = Math.max(peakThreads, probe.status().threads());
        if (workload.converged()) {
          converged = (System.nanoTime() - start) / 1_000_000;
        } else if (System.nanoTime() - start > LIMIT.toNanos()) {
          throw new AssertionError(variant.label() + ": no convergence in " + LIMIT);
        } else {
          Thread.sleep(500);
        }
      }
      Map<String, Long> requests = endpoints.apiRequests();
      for (int i = 0; i < 20; i++) {
        peakThreads = Math.max(peakThreads, probe.status().threads());
        Thread.sleep(500);
      }
      ProcessProbe.Status steady = probe.status();
      System.out.printf(
          "[footprint] %s: threads at steady state by name %s%n",
          variant.label(), probe.threadsByName());
      if (Boolean.getBoolean("footprint.diagnose")) {
        diagnose(variant, process.pid());
      }

      workload.deleteInstances(LIMIT);
      peakThreads = Math.max(peakThreads, probe.status().threads());
      // The high-water mark before the forced full GC, which touches the whole heap.
      long peakRss = probe.status().peakRssMib();
      jcmd(variant, process.pid(), "GC.run");
      Thread.sleep(2_000);
      ProcessProbe.Status afterDelete = probe.status();
      String heap = heapLine(jcmd(variant, process.pid(), "GC.heap_info"));

      workload.deleteRest(LIMIT);
      process.destroy();
      if (!process.waitFor(30, TimeUnit.SECONDS)) {
        process.destroyForcibly();
      }
      workload.resetAfterStop();
      return new Figures(
          variant,
          firstSocket.get(),
          readyMs,
          idle,
          idleThreads,
          converged,
          steady,
          peakThreads,
          afterDelete,
          peakRss,
          requests,
          heap);
    } finally {
      if (process.isAlive()) {
        process.destroyForcibly();
        workload.resetAfterStop();
      }
    }
  }

  private static void print(FootprintWorkload workload, List<Figures> rows) {
    StringBuilder out = new StringBuilder();
    out.append(
        "%n[benchmark] footprint: %s; operator.jar as its own process, RSS from /proc (MiB)%n"
            .formatted(workload.describe()));
    out.append(
        "[benchmark] footprint: | variant | first API connection s | /readyz s | RSS idle | RSS"
            + " peak | RSS steady (anon) | RSS after delete+GC | threads idle/peak/steady |"
            + " converged s | API requests by method |%n".formatted());
    for (Figures f : rows) {
      out.append(
          ("[benchmark] footprint: | %s | %.2f | %.2f | %d | %d | %d (%d) | %d | %d/%d/%d | %.1f |"
                  + " %s |%n")
              .formatted(
                  f.variant().label(),
                  f.firstSocketMs() / 1000.0,
                  f.readyMs() / 1000.0,
                  f.idle().rssMib(),
                  f.peakRssMib(),
                  f.steady().rssMib(),
                  f.steady().anonKib() >> 10,
                  f.afterDelete().rssMib(),
                  f.idleThreads(),
                  f.peakThreads(),
                  f.steady().threads(),
                  f.convergeMs() / 1000.0,
                  f.requests().isEmpty()
                      ? "n/a"
                      : f.requests()
                          + " = "
                          + f.requests().values().stream().mapToLong(l -> l).sum()));
    }
    // The variant just measured: how it was launched, and its heap after the forced GC.
    Figures last = rows.get(rows.size() - 1);
    out.append(
        "[benchmark] footprint: %s: flags %s%s; after delete+GC %s%n"
            .formatted(
                last.variant().label(),
                last.variant().flags(),
                (last.variant().env().isEmpty() ? "" : ", env " + last.variant().env())
                    + (last.variant().args().isEmpty() ? "" : ", args " + last.variant().args()),
                last.heap()));
    System.out.print(out);
  }

  /** The chart's default: its JVM options, and its memory limit as the JVM's memory. */
  private static Variant chartVariant() {
    return new Variant(
        "chart",
        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        System.getProperty("operator.jar"),
        OperatorJvm.flags(),
        Map.of(),
        List.of());
  }

  private static String jcmd(Variant variant, long pid, String command) throws Exception {
    Path jcmd = Path.of(variant.java()).resolveSibling("jcmd");
    Process p =
        new ProcessBuilder(jcmd.toString(), Long.toString(pid), command)
            .redirectErrorStream(true)
            .start();
    String out = new String(p.getInputStream().readAllBytes());
    p.waitFor(60, TimeUnit.SECONDS);
    return out;
  }

  /**
   * With {@code -Dfootprint.diagnose=true}: native memory by category (when the variant runs with
   * {@code -XX:NativeMemoryTracking=summary}) and the 25 largest classes on the heap (a full GC).
   */
  private static void diagnose(Variant variant, long pid) throws Exception {
    if (variant.flags().stream().anyMatch(f -> f.startsWith("-XX:NativeMemoryTracking"))) {
      for (String l : jcmd(variant, pid, "VM.native_memory summary").split("\n")) {
        if (l.matches("^(Total|-\\s+\\S.*)\\(reserved=.*") || l.startsWith("Total")) {
          System.out.printf("[footprint] %s: NMT %s%n", variant.label(), l.trim());
        }
      }
    }
    String[] histogram = jcmd(variant, pid, "GC.class_histogram").split("\n");
    for (int i = 0; i < Math.min(histogram.length, 30); i++) {
      System.out.printf("[footprint] %s: heap %s%n", variant.label(), histogram[i].trim());
    }
    for (String l : histogram) {
      if (l.startsWith("Total")) {
        System.out.printf("[footprint] %s: heap %s%n", variant.label(), l.trim());
      }
    }
  }

  /** The heap and metaspace lines of {@code jcmd GC.heap_info}, condensed. */
  private static String heapLine(String heapInfo) {
    return Arrays.stream(heapInfo.split("\n"))
        .map(String::trim)
        .filter(
            l ->
                l.startsWith("garbage-first heap")
                    || l.startsWith("def new generation")
                    || l.startsWith("tenured generation")
                    || l.startsWith("DefNew")
                    || l.startsWith("Tenured")
                    || l.startsWith("Metaspace")
                    || l.startsWith("class space"))
        .map(l -> l.replaceAll("\\s*\\[0x.*", "").replaceAll("\\s+", " "))
        .reduce((a, b) -> a + "; " + b)
        .orElse(heapInfo.replace('\n', ' '));
  }

  private static void sleep(long ms) {
    try {
      Thread.sleep(ms);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
