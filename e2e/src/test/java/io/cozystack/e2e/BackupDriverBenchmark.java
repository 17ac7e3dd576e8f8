package io.cozystack.e2e;

import static org.awaitility.Awaitility.await;

import io.cozystack.api.Contracts;
import io.cozystack.api.backups.driver.DriverRegistrationSpec;
import io.cozystack.api.backups.v1alpha1.BackupDriver;
import io.cozystack.api.backups.v1alpha1.BackupJob;
import io.cozystack.api.backups.v1alpha1.BackupStatus.BackupArtifact;
import io.cozystack.api.backups.v1alpha1.RunPhase;
import io.cozystack.contracts.driver.BackupRun;
import io.cozystack.contracts.driver.DriverRuntime;
import io.cozystack.contracts.driver.Progress;
import io.cozystack.contracts.driver.RestoreRun;
import io.cozystack.contracts.driver.StrategyDriver;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.Watch;
import io.fabric8.kubernetes.client.Watcher;
import io.fabric8.kubernetes.client.WatcherException;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The cost of the backup path itself: many BackupJobs dispatched by the platform to a driver run by
 * the SDK runtime, whose backup finishes at once (so what is measured is dispatch, the run protocol
 * and the Backup record, not an upstream operator). Prints the time until every job succeeded,
 * per-job latency, API requests per job of the operator and of the driver, and memory.
 */
@ExtendWith(KubernetesExtension.class)
class BackupDriverBenchmark {
  @Kube static KubernetesClient client;
  @Kube static String namespace;
  @Kube static Path kubeconfig;

  /** Finishes every backup on its first call. */
  record Instant(String name) implements StrategyDriver {
    @Override
    public DriverRegistrationSpec registration() {
      return new DriverRegistrationSpec(
          name,
          new DriverRegistrationSpec.CatalogRef("bench", "1.0.0"),
          Contracts.VERSION,
          List.of(new DriverRegistrationSpec.StrategyKind("bench.example.com", "Bench")),
          60);
    }

    @Override
    public Progress backup(BackupRun run) {
      return Progress.backedUp(
          new BackupArtifact("bench://" + run.namespace() + "/" + run.name(), null, null),
          Map.of("bench/job", run.name()),
          null);
    }

    @Override
    public Progress restore(RestoreRun run) {
      return Progress.restored(null);
    }
  }

  @Test
  void manyJobsThroughTheSdkRuntime() throws Exception {
    int jobs = Integer.getInteger("benchmark.jobs", 500);
    int namespaces = 10;
    prepare(namespaces);
    RequestCounter operatorRequests = new RequestCounter();
    RequestCounter driverRequests = new RequestCounter();
    Config config = Config.fromKubeconfig(Files.readString(kubeconfig));
    Map<String, Long> succeededAt = new ConcurrentHashMap<>();
    try (InProcessOperator operator = InProcessOperator.start(operatorRequests.client(config));
        KubernetesClient driverClient = driverRequests.client(config);
        DriverRuntime driver =
            DriverRuntime.start(
                driverClient,
                new Instant("bench-driver"),
                java.time.Clock.systemUTC(),
                Integer.getInteger("benchmark.workers", DriverRuntime.DEFAULT_WORKERS));
        Watch watch =
            client.resources(BackupJob.class).inAnyNamespace().watch(succeeded(succeededAt))) {
      createApps(namespaces);
      await()
          .atMost(Duration.ofSeconds(60))
          .ignoreExceptions()
          .until(
              () ->
                  client
                      .resources(BackupDriver.class)
                      .withName("bench-driver")
                      .get()
                      .getStatus()
                      .owned()
                      .contains("bench.example.com/Bench"));
      long opBefore = operatorRequests.total();
      long drBefore = driverRequests.total();
      long t0 = System.nanoTime();
      Map<String, Long> createdAt = new ConcurrentHashMap<>();
      for (int i = 0; i < jobs; i++) {
        String ns = namespace + "-" + (i % namespaces);
        createdAt.put(ns + "/job-" + i, System.nanoTime());
        client.resource(job(ns, "job-" + i)).create();
      }
      double created = (System.nanoTime() - t0) / 1e9;
      await()
          .atMost(Duration.ofMinutes(10))
          .pollInterval(Duration.ofMillis(200))
          .until(() -> succeededAt.size() >= jobs);
      double total = (System.nanoTime() - t0) / 1e9;
      List<Double> latencies =
          succeededAt.entrySet().stream()
              .map(e -> (e.getValue() - createdAt.get(e.getKey())) / 1e9)
              .sorted()
              .toList();
      System.out.printf(
          "%n[benchmark] %d BackupJobs through the SDK runtime (%d workers) (driver finishes at once): created in %.1f s, all Succeeded after %.1f s (%.0f jobs/s)%n"
              + "[benchmark] each job from its creation to Succeeded: p50 %.2f s, p99 %.2f s%n"
              + "[benchmark] API requests per job: operator %.2f, driver %.2f (driver's by method: %s)%n"
              + "[benchmark] test JVM (operator and driver in-process) after GC: %s%n",
          jobs,
          Integer.getInteger("benchmark.workers", DriverRuntime.DEFAULT_WORKERS),
          created,
          total,
          jobs / total,
          latencies.get(latencies.size() / 2),
          latencies.get(
              Math.min(latencies.size() - 1, (int) Math.ceil(0.99 * latencies.size()) - 1)),
          (operatorRequests.total() - opBefore) / (double) jobs,
          (driverRequests.total() - drBefore) / (double) jobs,
          driverRequests,
          JvmMemory.afterGc());
    } finally {
      client.resources(BackupDriver.class).withName("bench-driver").delete();
    }
  }

  private static void prepare(int namespaces) throws Exception {
    Manifests.namespace(client, "cozy-system");
    for (int n = 0; n < namespaces; n++) {
      client
          .namespaces()
          .resource(
              new NamespaceBuilder()
                  .withNewMetadata()
                  .withName(namespace + "-" + n)
                  .endMetadata()
                  .build())
          .create();
    }
    apply(
        """
        apiVersion: apiextensions.k8s.io/v1
        kind: CustomResourceDefinition
        metadata: {name: benches.bench.example.com}
        spec:
          group: bench.example.com
          names: {kind: Bench, plural: benches, singular: bench}
          scope: Cluster
          versions:
            - name: v1alpha1
              served: true
              storage: true
              schema: {openAPIV3Schema: {type: object, x-kubernetes-preserve-unknown-fields: true}}
        ---
        apiVersion: cozystack.io/v1alpha1
        kind: ApplicationDefinition
        metadata: {name: benchable}
        spec:
          application: {kind: Benchable, plural: benchables, singular: benchable, openAPISchema: '{"type":"object","properties":{}}'}
          release: {prefix: benchable-, chartRef: {kind: ExternalArtifact, name: x, namespace: cozy-system}}
        ---
        apiVersion: backups.cozystack.io/v1alpha1
        kind: BackupClass
        metadata: {name: bench}
        spec:
          strategies:
            - {strategyRef: {apiGroup: bench.example.com, kind: Bench, name: b}, application: {kind: Benchable}}
        """);
  }

  /** The strategy and one application per namespace, once the operator serves the kind. */
  private static void createApps(int namespaces) {
    await()
        .atMost(Duration.ofSeconds(60))
        .ignoreExceptions()
        .until(
            () -> {
              apply(
                  "apiVersion: bench.example.com/v1alpha1\nkind: Bench\nmetadata: {name: b}\nspec: {}");
              for (int n = 0; n < namespaces; n++) {
                apply(
                    "apiVersion: apps.cozystack.io/v1alpha1\nkind: Benchable\n"
                        + "metadata: {name: db, namespace: %s-%d}\nspec: {}"
                            .formatted(namespace, n));
              }
              return true;
            });
  }

  private static BackupJob job(String ns, String name) {
    return Serialization.unmarshal(
        """
        apiVersion: backups.cozystack.io/v1alpha1
        kind: BackupJob
        metadata: {name: %s, namespace: %s}
        spec:
          applicationRef: {apiGroup: apps.cozystack.io, kind: Benchable, name: db}
          backupClassName: bench
        """
            .formatted(name, ns),
        BackupJob.class);
  }

  private static Watcher<BackupJob> succeeded(Map<String, Long> at) {
    return new Watcher<>() {
      @Override
      public void eventReceived(Action action, BackupJob job) {
        if (job.getStatus() != null && job.getStatus().phase() == RunPhase.SUCCEEDED) {
          at.putIfAbsent(
              job.getMetadata().getNamespace() + "/" + job.getMetadata().getName(),
              System.nanoTime());
        }
      }

      @Override
      public void onClose(WatcherException cause) {}
    };
  }

  private static void apply(String yaml) {
    Manifests.apply(client, yaml);
  }
}
