package io.cozystack.e2e;

import static org.awaitility.Awaitility.await;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.Watch;
import io.fabric8.kubernetes.client.Watcher;
import io.fabric8.kubernetes.client.WatcherException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * One cluster-value change with N namespaces that carry values ({@code -Dbenchmark.namespaces},
 * default 1000): time until each namespace's ConfigMap carries the new hash (p50, p99, last), API
 * writes per namespace, and the operator's memory.
 */
@ExtendWith(KubernetesExtension.class)
class ValuesProjectionBenchmark {
  @Kube static KubernetesClient client;
  @Kube static Path kubeconfig;

  private static final String HASH = "values.cozystack.io/hash";

  @Test
  void aClusterValueChangeReachesEveryNamespace() throws Exception {
    int namespaces = Integer.getInteger("benchmark.namespaces", 1000);
    PlatformValues.apply(client, "{rootHost: bench.example.org, transport: ConfigMap}");
    for (int n = 0; n < namespaces; n++) {
      PlatformValues.system(client, "values-bench-" + n);
    }
    RequestCounter requests = new RequestCounter();
    Config config = Config.fromKubeconfig(Files.readString(kubeconfig));
    try (InProcessOperator operator = InProcessOperator.start(requests.client(config))) {
      long start = System.nanoTime();
      await()
          .atMost(Duration.ofMinutes(10))
          .pollInterval(Duration.ofMillis(250))
          .until(() -> hashes().size() >= namespaces);
      double initial = (System.nanoTime() - start) / 1e9;
      Map<String, String> before = hashes();

      Map<String, Long> changedAt = new ConcurrentHashMap<>();
      try (Watch watch =
          client
              .configMaps()
              .inAnyNamespace()
              .withLabel("values.cozystack.io/projected", "true")
              .watch(recorder(before, changedAt))) {
        long writesBefore = requests.total() - requests.count("GET");
        long t0 = System.nanoTime();
        PlatformValues.apply(client, "{rootHost: bench.example.net, transport: ConfigMap}");
        await()
            .atMost(Duration.ofMinutes(10))
            .pollInterval(Duration.ofMillis(100))
            .until(
                () ->
                    changedAt.keySet().stream().filter(ns -> ns.startsWith("values-bench-")).count()
                        >= namespaces);
        List<Double> latencies =
            changedAt.entrySet().stream()
                .filter(e -> e.getKey().startsWith("values-bench-"))
                .map(e -> (e.getValue() - t0) / 1e9)
                .sorted()
                .toList();
        long writes = requests.total() - requests.count("GET") - writesBefore;
        System.out.printf(
            "%n[benchmark] values projection into %d namespaces: initial projection %.1f s%n"
                + "[benchmark] one ClusterValues change: every namespace carries the new hash after p50 %.2f s, p99 %.2f s, last %.2f s%n"
                + "[benchmark] non-GET API requests for the change: %d = %.2f per namespace (all requests so far: %s)%n"
                + "[benchmark] test JVM (operator in-process) after GC: %s%n",
            namespaces,
            initial,
            percentile(latencies, 0.50),
            percentile(latencies, 0.99),
            latencies.get(latencies.size() - 1),
            writes,
            writes / (double) namespaces,
            requests,
            JvmMemory.afterGc());
      }
    }
  }

  private static Watcher<ConfigMap> recorder(
      Map<String, String> before, Map<String, Long> changedAt) {
    return new Watcher<>() {
      @Override
      public void eventReceived(Action action, ConfigMap cm) {
        String ns = cm.getMetadata().getNamespace();
        String hash =
            cm.getMetadata().getAnnotations() == null
                ? null
                : cm.getMetadata().getAnnotations().get(HASH);
        if (hash != null && !hash.equals(before.get(ns))) {
          changedAt.putIfAbsent(ns, System.nanoTime());
        }
      }

      @Override
      public void onClose(WatcherException cause) {}
    };
  }

  private static Map<String, String> hashes() {
    Map<String, String> result = new ConcurrentHashMap<>();
    client
        .configMaps()
        .inAnyNamespace()
        .withLabel("values.cozystack.io/projected", "true")
        .list()
        .getItems()
        .stream()
        .filter(cm -> cm.getMetadata().getNamespace().startsWith("values-bench-"))
        .forEach(
            cm ->
                result.put(
                    cm.getMetadata().getNamespace(), cm.getMetadata().getAnnotations().get(HASH)));
    return result;
  }

  private static double percentile(List<Double> sorted, double p) {
    return sorted.get(Math.min(sorted.size() - 1, (int) Math.ceil(p * sorted.size()) - 1));
  }
}
