package io.cozystack.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.cozystack.api.v1alpha1.ApplicationDefinition;
import io.cozystack.api.v1alpha1.ArtifactNaming;
import io.cozystack.api.v1alpha1.PackageSource;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * The virtualization catalog's ComputePlane source and definition keep Cozystack's names, so its
 * manifests and ours are interchangeable: the same artifacts, the same kind and release, and a
 * schema with the same properties, types and defaults.
 */
class ComputePlaneNamesTest {
  static final Path CATALOG = ControlPlane.repoRoot().resolve("catalogs/virtualization");

  @Test
  void bothSourcesDeriveTheSameArtifacts() throws Exception {
    PackageSource ours =
        read("charts/catalog/sources/computeplane-application.yaml", PackageSource.class);
    PackageSource cozystack =
        ExampleSources.example(
            "05-packagesource-computeplane-application.yaml", PackageSource.class);

    assertThat(ArtifactNaming.artifactNames(ours))
        .containsExactly(
            "cozystack-computeplane-application-kubevirt-computeplane",
            "cozystack-computeplane-application-kubevirt-kubernetes",
            "cozystack-computeplane-application-kubevirt-computeplane-rd")
        .isEqualTo(ArtifactNaming.artifactNames(cozystack));
    assertThat(ours.getSpec().variants().get(0).components().get(2).install())
        .isEqualTo(cozystack.getSpec().variants().get(0).components().get(2).install());
  }

  @Test
  void bothDefinitionsServeTheSameKindAndRelease() throws Exception {
    ApplicationDefinition ours =
        read("charts/computeplane-rd/cozyrds/computeplane.yaml", ApplicationDefinition.class);
    ApplicationDefinition cozystack =
        ExampleSources.example(
            "07-applicationdefinition-computeplane.yaml", ApplicationDefinition.class);

    assertThat(ours.getMetadata().getName()).isEqualTo(cozystack.getMetadata().getName());
    assertThat(ours.getSpec().application().kind()).isEqualTo("ComputePlane");
    assertThat(ours.getSpec().application().plural())
        .isEqualTo(cozystack.getSpec().application().plural());
    assertThat(ours.getSpec().application().singular())
        .isEqualTo(cozystack.getSpec().application().singular());
    assertThat(ours.getSpec().release().prefix()).isEqualTo(cozystack.getSpec().release().prefix());
    assertThat(ours.getSpec().release().labels()).isEqualTo(cozystack.getSpec().release().labels());
    assertThat(ours.getSpec().release().chartRef())
        .isEqualTo(cozystack.getSpec().release().chartRef());
    assertThat(ours.getSpec().secrets()).isEqualTo(cozystack.getSpec().secrets());
    assertThat(ours.getSpec().services()).isEqualTo(cozystack.getSpec().services());
    assertThat(ours.getSpec().ingresses()).isEqualTo(cozystack.getSpec().ingresses());
    assertThat(ours.getSpec().dashboard().module()).isTrue();
    assertThat(ours.getSpec().release().requiredValues()).containsExactly("_namespace.etcd");
  }

  @Test
  void bothSchemasHaveTheSamePropertiesTypesAndDefaults() throws Exception {
    JsonNode ours =
        schema(
            read("charts/computeplane-rd/cozyrds/computeplane.yaml", ApplicationDefinition.class));
    JsonNode cozystack =
        schema(
            ExampleSources.example(
                "07-applicationdefinition-computeplane.yaml", ApplicationDefinition.class));

    Map<String, String> shape = shape("", ours, new TreeMap<>());
    assertThat(shape)
        .containsKey(".nodeGroups.*.roles[]")
        .isEqualTo(shape("", cozystack, new TreeMap<>()));
  }

  @Test
  void theModuleChartsValuesSchemaHasTheDefinitionsNodeGroups() throws Exception {
    JsonNode definition =
        schema(
            read("charts/computeplane-rd/cozyrds/computeplane.yaml", ApplicationDefinition.class));
    JsonNode chart =
        Serialization.jsonMapper()
            .readTree(Files.readString(CATALOG.resolve("charts/computeplane/values.schema.json")));

    Map<String, String> inChart =
        withoutIntOrString(shape("", chart.path("properties").path("nodeGroups"), new TreeMap<>()));
    assertThat(inChart)
        .hasSizeGreaterThan(15)
        .isEqualTo(
            withoutIntOrString(
                shape("", definition.path("properties").path("nodeGroups"), new TreeMap<>())));
    assertThat(chart.path("properties").path("nodeGroups").path("maxProperties").asInt())
        .isEqualTo(definition.path("properties").path("nodeGroups").path("maxProperties").asInt());
  }

  /** The chart's JSON Schema has no Kubernetes extensions: compare without them. */
  private static Map<String, String> withoutIntOrString(Map<String, String> shape) {
    Map<String, String> out = new TreeMap<>();
    shape.forEach((k, v) -> out.put(k, v.replaceAll(" int-or-string=\\w+", "")));
    return out;
  }

  /** Every property path with its type, default, required list and int-or-string flag. */
  private static Map<String, String> shape(String path, JsonNode node, Map<String, String> out) {
    out.put(
        path,
        node.path("type").asText()
            + " default="
            + node.path("default")
            + " required="
            + node.path("required")
            + " int-or-string="
            + node.path("x-kubernetes-int-or-string").asBoolean(false));
    for (Iterator<Map.Entry<String, JsonNode>> it = node.path("properties").fields();
        it.hasNext(); ) {
      Map.Entry<String, JsonNode> e = it.next();
      shape(path + "." + e.getKey(), e.getValue(), out);
    }
    if (node.path("additionalProperties").isObject()) {
      shape(path + ".*", node.get("additionalProperties"), out);
    }
    if (node.path("items").isObject()) {
      shape(path + "[]", node.get("items"), out);
    }
    return out;
  }

  private static JsonNode schema(ApplicationDefinition definition) throws Exception {
    return Serialization.jsonMapper().readTree(definition.getSpec().application().openAPISchema());
  }

  private static <T> T read(String file, Class<T> type) throws Exception {
    return Serialization.unmarshal(Files.readString(CATALOG.resolve(file)), type);
  }
}
