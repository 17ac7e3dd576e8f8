package io.cozystack.contracts.schemas;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.cozystack.contracts.schemas.PythonJsonSchema.Case;
import io.cozystack.contracts.schemas.PythonJsonSchema.Verdict;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The conversion from a CRD's OpenAPI schema to JSON Schema, keyword by keyword, and what Python's
 * jsonschema makes of the result for the keywords our own CRDs do not all use (int-or-string,
 * nullable, exclusive bounds, embedded resources).
 */
class OpenApiToJsonSchemaTest {
  private static final YAMLMapper YAML = new YAMLMapper();
  private static final ObjectMapper JSON = new ObjectMapper();

  private static JsonNode yaml(String text) throws Exception {
    return YAML.readTree(text);
  }

  private static final String OPENAPI =
      """
      type: object
      required: [name]
      properties:
        name: {type: string, pattern: '^[a-z]+$', x-kubernetes-validations: [{rule: 'self != "x"'}]}
        port: {x-kubernetes-int-or-string: true}
        legacyPort: {type: string, format: int-or-string}
        labels: {type: object, additionalProperties: {type: string}}
        raw: {type: object, x-kubernetes-preserve-unknown-fields: true}
        empty: {type: object}
        note: {type: string, nullable: true}
        mode: {type: string, enum: [a, b]}
        ratio: {type: number, minimum: 0, exclusiveMinimum: true}
        items: {type: array, items: {type: object, properties: {k: {type: string}}}}
        embedded: {type: object, x-kubernetes-embedded-resource: true, properties: {spec: {type: object}}}
      """;

  @Test
  void keywordByKeyword() throws Exception {
    JsonNode s = OpenApiToJsonSchema.convert(yaml(OPENAPI));
    JsonNode p = s.path("properties");

    assertThat(s.path("additionalProperties").asBoolean(true)).isFalse();
    assertThat(s.path("type").asText()).isEqualTo("object");
    assertThat(p.path("name").path("type").asText()).isEqualTo("string");
    assertThat(p.path("name").has("x-kubernetes-validations")).isFalse();
    assertThat(p.path("port").has("type")).isFalse();
    assertThat(p.path("port").path("anyOf").toString())
        .isEqualTo("[{\"type\":\"integer\"},{\"type\":\"string\"},{\"type\":\"null\"}]");
    assertThat(p.path("legacyPort").has("format")).isFalse();
    assertThat(p.path("labels").path("additionalProperties").path("type").toString())
        .isEqualTo("[\"string\",\"null\"]");
    assertThat(p.path("raw").has("additionalProperties")).isFalse();
    assertThat(p.path("empty").path("additionalProperties").asBoolean(true)).isFalse();
    assertThat(p.path("mode").path("enum").toString()).isEqualTo("[\"a\",\"b\",null]");
    assertThat(p.path("ratio").path("exclusiveMinimum").asInt(-1)).isZero();
    assertThat(p.path("ratio").has("minimum")).isFalse();
    assertThat(p.path("items").path("items").path("additionalProperties").asBoolean(true))
        .isFalse();
    assertThat(p.path("embedded").path("properties").has("metadata")).isTrue();
  }

  @Test
  void jsonschemaReadsTheConversionAsTheApiServerReadsTheCrd() throws Exception {
    JsonNode s = OpenApiToJsonSchema.convert(yaml(OPENAPI));
    String[][] cases = {
      {"minimal", "{name: a}", "true"},
      {"name required", "{}", "false"},
      {"name null", "{name: null}", "false"},
      {"name against its pattern", "{name: A}", "false"},
      {"unknown field", "{name: a, other: 1}", "false"},
      {"port integer", "{name: a, port: 8080}", "true"},
      {"port string", "{name: a, port: http}", "true"},
      {"port boolean", "{name: a, port: true}", "false"},
      {"legacy int-or-string", "{name: a, legacyPort: 80}", "true"},
      {"labels of strings", "{name: a, labels: {x.io/y: z}}", "true"},
      {"label number", "{name: a, labels: {x: 1}}", "false"},
      {"raw keeps anything", "{name: a, raw: {any: [1, {b: c}]}}", "true"},
      {"empty object closed", "{name: a, empty: {x: 1}}", "false"},
      {"nullable", "{name: a, note: null}", "true"},
      {"optional null dropped", "{name: a, mode: null}", "true"},
      {"enum", "{name: a, mode: c}", "false"},
      {"exclusive minimum", "{name: a, ratio: 0}", "false"},
      {"above it", "{name: a, ratio: 0.5}", "true"},
      {"null item", "{name: a, items: [null]}", "false"},
      {"item closed", "{name: a, items: [{k: v, z: 1}]}", "false"},
      {
        "embedded resource",
        "{name: a, embedded: {apiVersion: v1, kind: Pod, metadata: {name: p}, spec: {}}}",
        "true"
      },
    };
    List<Case> corpus =
        java.util.Arrays.stream(cases)
            .map(c -> new Case(c[0], "s", uncheckedYaml(c[1]), Boolean.parseBoolean(c[2])))
            .toList();

    var run = PythonJsonSchema.validate("openapi-conversion", Map.of("s", s), corpus);

    assertThat(run.disagreements()).extracting(Verdict::describe).isEmpty();
  }

  private static JsonNode uncheckedYaml(String text) {
    try {
      return JSON.valueToTree(YAML.readTree(text));
    } catch (Exception e) {
      throw new IllegalArgumentException(e);
    }
  }
}
