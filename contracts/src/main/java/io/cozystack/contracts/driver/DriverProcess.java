package io.cozystack.contracts.driver;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.function.Function;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The {@code main} of a catalog's driver process: {@code [--driver NAME]...} picks which of the
 * catalog's drivers run (all by default); each gets its own {@link DriverRuntime} on one client
 * (in-cluster or from KUBECONFIG). With {@code --leader-elect}, only the replica holding the
 * process's Lease ({@code --leader-election-lease}, default named after the drivers it runs, in
 * {@code --leader-election-namespace}, default POD_NAMESPACE or cozy-system) runs them. A
 * deployment names its Lease once: derived from the drivers, it would change when an upgrade adds
 * one, and the old and the new replica would each lead their own Lease, side by side. Runs until
 * SIGTERM, then closes the runtimes. Exit codes: 2 bad arguments, 3 a driver could not start (the
 * log says why), 1 leadership lost, 143 after SIGTERM.
 */
public final class DriverProcess {
  private static final Logger LOG = LoggerFactory.getLogger(DriverProcess.class);

  /** The parsed arguments. */
  record Options(
      List<String> drivers, boolean leaderElect, String leaseNamespace, String leaseName) {}

  private static final Pattern LEASE_NAME =
      Pattern.compile("[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*");

  private DriverProcess() {}

  /**
   * Runs the drivers chosen by {@code args} from {@code catalog} (name to factory); returns the
   * process exit code.
   */
  public static int run(
      String[] args, Map<String, Function<KubernetesClient, StrategyDriver>> catalog) {
    Options options;
    try {
      options = parse(args, catalog.keySet(), System.getenv());
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
                  synchronized (runtimes) {
                    runtimes.forEach(DriverRuntime::close);
                  }
                  client.close();
                  stopped.countDown();
                }));
    if (options.leaderElect()) {
      DriverLeadership.campaign(
          client,
          options.leaseNamespace(),
          options.leaseName(),
          () -> {
            if (start(client, options.drivers(), catalog, runtimes) != 0) {
              System.exit(3);
            }
          },
          System::exit);
    } else if (start(client, options.drivers(), catalog, runtimes) != 0) {
      return 3;
    }
    try {
      stopped.await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    return 0;
  }

  private static int start(
      KubernetesClient client,
      List<String> chosen,
      Map<String, Function<KubernetesClient, StrategyDriver>> catalog,
      List<DriverRuntime> runtimes) {
    try {
      for (String name : chosen) {
        DriverRuntime runtime = DriverRuntime.start(client, catalog.get(name).apply(client));
        synchronized (runtimes) {
          runtimes.add(runtime);
        }
      }
    } catch (RuntimeException e) {
      // A missing strategy CRD, a refused registration, no API server: say which, and stop.
      LOG.error("backup drivers {} could not start: {}", chosen, e.getMessage());
      return 3;
    }
    LOG.info("running backup drivers {}", chosen);
    return 0;
  }

  static Options parse(String[] args, Set<String> known, Map<String, String> env) {
    Set<String> chosen = new LinkedHashSet<>();
    boolean leaderElect = Boolean.parseBoolean(env.getOrDefault("COZY_LEADER_ELECT", "false"));
    String namespace = env.getOrDefault("POD_NAMESPACE", "cozy-system");
    String lease = null;
    for (int i = 0; i < args.length; i++) {
      String arg = args[i];
      if (arg.equals("--leader-elect") || arg.equals("--leader-elect=true")) {
        leaderElect = true;
      } else if (arg.equals("--leader-elect=false")) {
        leaderElect = false;
      } else if (arg.startsWith("--leader-election-namespace=")) {
        namespace = arg.substring(arg.indexOf('=') + 1);
      } else if (arg.startsWith("--leader-election-lease=")) {
        lease = arg.substring(arg.indexOf('=') + 1);
        if (!LEASE_NAME.matcher(lease).matches()) {
          throw new IllegalArgumentException(
              "--leader-election-lease="
                  + lease
                  + ": a Lease name is a DNS subdomain (lower-case letters, digits, '-' and '.')");
        }
      } else if (arg.equals("--driver") && i + 1 < args.length) {
        String name = args[++i];
        if (!known.contains(name)) {
          throw new IllegalArgumentException(
              "--driver " + name + ": unknown driver; this catalog ships " + known);
        }
        chosen.add(name);
      } else {
        throw new IllegalArgumentException(
            "usage: [--driver NAME]... [--leader-elect[=true|false]]"
                + " [--leader-election-namespace=NS] [--leader-election-lease=NAME], NAME one of "
                + known
                + "; got "
                + arg);
      }
    }
    List<String> drivers = List.copyOf(chosen.isEmpty() ? known : chosen);
    return new Options(
        drivers,
        leaderElect,
        namespace,
        lease == null ? DriverLeadership.leaseName(drivers) : lease);
  }
}
