package io.cozystack.catalog.services.apps;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Each application's definition is wire-compatible with Cozystack's definition of the same kind, as
 * recorded in {@code src/test/resources/wire/<app>.json} (facts only: kind, plural, singular,
 * release prefix, labels and chartRef, dashboard fields, and per property path its type, default,
 * enum, required list, int-or-string and pattern). Every recorded property is there with the same
 * facts, and no property is added; and the chart's values schema is the definition's schema, closed
 * (K4).
 */
class WireCompatibilityTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final YAMLMapper YAML = new YAMLMapper();
  private static final List<String> FACTS =
      List.of("type", "default", "enum", "required", "x-kubernetes-int-or-string", "pattern");

  static Stream<String> applications() throws IOException {
    try (Stream<Path> files = Files.list(Path.of("src/test/resources/wire"))) {
      return files
          .map(f -> f.getFileName().toString().replace(".json", ""))
          .sorted()
          .toList()
          .stream();
    }
  }

  @ParameterizedTest
  @MethodSource("applications")
  void theDefinitionMatchesCozystacksOfTheSameKind(String app) throws IOException {
    JsonNode wire = JSON.readTree(Path.of("src/test/resources/wire", app + ".json").toFile());
    JsonNode spec = definition(app).path("spec");
    assertThat(spec.path("application").path("kind").asText())
        .isEqualTo(wire.path("kind").asText());
    assertThat(spec.path("application").path("plural").asText())
        .isEqualTo(wire.path("plural").asText());
    assertThat(spec.path("application").path("singular").asText())
        .isEqualTo(wire.path("singular").asText());
    JsonNode release = spec.path("release");
    assertThat(release.path("prefix")).isEqualTo(wire.path("release").path("prefix"));
    assertThat(release.path("labels")).isEqualTo(wire.path("release").path("labels"));
    assertThat(release.path("chartRef")).isEqualTo(wire.path("release").path("chartRef"));
    wire.path("dashboard")
        .fields()
        .forEachRemaining(
            f ->
                assertThat(spec.path("dashboard").path(f.getKey()))
                    .as("dashboard." + f.getKey())
                    .isEqualTo(f.getValue()));

    Map<String, JsonNode> ours = facts(schema(app));
    Map<String, JsonNode> theirs = new TreeMap<>();
    wire.path("properties").fields().forEachRemaining(f -> theirs.put(f.getKey(), f.getValue()));
    assertThat(ours.keySet()).as("property paths").containsExactlyElementsOf(theirs.keySet());
    theirs.forEach((path, facts) -> assertThat(ours.get(path)).as(path).isEqualTo(facts));
  }

  @ParameterizedTest
  @MethodSource("applications")
  void theValuesSchemaIsTheDefinitionsSchemaClosed(String app) throws IOException {
    ObjectNode values =
        (ObjectNode) JSON.readTree(Path.of("charts", app, "values.schema.json").toFile());
    values.remove("$schema");
    ObjectNode properties = (ObjectNode) values.path("properties");
    for (String reserved : List.of("_cluster", "_namespace", "cozy-lib")) {
      assertThat(properties.has(reserved)).as(reserved).isTrue();
      properties.remove(reserved);
    }
    assertThat(values).isEqualTo(open(schema(app)));
    assertClosed("", JSON.readTree(Path.of("charts", app, "values.schema.json").toFile()));
  }

  /** The schema with additionalProperties: false added wherever an object lists properties. */
  private static JsonNode open(JsonNode schema) {
    JsonNode copy = schema.deepCopy();
    close(copy);
    return copy;
  }

  private static void close(JsonNode node) {
    if (node.isObject()) {
      ObjectNode object = (ObjectNode) node;
      if ("object".equals(object.path("type").asText())
          && object.has("properties")
          && !object.has("additionalProperties")) {
        object.put("additionalProperties", false);
      }
      object.forEach(WireCompatibilityTest::close);
    } else if (node.isArray()) {
      node.forEach(WireCompatibilityTest::close);
    }
  }

  private static void assertClosed(String path, JsonNode node) {
    if ("object".equals(node.path("type").asText()) && node.has("properties")) {
      assertThat(node.path("additionalProperties").asBoolean(true))
          .as("additionalProperties of " + (path.isEmpty() ? "the root" : path))
          .isFalse();
      node.path("properties")
          .fields()
          .forEachRemaining(f -> assertClosed(path + "." + f.getKey(), f.getValue()));
    }
    if (node.path("additionalProperties").isObject()) {
      assertClosed(path + ".*", node.path("additionalProperties"));
    }
    if (node.path("items").isObject()) {
      assertClosed(path + "[]", node.path("items"));
    }
  }

  private static JsonNode definition(String app) throws IOException {
    return YAML.readTree(Path.of("charts", app + "-rd", "cozyrds", app + ".yaml").toFile());
  }

  private static JsonNode schema(String app) throws IOException {
    return JSON.readTree(
        definition(app).path("spec").path("application").path("openAPISchema").asText());
  }

  /** Per property path (a.b, a.* for map values, a.[] for items), its recorded facts. */
  private static Map<String, JsonNode> facts(JsonNode schema) {
    Map<String, JsonNode> facts = new TreeMap<>();
    walk("", schema, facts);
    return facts;
  }

  private static void walk(String path, JsonNode node, Map<String, JsonNode> facts) {
    if (!path.isEmpty()) {
      ObjectNode f = JSON.createObjectNode();
      FACTS.stream().filter(node::has).forEach(k -> f.set(k, node.get(k)));
      facts.put(path, f);
    }
    String prefix = path.isEmpty() ? "" : path + ".";
    for (Iterator<Map.Entry<String, JsonNode>> it = node.path("properties").fields();
        it.hasNext(); ) {
      Map.Entry<String, JsonNode> p = it.next();
      walk(prefix + p.getKey(), p.getValue(), facts);
    }
    if (node.path("additionalProperties").isObject()) {
      walk(prefix + "*", node.path("additionalProperties"), facts);
    }
    if (node.path("items").isObject()) {
      walk(prefix + "[]", node.path("items"), facts);
    }
  }
}
