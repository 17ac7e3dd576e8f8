package io.cozystack.e2e;

import static org.awaitility.Awaitility.await;

import io.cozystack.api.v1alpha1.ApplicationDefinition;
import io.cozystack.api.v1alpha1.Package;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.Watch;
import io.fabric8.kubernetes.client.Watcher;
import io.fabric8.kubernetes.client.WatcherException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The install chain on Flux's real controllers, timed, beside the same chain answered by the
 * stand-in, in one run on one control plane: the bootstrap from one URL to every Package Ready (the
 * operator jar started as operator/bin/run starts it, control plane and jars warm), then N Postgres
 * instances from creation to Ready, once installed by helm-controller and once with their
 * HelmReleases answered by a stand-in (helm-controller leaves releases labelled {@code
 * e2e.cozystack.io/stand-in} alone). Prints {@code [benchmark]} lines; asserts only that everything
 * converged.
 */
@ExtendWith(KubernetesExtension.class)
@WithFlux
class FluxInstallBenchmark {
  static final int INSTANCES = Integer.getInteger("benchmark.instances", 20);
  static final Duration LIMIT = Duration.ofMinutes(5);
  static final String APPS = "apps.cozystack.io/v1alpha1";
  static final String STAND_IN_LABEL = "e2e.cozystack.io/stand-in";

  @Kube static KubernetesClient client;
  @Kube static Path kubeconfig;
  @Kube static Registry registry;
  static OperatorProcess operator;
  static Watch standIn;

  @BeforeAll
  static void publish() throws Exception {
    LocalPlatform.prepare(client);
    LocalPlatform.publishCatalogs(registry, "bench");
  }

  @AfterAll
  static void stop() throws Exception {
    if (standIn != null) {
      standIn.close();
    }
    LocalPlatform.stop(operator);
  }

  @Test
  void installChainWithHelmControllerAndWithTheStandIn() throws Exception {
    long bootstrap = bootstrapToEveryPackageReady();
    System.out.printf(
        "[benchmark] flux: operator start with --platform-source-url to every Package Ready: %.2f s"
            + " (%d Packages)%n",
        bootstrap / 1000.0, client.resources(Package.class).list().getItems().size());
    LocalPlatform.apply(client, "Tenant", "tenant-root", "bench", Map.of());
    awaitReady("Tenant", "tenant-root", "bench");
    defineStandInKind();
    standIn = answerStandInReleases();

    List<Long> real = createAndTime("Postgres", "real");
    List<Long> stub = createAndTime("StandInPostgres", "stub");
    report("helm-controller", real);
    report("stand-in", stub);
    System.out.printf(
        "[benchmark] flux: p50 ratio helm-controller / stand-in: %.2f%n",
        (double) percentile(real, 50) / Math.max(1, percentile(stub, 50)));
  }

  private static long bootstrapToEveryPackageReady() throws Exception {
    int expected = expectedPackages();
    System.out.printf("[benchmark] flux: waiting for %d Packages%n", expected);
    long start = System.nanoTime();
    operator = LocalPlatform.startOperator(kubeconfig, registry, "bench");
    await("every Package Ready")
        .atMost(LIMIT)
        .pollInterval(Duration.ofMillis(100))
        .failFast("the operator exited", () -> !operator.process.isAlive())
        .until(
            () -> {
              List<Package> packages = client.resources(Package.class).list().getItems();
              return packages.size() >= expected
                  && packages.stream().allMatch(p -> FluxStatusView.of(p).is("Ready", "True"));
            });
    return (System.nanoTime() - start) / 1_000_000;
  }

  /**
   * Every Package the platform installs from this repository's catalogs: the platform's own, one
   * per sibling catalog, and one per PackageSource the three catalogs list.
   */
  @SuppressWarnings("unchecked")
  private static int expectedPackages() throws java.io.IOException {
    int count = 1;
    for (String catalog : new String[] {"platform", "services", "virtualization"}) {
      Map<String, Object> manifest =
          io.fabric8.kubernetes.client.utils.Serialization.unmarshal(
              java.nio.file.Files.readString(
                  PublishedCatalogs.catalog(catalog).resolve("catalog.yaml")),
              Map.class);
      count +=
          ((List<?>) ((Map<String, Object>) manifest.get("spec")).get("packageSources")).size();
      count += "platform".equals(catalog) ? 0 : 1;
    }
    return count;
  }

  /** The Postgres definition again, as kind StandInPostgres whose releases carry the label. */
  private static void defineStandInKind() {
    ApplicationDefinition postgres =
        client.resources(ApplicationDefinition.class).withName("postgres").get();
    Map<String, Object> tree =
        io.fabric8.kubernetes.client.utils.Serialization.jsonMapper()
            .convertValue(postgres.getSpec(), Map.class);
    @SuppressWarnings("unchecked")
    Map<String, Object> application = (Map<String, Object>) tree.get("application");
    application.putAll(
        Map.of(
            "kind",
            "StandInPostgres",
            "plural",
            "standinpostgreses",
            "singular",
            "standinpostgres"));
    @SuppressWarnings("unchecked")
    Map<String, Object> release = (Map<String, Object>) tree.get("release");
    release.put("prefix", "standin-");
    release.put("labels", Map.of(STAND_IN_LABEL, "true"));
    GenericKubernetesResource definition = new GenericKubernetesResource();
    definition.setApiVersion("cozystack.io/v1alpha1");
    definition.setKind("ApplicationDefinition");
    definition.setMetadata(new ObjectMetaBuilder().withName("standinpostgres").build());
    definition.setAdditionalProperty("spec", tree);
    client.resource(definition).fieldManager(Manifests.FIELD_MANAGER).serverSideApply();
  }

  /** Marks every stand-in release Ready for its generation the moment it is written. */
  private static Watch answerStandInReleases() {
    FakeHelmController helm = new FakeHelmController(client);
    return client
        .genericKubernetesResources("helm.toolkit.fluxcd.io/v2", "HelmRelease")
        .inAnyNamespace()
        .withLabel(STAND_IN_LABEL, "true")
        .watch(
            new Watcher<>() {
              @Override
              public void eventReceived(Action action, GenericKubernetesResource release) {
                if (action == Action.ADDED || action == Action.MODIFIED) {
                  FluxStatusView status = FluxStatusView.of(release);
                  long observed = status.path("observedGeneration").asLong(-1);
                  if (observed != release.getMetadata().getGeneration()) {
                    helm.reportReady(
                        release.getMetadata().getNamespace(), release.getMetadata().getName());
                  }
                }
              }

              @Override
              public void onClose(WatcherException cause) {}
            });
  }

  /** Creates INSTANCES objects of {@code kind} at once; returns each one's creation-to-Ready ms. */
  private static List<Long> createAndTime(String kind, String prefix) {
    Map<String, Long> created = new HashMap<>();
    Map<String, Long> readyAt = new ConcurrentHashMap<>();
    await("kind " + kind + " served")
        .atMost(LIMIT)
        .ignoreExceptions()
        .until(
            () ->
                client.genericKubernetesResources(APPS, kind).inNamespace("tenant-bench").list()
                    != null);
    for (int i = 0; i < INSTANCES; i++) {
      String name = prefix + "-" + i;
      created.put(name, System.nanoTime());
      LocalPlatform.apply(client, kind, "tenant-bench", name, Map.of("replicas", 1));
    }
    await(INSTANCES + " " + kind + " Ready")
        .atMost(LIMIT)
        .pollInterval(Duration.ofMillis(100))
        .until(
            () -> {
              long now = System.nanoTime();
              for (GenericKubernetesResource r :
                  client
                      .genericKubernetesResources(APPS, kind)
                      .inNamespace("tenant-bench")
                      .list()
                      .getItems()) {
                if (FluxStatusView.of(r).is("Ready", "True")) {
                  readyAt.putIfAbsent(r.getMetadata().getName(), now);
                }
              }
              return readyAt.size() == INSTANCES;
            });
    List<Long> durations = new ArrayList<>();
    created.forEach((name, t0) -> durations.add((readyAt.get(name) - t0) / 1_000_000));
    durations.sort(Long::compare);
    return durations;
  }

  private static void report(String who, List<Long> durations) {
    System.out.printf(
        "[benchmark] flux: %d Postgres instances, creation to Ready, %s: p50 %.2f s, p99 %.2f s,"
            + " last %.2f s (polled every 0.1 s)%n",
        durations.size(),
        who,
        percentile(durations, 50) / 1000.0,
        percentile(durations, 99) / 1000.0,
        durations.get(durations.size() - 1) / 1000.0);
  }

  private static long percentile(List<Long> sorted, int p) {
    int index = (int) Math.ceil(p / 100.0 * sorted.size()) - 1;
    return sorted.get(Math.max(0, Math.min(sorted.size() - 1, index)));
  }

  private static void awaitReady(String kind, String namespace, String name) {
    await(kind + " " + name + " Ready")
        .atMost(LIMIT)
        .until(
            () ->
                FluxStatusView.of(
                        client
                            .genericKubernetesResources(APPS, kind)
                            .inNamespace(namespace)
                            .withName(name)
                            .get())
                    .is("Ready", "True"));
  }
}
