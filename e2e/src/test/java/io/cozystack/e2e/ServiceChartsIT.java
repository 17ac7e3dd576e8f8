package io.cozystack.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The services catalog's application charts across their values matrix ({@code
 * catalogs/services/src/test/values/<chart>/<case>.yaml}): each case rendered by the real Helm as
 * helm-controller would install it, and every rendered object (hooks too) server-side dry-run
 * applied to the real API server, which judges it with the upstream operators' own CRDs
 * (CloudNativePG, the MariaDB operator, ...). Every object carries the K1 labels of its instance
 * and is of a kind the catalog declares in {@code catalog.yaml spec.rights}. Cases named {@code
 * invalid-*} must be refused by the chart with the message their first line names ({@code # error:
 * ...}).
 */
@ExtendWith(KubernetesExtension.class)
class ServiceChartsIT {
  static final Path CATALOG = ControlPlane.repoRoot().resolve("catalogs/services");
  static final Path VALUES = CATALOG.resolve("src/test/values");
  private static final YAMLMapper YAML = new YAMLMapper();

  @Kube static KubernetesClient client;
  @Kube static String namespace;

  /** Per chart: cases rendered, objects rendered, objects accepted, invalid cases refused. */
  static final Map<String, AtomicIntegerArray> figures = new ConcurrentSkipListMap<>();

  static Stream<Arguments> cases() throws IOException {
    return matrix(false);
  }

  static Stream<Arguments> invalidCases() throws IOException {
    return matrix(true);
  }

  private static Stream<Arguments> matrix(boolean invalid) throws IOException {
    try (Stream<Path> charts = Files.list(VALUES)) {
      return charts.sorted().toList().stream()
          .flatMap(
              dir -> {
                try (Stream<Path> files = Files.list(dir)) {
                  return files
                      .filter(f -> f.getFileName().toString().endsWith(".yaml"))
                      .filter(f -> f.getFileName().toString().startsWith("invalid-") == invalid)
                      .sorted()
                      .map(f -> Arguments.of(dir.getFileName().toString(), caseName(f)))
                      .toList()
                      .stream();
                } catch (IOException e) {
                  throw new java.io.UncheckedIOException(e);
                }
              });
    }
  }

  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("cases")
  void everyRenderedObjectIsAcceptedByTheApiServer(String chartName, String caseName)
      throws Exception {
    ServiceChart chart = ServiceChart.of(CATALOG.resolve("charts").resolve(chartName));
    String instance = caseName;
    List<GenericKubernetesResource> objects =
        chart.render(values(chartName, caseName), chart.releasePrefix() + instance, namespace);
    AtomicIntegerArray figure = figures.computeIfAbsent(chartName, c -> new AtomicIntegerArray(4));
    figure.incrementAndGet(0);
    figure.addAndGet(1, objects.size());
    assertThat(objects).as("objects rendered").isNotEmpty();
    for (GenericKubernetesResource object : objects) {
      String what = object.getKind() + " " + object.getMetadata().getName();
      assertThat(object.getMetadata().getLabels())
          .as("K1 labels of " + what)
          .containsEntry("apps.cozystack.io/application.group", "apps.cozystack.io")
          .containsEntry("apps.cozystack.io/application.kind", chart.kind())
          .containsEntry("apps.cozystack.io/application.name", instance);
      assertThat(declaredKinds())
          .as(what + " is of a kind catalog.yaml spec.rights.namespaced declares")
          .contains(group(object.getApiVersion()) + "/" + object.getKind());
      GenericKubernetesResource accepted =
          client
              .genericKubernetesResources(object.getApiVersion(), object.getKind())
              .inNamespace(namespace)
              .resource(object)
              .dryRun()
              .fieldManager("helm")
              .serverSideApply();
      assertThat(accepted.getMetadata().getName())
          .as(what)
          .isEqualTo(object.getMetadata().getName());
      figure.incrementAndGet(2);
    }
  }

  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("invalidCases")
  void invalidValuesAreRefusedNamingTheField(String chartName, String caseName) throws Exception {
    ServiceChart chart = ServiceChart.of(CATALOG.resolve("charts").resolve(chartName));
    Path file = VALUES.resolve(chartName).resolve(caseName + ".yaml");
    String expected = Files.readAllLines(file).get(0).replaceFirst("^# error: ", "");
    assertThatThrownBy(
            () ->
                chart.render(
                    values(chartName, caseName), chart.releasePrefix() + caseName, namespace))
        .hasMessageContaining(expected);
    figures.computeIfAbsent(chartName, c -> new AtomicIntegerArray(4)).incrementAndGet(3);
  }

  @AfterAll
  static void printFigures() {
    int cases = 0;
    int rendered = 0;
    int accepted = 0;
    int refused = 0;
    for (Map.Entry<String, AtomicIntegerArray> e : figures.entrySet()) {
      AtomicIntegerArray f = e.getValue();
      System.out.printf(
          "[charts] %s: %d cases rendered, %d objects rendered, %d accepted by the API server;"
              + " %d invalid cases refused%n",
          e.getKey(), f.get(0), f.get(1), f.get(2), f.get(3));
      cases += f.get(0);
      rendered += f.get(1);
      accepted += f.get(2);
      refused += f.get(3);
    }
    System.out.printf(
        "[charts] services catalog: %d cases, %d objects rendered, %d accepted; %d invalid cases"
            + " refused%n",
        cases, rendered, accepted, refused);
  }

  /** {@code group/Kind} of every namespaced kind the catalog declares it renders. */
  private static java.util.Set<String> declaredKinds() throws IOException {
    java.util.Set<String> kinds = new java.util.TreeSet<>();
    YAML.readTree(CATALOG.resolve("catalog.yaml").toFile())
        .path("spec")
        .path("rights")
        .path("namespaced")
        .forEach(k -> kinds.add(k.path("apiGroup").asText() + "/" + k.path("kind").asText()));
    return kinds;
  }

  private static String group(String apiVersion) {
    return apiVersion.contains("/") ? apiVersion.substring(0, apiVersion.indexOf('/')) : "";
  }

  private static String caseName(Path file) {
    return file.getFileName().toString().replaceFirst("\\.yaml$", "");
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> values(String chart, String caseName) throws IOException {
    Map<String, Object> values =
        YAML.readValue(VALUES.resolve(chart).resolve(caseName + ".yaml").toFile(), Map.class);
    return values == null ? Map.of() : values;
  }
}
