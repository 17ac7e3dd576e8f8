package io.cozystack.contracts.definition;

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
  void aNullTheSchemaDoesNotAllowAndWithNoDefaultIsDroppedAsTheApiServerDrops() {
    JsonNode schema =
        json(
            "{\"type\":\"object\",\"properties\":{\"size\":{\"type\":\"string\"},"
                + "\"labels\":{\"type\":\"object\",\"additionalProperties\":{\"type\":\"string\"}}}}");

    JsonNode values =
        SchemaDefaults.apply(schema, json("{\"size\":null,\"labels\":{\"a\":null,\"b\":\"x\"}}"));

    assertThat(values.has("size")).isFalse();
    assertThat(values.path("labels").has("a")).isFalse();
    assertThat(values.path("labels").path("b").asText()).isEqualTo("x");
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

  @Test
  void objectDefaultsAreCompletedWithTheirPropertiesDefaultsForTheCrd() {
    JsonNode schema =
        json(
            """
            {"type":"object","properties":{
              "backup":{"type":"object","default":{},"required":["enabled"],"properties":{
                "enabled":{"type":"boolean","default":false},
                "note":{"type":"string"},
                "creds":{"type":"object","default":{"name":"x"},"properties":{
                  "name":{"type":"string","default":""},
                  "key":{"type":"string","default":"k"}}}}},
              "users":{"type":"object","additionalProperties":{"type":"object",
                "default":{},"properties":{"admin":{"type":"boolean","default":true}}}}}}
            """);

    SchemaDefaults.completeDefaults(schema);

    JsonNode backup = schema.path("properties").path("backup");
    assertThat(backup.path("default"))
        .isEqualTo(json("{\"enabled\":false,\"creds\":{\"name\":\"x\",\"key\":\"k\"}}"));
    assertThat(backup.path("properties").path("creds").path("default"))
        .isEqualTo(json("{\"name\":\"x\",\"key\":\"k\"}"));
    assertThat(schema.path("properties").path("users").path("additionalProperties").path("default"))
        .isEqualTo(json("{\"admin\":true}"));
    // What an instance gets is unchanged: the completed default is what defaulting {} gives.
    assertThat(SchemaDefaults.apply(schema, json("{}")).path("backup"))
        .isEqualTo(backup.path("default"));
  }
}
