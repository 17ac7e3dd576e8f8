package io.cozystack.contracts.driver;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The {@code main} of a catalog's driver process: {@code [--driver NAME]...} picks which of the
 * catalog's drivers run (all by default); each gets its own {@link DriverRuntime} on one client
 * (in-cluster or from KUBECONFIG). Runs until SIGTERM, then closes the runtimes. Exit codes: 2 bad
 * arguments, 3 a driver could not start (the log says why), 143 after SIGTERM.
 */
public final class DriverProcess {
  private static final Logger LOG = LoggerFactory.getLogger(DriverProcess.class);

  private DriverProcess() {}

  /**
   * Runs the drivers chosen by {@code args} from {@code catalog} (name to factory); returns the
   * process exit code.
   */
  public static int run(
      String[] args, Map<String, Function<KubernetesClient, StrategyDriver>> catalog) {
    List<String> chosen;
    try {
      chosen = choose(args, catalog.keySet());
    } catch (IllegalArgumentException e) {
      System.err.println(e.getMessage());
      return 2;
    }
    KubernetesClient client = new KubernetesClientBuilder().build();
    List<DriverRuntime> runtimes = new ArrayList<>();
    CountDownLatch stopped = new CountDownLatch(1);
    Runtime.getRuntime()
        .addShutdownHook(
            new Thread(
                () -> {
                  runtimes.forEach(DriverRuntime::close);
                  client.close();
                  stopped.countDown();
                }));
    try {
      for (String name : chosen) {
        runtimes.add(DriverRuntime.start(client, catalog.get(name).apply(client)));
      }
    } catch (RuntimeException e) {
      // A missing strategy CRD, a refused registration, no API server: say which, and stop.
      LOG.error("backup drivers {} could not start: {}", chosen, e.getMessage());
      return 3;
    }
    LOG.info("running backup drivers {}", chosen);
    try {
      stopped.await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    return 0;
  }

  static List<String> choose(String[] args, java.util.Set<String> known) {
    Map<String, Boolean> chosen = new LinkedHashMap<>();
    for (int i = 0; i < args.length; i++) {
      if (!"--driver".equals(args[i]) || i + 1 >= args.length) {
        throw new IllegalArgumentException(
            "usage: [--driver NAME]... where NAME is one of " + known + "; got " + args[i]);
      }
      String name = args[++i];
      if (!known.contains(name)) {
        throw new IllegalArgumentException(
            "--driver " + name + ": unknown driver; this catalog ships " + known);
      }
      chosen.put(name, true);
    }
    return chosen.isEmpty() ? List.copyOf(known) : List.copyOf(chosen.keySet());
  }
}
