package io.cozystack.operator;

import io.cozystack.contracts.driver.DriverRuntime;
import io.cozystack.contracts.driver.StrategyDriver;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.javaoperatorsdk.operator.Operator;
import io.javaoperatorsdk.operator.api.config.LeaderElectionConfiguration;
import io.javaoperatorsdk.operator.api.reconciler.Reconciler;
import io.javaoperatorsdk.operator.monitoring.micrometer.MicrometerMetrics;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Owns the JOSDK {@link Operator}: registers every controller, starts and stops them. */
public final class OperatorRuntime {
  private static final Logger LOG = LoggerFactory.getLogger(OperatorRuntime.class);

  private final Operator operator;
  private final KubernetesClient client;
  private final List<Controllers.Entry<?>> controllers;
  private final List<StrategyDriver> drivers;
  private final List<DriverRuntime> runningDrivers = new ArrayList<>();
  private final LeaderElectionConfiguration leaderElection;

  /**
   * How long stopping waits for in-flight reconciles: a replica stops within 5 s of SIGTERM; what
   * it abandons the next leader retries (every write is idempotent).
   */
  static final java.time.Duration STOP_TIMEOUT = java.time.Duration.ofSeconds(4);

  /**
   * Reconciles of the framework's controllers that run at once (JOSDK's default is 50). Measured
   * with {@code FootprintBenchmark}: see docs/operations.md, "Memory and start-up".
   */
  public static final int DEFAULT_RECONCILE_THREADS = 10;

  /**
   * @param useServerSideApply false only against the fabric8 mock server, which lacks it
   */
  public OperatorRuntime(
      KubernetesClient client,
      List<Controllers.Entry<?>> controllers,
      boolean useServerSideApply,
      MeterRegistry registry) {
    this(client, controllers, List.of(), useServerSideApply, registry, null);
  }

  /**
   * @param drivers the backup drivers the platform runs itself (see {@link #startDrivers()})
   * @param leaderElection null to reconcile at once; otherwise only the holder of the Lease
   *     reconciles, and losing it exits the process so Kubernetes restarts it as a follower
   */
  public OperatorRuntime(
      KubernetesClient client,
      List<Controllers.Entry<?>> controllers,
      List<StrategyDriver> drivers,
      boolean useServerSideApply,
      MeterRegistry registry,
      LeaderElectionConfiguration leaderElection) {
    this(
        client,
        controllers,
        drivers,
        useServerSideApply,
        registry,
        leaderElection,
        DEFAULT_RECONCILE_THREADS);
  }

  /**
   * @param reconcileThreads how many reconciles of the framework's controllers run at once; the
   *     threads exist only while there is work (an idle one ends after a minute)
   */
  public OperatorRuntime(
      KubernetesClient client,
      List<Controllers.Entry<?>> controllers,
      List<StrategyDriver> drivers,
      boolean useServerSideApply,
      MeterRegistry registry,
      LeaderElectionConfiguration leaderElection,
      int reconcileThreads) {
    this.client = client;
    this.controllers = controllers;
    this.drivers = drivers;
    this.leaderElection = leaderElection;
    this.operator =
        new Operator(
            o ->
                o.withKubernetesClient(client)
                    .withMetrics(MicrometerMetrics.withoutPerResourceMetrics(registry))
                    .withCloseClientOnStop(true)
                    .withUseSSAToPatchPrimaryResource(useServerSideApply)
                    .withSSABasedCreateUpdateMatchForDependentResources(useServerSideApply)
                    .withStopOnInformerErrorDuringStartup(true)
                    .withConcurrentReconciliationThreads(reconcileThreads)
                    .withExecutorService(reconcilers(reconcileThreads))
                    .withLeaderElectionConfiguration(leaderElection));
  }

  /**
   * The reconcile pool: at most {@code threads}, each ending after a minute without work (JOSDK's
   * own pool keeps every thread it ever started).
   */
  static java.util.concurrent.ExecutorService reconcilers(int threads) {
    var count = new java.util.concurrent.atomic.AtomicInteger();
    var pool =
        new java.util.concurrent.ThreadPoolExecutor(
            threads,
            threads,
            1,
            java.util.concurrent.TimeUnit.MINUTES,
            new java.util.concurrent.LinkedBlockingQueue<>(),
            r -> new Thread(r, "reconciler-" + count.incrementAndGet()));
    pool.allowCoreThreadTimeOut(true);
    return pool;
  }

  /** Registers and starts every controller; throws when one cannot start. */
  public void start() {
    for (Controllers.Entry<?> entry : controllers) {
      register(entry);
    }
    operator.start();
    for (Controllers.Entry<?> entry : controllers) {
      LOG.info("Started controller {} for {} ({})", entry.name(), entry.kind(), entry.apiVersion());
    }
    LOG.info("Operator started with {} controllers", controllers.size());
    if (leaderElection == null) {
      startDrivers();
    } else {
      LOG.info(
          "Leader election on: controllers reconcile only while this replica ({}) holds Lease {}/{}",
          leaderElection.getIdentity().orElse("?"),
          leaderElection.getLeaseNamespace().orElse("?"),
          leaderElection.getLeaseName());
    }
  }

  /**
   * Starts the platform's own backup drivers on the SDK runtime: at once without leader election,
   * else from the leader callback, so that only the leader acts on jobs (as its controllers do).
   */
  public synchronized void startDrivers() {
    if (!runningDrivers.isEmpty()) {
      return;
    }
    for (StrategyDriver driver : drivers) {
      runningDrivers.add(DriverRuntime.startHosted(client, driver));
    }
  }

  private synchronized void stopDrivers() {
    runningDrivers.forEach(DriverRuntime::close);
    runningDrivers.clear();
  }

  /**
   * Stops the controllers: first what our reconcilers run themselves (application kinds' informers
   * and queues, writer pools), so nothing retries against a closing client; then the framework,
   * waiting at most {@link #STOP_TIMEOUT} for in-flight reconciles before abandoning them (they are
   * retried by the next leader; every write is idempotent).
   */
  public void stop() {
    Thread stopper =
        new Thread(
            () -> {
              stopDrivers();
              closeReconcilers();
              operator.stop();
            },
            "operator-stop");
    stopper.setDaemon(true);
    stopper.start();
    try {
      stopper.join(STOP_TIMEOUT.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    if (stopper.isAlive()) {
      LOG.warn(
          "In-flight reconciles did not finish within {} s; abandoning them",
          STOP_TIMEOUT.toSeconds());
    }
  }

  private void closeReconcilers() {
    for (Controllers.Entry<?> entry : controllers) {
      if (entry.reconciler() instanceof AutoCloseable closeable) {
        try {
          closeable.close();
        } catch (Exception e) {
          LOG.warn("Closing controller {} failed: {}", entry.name(), e.getMessage());
        }
      }
    }
  }

  private <R extends io.fabric8.kubernetes.api.model.HasMetadata> void register(
      Controllers.Entry<R> entry) {
    Reconciler<R> reconciler = entry.reconciler();
    operator.register(
        reconciler,
        config -> {
          // Every controller retries without end (backoff capped): a failure is never dropped.
          config.withName(entry.name()).withRetry(ReconcileErrors.retry());
          entry.configuration().accept(config);
        });
  }

  /** Why the operator is not ready (for {@code /readyz}), or null when it is. */
  public String unreadiness() {
    var info = operator.getRuntimeInfo();
    if (!info.isStarted()) {
      return "controllers are not started";
    }
    if (!info.allEventSourcesAreHealthy()) {
      return "unhealthy informers: " + info.unhealthyEventSources().keySet();
    }
    return null;
  }

  /**
   * One line for a start-up failure: the root cause, which names the missing kind or the refusal.
   */
  static String describe(Throwable e) {
    return ApiServerCheck.rootMessage(e)
        + ". If a custom resource kind is missing, install the CRDs: kubectl apply"
        + " --server-side -f crds/";
  }
}
