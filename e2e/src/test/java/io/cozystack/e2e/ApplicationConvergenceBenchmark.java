package io.cozystack.e2e;

import static org.awaitility.Awaitility.await;

import io.cozystack.api.v1alpha1.ApplicationDefinition;
import io.cozystack.operator.flux.HelmRelease;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Benchmark, not a test: latency from ApplicationDefinition create to the first accepted instance,
 * then N instances across M namespaces converge to HelmReleases; a plain fabric8 client writes the
 * same releases in the same run. Run with {@code ./mvnw -B verify -Pbenchmark} ({@code
 * -Dbenchmark.instances=1000}, {@code -Dbenchmark.namespaces=100}).
 */
@ExtendWith(KubernetesExtension.class)
class ApplicationConvergenceBenchmark {
  @Kube static KubernetesClient client;
  @Kube static Path kubeconfig;

  @Test
  void instancesConverge() throws Exception {
    int instances = Integer.getInteger("benchmark.instances", 1000);
    int namespaces = Integer.getInteger("benchmark.namespaces", 100);
    Config config = Config.fromKubeconfig(Files.readString(kubeconfig));
    PlatformValues.ensure(client);
    for (int n = 0; n < namespaces; n++) {
      PlatformValues.system(client, "apps-bench-" + n);
      ensureNamespace("apps-plain-" + n);
    }

    RequestCounter plainRequests = new RequestCounter();
    long plainStart = System.nanoTime();
    try (KubernetesClient plain = plainRequests.client(config)) {
      for (int i = 0; i < instances; i++) {
        plain
            .resource(plainRelease(i, namespaces))
            .fieldManager("plain")
            .forceConflicts()
            .serverSideApply();
      }
    }
    double plainSeconds = (System.nanoTime() - plainStart) / 1e9;

    RequestCounter operatorRequests = new RequestCounter();
    try (InProcessOperator operator = InProcessOperator.start(operatorRequests.client(config))) {
      long adStart = System.nanoTime();
      client.resource(definition()).fieldManager("bench").serverSideApply();
      await()
          .atMost(Duration.ofMinutes(2))
          .pollInterval(Duration.ofMillis(50))
          .ignoreExceptions()
          .until(
              () -> {
                client.resource(instance(0, namespaces)).create();
                return true;
              });
      double firstAccepted = (System.nanoTime() - adStart) / 1e9;

      long start = System.nanoTime();
      for (int i = 1; i < instances; i++) {
        client.resource(instance(i, namespaces)).create();
      }
      await()
          .atMost(Duration.ofMinutes(20))
          .pollInterval(Duration.ofMillis(500))
          .until(() -> benchReleases() == instances);
      double seconds = (System.nanoTime() - start) / 1e9;
      String memory = JvmMemory.afterGc();
      System.out.printf(
          "%n[benchmark] ApplicationDefinition create -> first instance accepted: %.2f s%n"
              + "[benchmark] %d instances in %d namespaces: HelmReleases converged in %.1f s; operator %d API requests (%s) = %.2f per instance%n"
              + "[benchmark] plain fabric8 SSA of the same %d HelmReleases: %.1f s; %d requests = %.2f per release%n"
              + "[benchmark] ratio operator/plain: time %.2fx, requests %.2fx%n"
              + "[benchmark] test JVM (operator in-process) after GC: %s%n",
          firstAccepted,
          instances,
          namespaces,
          seconds,
          operatorRequests.total(),
          operatorRequests,
          operatorRequests.total() / (double) instances,
          instances,
          plainSeconds,
          plainRequests.total(),
          plainRequests.total() / (double) instances,
          seconds / plainSeconds,
          operatorRequests.total() / (double) plainRequests.total(),
          memory);
    }
  }

  private long benchReleases() {
    return client
        .resources(HelmRelease.class)
        .inAnyNamespace()
        .withLabel("apps.cozystack.io/application.kind", "Bench")
        .list()
        .getItems()
        .size();
  }

  private static void ensureNamespace(String name) {
    client
        .namespaces()
        .resource(new NamespaceBuilder().withNewMetadata().withName(name).endMetadata().build())
        .fieldManager("bench")
        .serverSideApply();
  }

  private static ApplicationDefinition definition() {
    return Serialization.unmarshal(
        """
        apiVersion: cozystack.io/v1alpha1
        kind: ApplicationDefinition
        metadata: {name: bench}
        spec:
          application:
            kind: Bench
            plural: benches
            singular: bench
            openAPISchema: '{"type":"object","properties":{"size":{"type":"integer","default":1}}}'
          release:
            prefix: bench-
            chartRef: {kind: ExternalArtifact, name: cozystack-bench-application-default-bench, namespace: cozy-system}
        """,
        ApplicationDefinition.class);
  }

  private static GenericKubernetesResource instance(int i, int namespaces) {
    GenericKubernetesResource r = new GenericKubernetesResource();
    r.setApiVersion("apps.cozystack.io/v1alpha1");
    r.setKind("Bench");
    r.setMetadata(
        new ObjectMetaBuilder()
            .withName("b" + i)
            .withNamespace("apps-bench-" + (i % namespaces))
            .build());
    r.setAdditionalProperty("spec", Map.of("size", i));
    return r;
  }

  private static HelmRelease plainRelease(int i, int namespaces) {
    return Serialization.unmarshal(
        """
        apiVersion: helm.toolkit.fluxcd.io/v2
        kind: HelmRelease
        metadata: {name: bench-b%d, namespace: apps-plain-%d}
        spec:
          interval: 5m
          maxHistory: 5
          chartRef: {kind: ExternalArtifact, name: cozystack-bench-application-default-bench, namespace: cozy-system}
          install: {timeout: 10m, strategy: {name: RetryOnFailure, retryInterval: 30s}}
          upgrade: {timeout: 10m, strategy: {name: RetryOnFailure, retryInterval: 30s}}
          valuesFrom: [{kind: ConfigMap, name: cozystack-values}]
          values: {size: %d}
        """
            .formatted(i, i % namespaces, i),
        HelmRelease.class);
  }
}
