package io.cozystack.operator.apps;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.fabric8.kubernetes.client.utils.Serialization;
import org.junit.jupiter.api.Test;

/** Structural defaulting as the API server applies it on read. */
class SchemaDefaultsTest {
  private static final JsonNode SCHEMA =
      json(
          """
          {"type":"object","properties":{
            "replicas":{"type":"integer","default":2},
            "version":{"type":"string","default":"v17"},
            "note":{"type":"string","nullable":true,"default":"n"},
            "storage":{"type":"object","default":{},"properties":{
              "size":{"type":"string","default":"10Gi"}}},
            "users":{"type":"array","items":{"type":"object","properties":{
              "role":{"type":"string","default":"reader"}}}},
            "quotas":{"type":"object","additionalProperties":{"type":"object","properties":{
              "hard":{"type":"boolean","default":true}}}}}}
          """);

  @Test
  void missingPropertiesGetTheirDefaultsAndGivenOnesAreKept() {
    JsonNode values = SchemaDefaults.apply(SCHEMA, json("{\"replicas\":5}"));

    assertThat(values.path("replicas").asInt()).isEqualTo(5);
    assertThat(values.path("version").asText()).isEqualTo("v17");
  }

  @Test
  void aDefaultedObjectIsItselfDefaulted() {
    JsonNode values = SchemaDefaults.apply(SCHEMA, json("{}"));

    assertThat(values.path("storage").path("size").asText()).isEqualTo("10Gi");
  }

  @Test
  void arrayItemsAndAdditionalPropertiesAreDefaultedByTheirSchemas() {
    JsonNode values =
        SchemaDefaults.apply(
            SCHEMA,
            json("{\"users\":[{\"name\":\"a\"},{\"role\":\"admin\"}],\"quotas\":{\"x\":{}}}"));

    assertThat(values.path("users").get(0).path("role").asText()).isEqualTo("reader");
    assertThat(values.path("users").get(1).path("role").asText()).isEqualTo("admin");
    assertThat(values.path("quotas").path("x").path("hard").asBoolean()).isTrue();
  }

  @Test
  void nullIsReplacedByTheDefaultUnlessThePropertyIsNullable() {
    JsonNode values = SchemaDefaults.apply(SCHEMA, json("{\"version\":null,\"note\":null}"));

    assertThat(values.path("version").asText()).isEqualTo("v17");
    assertThat(values.get("note").isNull()).isTrue();
  }

  @Test
  void anAbsentSpecIsDefaultedAsAnEmptyOneAndTheInputIsNotChanged() {
    JsonNode input = json("{\"replicas\":1}");

    assertThat(SchemaDefaults.apply(SCHEMA, null).path("replicas").asInt()).isEqualTo(2);
    SchemaDefaults.apply(SCHEMA, input);
    assertThat(input.has("version")).isFalse();
  }

  private static JsonNode json(String text) {
    try {
      return Serialization.jsonMapper().readTree(text);
    } catch (Exception e) {
      throw new IllegalArgumentException(e);
    }
  }
}
