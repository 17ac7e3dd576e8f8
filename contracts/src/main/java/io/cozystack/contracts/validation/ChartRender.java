package io.cozystack.contracts.validation;

import com.marcnuri.helm.Helm;
import io.cozystack.api.v1alpha1.ApplicationDefinition;
import io.cozystack.api.v1alpha1.Dashboard;
import io.cozystack.api.values.ValuesKeys;
import io.cozystack.contracts.artifact.CozyLibChart;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * Renders a chart with the real Helm, as the platform would: the platform's cozy-lib vendored in
 * (K5), every K2 key set, the chart's own defaults checked against its values schema.
 */
public final class ChartRender {
  static final String KUBERNETES_VERSION = "1.36.3";

  private ChartRender() {}

  static final String INSTANCE_NAME = "validate";
  private static final String COZY_LIB = "cozy-lib";

  /**
   * The release an instance of the definition gets, {@code <prefix><name>}: the instance is named
   * "validate", except a tenant module's ({@code dashboard.module}), which is named after its
   * definition (a tenant has one of each module, and its chart may insist on the name).
   */
  static String releaseName(ApplicationDefinition definition) {
    String prefix = definition.getSpec().release().prefix();
    Dashboard dashboard = definition.getSpec().dashboard();
    boolean module = dashboard != null && Boolean.TRUE.equals(dashboard.module());
    return (prefix == null ? "" : prefix)
        + (module ? definition.getMetadata().getName() : INSTANCE_NAME);
  }

  /** Helm's error, or empty when the chart renders with its default values as {@code release}. */
  static Optional<String> render(Path chart, String release) throws IOException {
    try {
      Path work = Files.createTempDirectory("cozy-catalog-render");
      try {
        manifests(chart, work, Map.of(), release);
      } finally {
        deleteTree(work);
      }
      return Optional.empty();
    } catch (IllegalStateException e) {
      return Optional.of(helmError(e));
    }
  }

  /**
   * The manifests the chart renders with its default values, in a scratch directory removed
   * afterwards. Helm's error is an {@link IllegalStateException}.
   */
  static String manifests(Path chart) throws IOException {
    Path work = Files.createTempDirectory("cozy-catalog-render");
    try {
      return manifests(chart, work, Map.of());
    } finally {
      deleteTree(work);
    }
  }

  /** Helm's error message on one line. */
  static String helmError(IllegalStateException e) {
    return String.join(" ", e.getMessage().strip().split("\\s*\\n\\s*"));
  }

  /**
   * The manifests a chart renders as the platform would render it, with {@code values} over every
   * K2 key (for a catalog's own chart tests). Helm's error is an {@link IllegalStateException}.
   */
  public static String manifests(Path chart, Path work, Map<String, Object> values)
      throws IOException {
    return manifests(chart, work, values, INSTANCE_NAME);
  }

  /** {@link #manifests(Path, Path, Map)} as release {@code release}. */
  public static String manifests(Path chart, Path work, Map<String, Object> values, String release)
      throws IOException {
    return manifests(chart, work, values, release, "tenant-validate");
  }

  /** {@link #manifests(Path, Path, Map)} as release {@code release} in {@code namespace}. */
  public static String manifests(
      Path chart, Path work, Map<String, Object> values, String release, String namespace)
      throws IOException {
    Path copy = prepare(chart, work);
    Path k2 = work.resolve(K2_VALUES);
    Path extra = work.resolve("extra-values.yaml");
    Files.writeString(extra, CatalogFiles.YAML.writeValueAsString(values));
    return new Helm(copy)
        .template()
        .withName(release)
        .withNamespace(namespace)
        .withKubeVersion(KUBERNETES_VERSION)
        .withValuesFile(k2)
        .withValuesFile(extra)
        .call();
  }

  /** The values file {@link #prepare} writes: a value for every K2 key. */
  public static final String K2_VALUES = "k2-values.yaml";

  /**
   * Makes {@code chart} installable as the platform installs it: copies it under {@code work} with
   * the platform's cozy-lib vendored (when it depends on it), and writes {@code work/}{@value
   * #K2_VALUES}. Returns the copy.
   */
  public static Path prepare(Path chart, Path work) throws IOException {
    Path copy = work.resolve(chart.getFileName().toString());
    copyTree(chart, copy);
    if (dependsOnCozyLib(copy)) {
      vendorCozyLib(copy.resolve("charts/cozy-lib"));
    }
    Files.writeString(work.resolve(K2_VALUES), CatalogFiles.YAML.writeValueAsString(k2Values()));
    return copy;
  }

  /** A value for every K2 key, so templates render as they would on a platform. */
  private static Map<String, Object> k2Values() {
    Map<String, Object> cluster = new TreeMap<>();
    ValuesKeys.CLUSTER_KEYS.forEach(k -> cluster.put(k, "example"));
    Map<String, Object> namespace = new TreeMap<>();
    ValuesKeys.NAMESPACE_KEYS.forEach(k -> namespace.put(k, "example"));
    return Map.of(ValuesKeys.CLUSTER, cluster, ValuesKeys.NAMESPACE, namespace);
  }

  /**
   * The platform's cozy-lib chart (K5) as carried in this jar: each file's path inside the chart,
   * in path order, and its bytes. The validator vendors it into every chart it renders; {@code
   * cozy-catalog package} ships it in the catalog's artifact ({@link CozyLibChart#files()}).
   */
  public static Map<String, byte[]> cozyLib() throws IOException {
    return CozyLibChart.files();
  }

  /**
   * Whether the chart depends on cozy-lib: the platform vendors the library only into a component
   * that lists it, and a component lists it when its chart depends on it.
   */
  private static boolean dependsOnCozyLib(Path chart) throws IOException {
    for (var dependency :
        CatalogFiles.YAML.readTree(chart.resolve("Chart.yaml").toFile()).path("dependencies")) {
      if (COZY_LIB.equals(dependency.path("name").asText())) {
        return true;
      }
    }
    return false;
  }

  private static void vendorCozyLib(Path target) throws IOException {
    for (Map.Entry<String, byte[]> file : cozyLib().entrySet()) {
      Path out = target.resolve(file.getKey());
      Files.createDirectories(out.getParent());
      Files.write(out, file.getValue());
    }
  }

  private static void copyTree(Path from, Path to) throws IOException {
    try (Stream<Path> walk = Files.walk(from)) {
      walk.forEach(
          p -> {
            try {
              Path t = to.resolve(from.relativize(p).toString());
              if (Files.isDirectory(p)) {
                Files.createDirectories(t);
              } else {
                Files.copy(p, t);
              }
            } catch (IOException e) {
              throw new UncheckedIOException(e);
            }
          });
    }
  }

  static void deleteTree(Path dir) throws IOException {
    try (Stream<Path> walk = Files.walk(dir)) {
      for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    }
  }
}
