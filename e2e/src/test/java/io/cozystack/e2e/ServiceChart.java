package io.cozystack.e2e;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import com.marcnuri.helm.Helm;
import io.cozystack.contracts.validation.ChartRender;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * An application chart of a catalog rendered by the real Helm as the platform renders it: the
 * platform's cozy-lib vendored, every K2 key set ({@link ChartRender}). Its Chart.yaml names the
 * kind and the release prefix (annotations {@code kind}, {@code releasePrefix}).
 */
record ServiceChart(Path dir, String kind, String releasePrefix) {
  private static final YAMLMapper YAML = new YAMLMapper();

  static ServiceChart of(Path dir) throws IOException {
    JsonNode annotations = YAML.readTree(dir.resolve("Chart.yaml").toFile()).path("annotations");
    return new ServiceChart(
        dir, annotations.path("kind").asText(), annotations.path("releasePrefix").asText());
  }

  /** Every object the chart renders for {@code values}, as release {@code release}. */
  List<GenericKubernetesResource> render(
      Map<String, Object> values, String release, String namespace) throws IOException {
    Path work = Files.createTempDirectory("service-chart");
    String yaml = ChartRender.manifests(dir, work, values, release, namespace);
    List<GenericKubernetesResource> objects = new ArrayList<>();
    for (String doc : yaml.split("(?m)^---\\s*$")) {
      if (doc.contains("kind:")) {
        objects.add(Serialization.unmarshal(doc, GenericKubernetesResource.class));
      }
    }
    return objects;
  }

  /** {@code helm install} for real against the cluster of {@code kubeconfig}. */
  void install(Map<String, Object> values, String release, String namespace, Path kubeconfig)
      throws IOException {
    Path[] files = prepare(values);
    new Helm(files[0])
        .install()
        .withName(release)
        .withNamespace(namespace)
        .withKubeConfig(kubeconfig)
        .withValuesFile(files[1])
        .withValuesFile(files[2])
        .call();
  }

  /** {@code helm upgrade} of a release {@link #install} made. */
  void upgrade(Map<String, Object> values, String release, String namespace, Path kubeconfig)
      throws IOException {
    Path[] files = prepare(values);
    new Helm(files[0])
        .upgrade()
        .withName(release)
        .withNamespace(namespace)
        .withKubeConfig(kubeconfig)
        .withValuesFile(files[1])
        .withValuesFile(files[2])
        .call();
  }

  /** The prepared chart, its K2 values file and {@code values} as a file. */
  private Path[] prepare(Map<String, Object> values) throws IOException {
    Path work = Files.createTempDirectory("service-chart");
    Path copy = ChartRender.prepare(dir, work);
    Path file = work.resolve("values.yaml");
    Files.writeString(file, YAML.writeValueAsString(values));
    return new Path[] {copy, work.resolve(ChartRender.K2_VALUES), file};
  }
}
