package io.cozystack.e2e;

import static org.awaitility.Awaitility.await;

import io.cozystack.api.v1alpha1.Package;
import io.cozystack.api.v1alpha1.PackageSource;
import io.cozystack.operator.flux.HelmRelease;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Benchmark, not a test: N Packages with 3 components each converge on the real API server, and a
 * plain fabric8 client writes the same number of HelmReleases in the same run for comparison.
 * Prints figures; asserts only that convergence happened. Run with {@code ./mvnw -B verify
 * -Pbenchmark} ({@code -Dbenchmark.packages=N}, default 200).
 */
@ExtendWith(KubernetesExtension.class)
class PackageConvergenceBenchmark {
  static final int COMPONENTS = 3;
  @Kube static KubernetesClient client;
  @Kube static Path kubeconfig;

  @Test
  void packagesConverge() throws Exception {
    int packages = Integer.getInteger("benchmark.packages", 200);
    Config config = Config.fromKubeconfig(Files.readString(kubeconfig));
    ensureNamespace("cozy-system");
    PlatformValues.ensure(client);
    for (int i = 0; i < packages; i++) {
      ensureNamespace("bench-" + i);
      ensureNamespace("plain-" + i);
    }

    RequestCounter plainRequests = new RequestCounter();
    long plainStart = System.nanoTime();
    try (KubernetesClient plain = plainRequests.client(config)) {
      for (int i = 0; i < packages; i++) {
        for (int c = 0; c < COMPONENTS; c++) {
          plain
              .resource(plainRelease(i, c))
              .fieldManager("plain")
              .forceConflicts()
              .serverSideApply();
        }
      }
    }
    double plainSeconds = (System.nanoTime() - plainStart) / 1e9;

    RequestCounter operatorRequests = new RequestCounter();
    InProcessOperator operator = InProcessOperator.start(operatorRequests.client(config));
    try {
      long start = System.nanoTime();
      for (int i = 0; i < packages; i++) {
        client.resource(source(i)).fieldManager("bench").serverSideApply();
        client.resource(pkg(i)).fieldManager("bench").serverSideApply();
      }
      int expected = packages * COMPONENTS;
      await()
          .atMost(Duration.ofMinutes(15))
          .pollInterval(Duration.ofMillis(250))
          .until(() -> benchReleases() == expected && packagesWithStatus() == packages);
      double seconds = (System.nanoTime() - start) / 1e9;
      String memory = JvmMemory.afterGc();
      System.out.printf(
          "%n[benchmark] %d Packages x %d components = %d HelmReleases%n"
              + "[benchmark] operator: converged in %.1f s; %d API requests (%s) = %.2f per HelmRelease%n"
              + "[benchmark] plain fabric8 SSA of the same %d HelmReleases: %.1f s; %d requests = %.2f per HelmRelease%n"
              + "[benchmark] ratio operator/plain: time %.2fx, requests %.2fx%n"
              + "[benchmark] test JVM (operator in-process) after GC: %s%n",
          packages,
          COMPONENTS,
          expected,
          seconds,
          operatorRequests.total(),
          operatorRequests,
          operatorRequests.total() / (double) expected,
          expected,
          plainSeconds,
          plainRequests.total(),
          plainRequests.total() / (double) expected,
          seconds / plainSeconds,
          operatorRequests.total() / (double) plainRequests.total(),
          memory);
    } finally {
      operator.close();
    }
  }

  private long benchReleases() {
    return client
        .resources(HelmRelease.class)
        .inAnyNamespace()
        .withLabel("cozystack.io/package")
        .list()
        .getItems()
        .stream()
        .filter(r -> r.getMetadata().getLabels().get("cozystack.io/package").startsWith("bench.p"))
        .count();
  }

  private long packagesWithStatus() {
    return client.resources(Package.class).withLabel("bench", "true").list().getItems().stream()
        .filter(
            p ->
                p.getStatus() != null
                    && p.getStatus().components() != null
                    && p.getStatus().components().size() == COMPONENTS)
        .count();
  }

  private static void ensureNamespace(String name) {
    client
        .namespaces()
        .resource(new NamespaceBuilder().withNewMetadata().withName(name).endMetadata().build())
        .fieldManager("bench")
        .serverSideApply();
  }

  private static PackageSource source(int i) {
    List<String> components = new ArrayList<>();
    for (int c = 0; c < COMPONENTS; c++) {
      components.add(
          "{name: c%d, path: system/c%d, install: {namespace: bench-%d}}".formatted(c, c, i));
    }
    return Serialization.unmarshal(
        """
        apiVersion: cozystack.io/v1alpha1
        kind: PackageSource
        metadata: {name: bench.p%d, labels: {bench: "true"}}
        spec:
          sourceRef: {kind: OCIRepository, name: cozystack-packages, namespace: cozy-system}
          variants: [{name: default, components: [%s]}]
        """
            .formatted(i, String.join(", ", components)),
        PackageSource.class);
  }

  private static Package pkg(int i) {
    return Serialization.unmarshal(
        """
        apiVersion: cozystack.io/v1alpha1
        kind: Package
        metadata: {name: bench.p%d, labels: {bench: "true"}}
        spec: {variant: default}
        """
            .formatted(i),
        Package.class);
  }

  private static HelmRelease plainRelease(int i, int c) {
    return Serialization.unmarshal(
        """
        apiVersion: helm.toolkit.fluxcd.io/v2
        kind: HelmRelease
        metadata: {name: c%d, namespace: plain-%d}
        spec:
          interval: 5m
          maxHistory: 5
          chartRef: {kind: ExternalArtifact, name: bench-p%d-default-c%d, namespace: cozy-system}
          install: {timeout: 10m, strategy: {name: RetryOnFailure, retryInterval: 30s}}
          upgrade: {timeout: 10m, strategy: {name: RetryOnFailure, retryInterval: 30s}}
          valuesFrom: [{kind: ConfigMap, name: cozystack-values}]
        """
            .formatted(c, i, i, c),
        HelmRelease.class);
  }
}
