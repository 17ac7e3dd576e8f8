package io.cozystack.contracts.apiserver;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The OpenAPI v3 part of a CRD's validation, as the API server applies it to a created object with
 * strict field validation (as {@code kubectl apply} asks): types, unknown fields, required fields,
 * value rules ({@link ValueRules}), list keys, and the {@code allOf}/{@code anyOf}/{@code
 * oneOf}/{@code not} junctors. CEL rules are {@link CelRules}'.
 */
final class SchemaRules {
  private SchemaRules() {}

  /** Every violation of {@code schema} by {@code value} at {@code path}. */
  static void check(JsonNode schema, JsonNode value, String path, List<Violation> out) {
    check(schema, value, path, true, out);
  }

  /**
   * {@code strict}: report unknown fields. Junctor branches only judge values (a structural
   * schema's fields are those of its main branch), so they are checked without it.
   */
  private static void check(
      JsonNode schema, JsonNode value, String path, boolean strict, List<Violation> out) {
    if (value.isNull()) {
      if (!schema.path("nullable").asBoolean(false)) {
        out.add(new Violation(path, "Invalid value: \"null\": must not be null"));
      }
      return;
    }
    if (!typeMatches(schema, value)) {
      out.add(
          new Violation(
              path,
              "Invalid value: \""
                  + JsonTypes.name(value)
                  + "\": must be of type "
                  + expectedType(schema)));
      return;
    }
    ValueRules.check(schema, value, path, out);
    if (value.isObject()) {
      object(schema, value, path, strict, out);
    } else if (value.isArray()) {
      array(schema, value, path, strict, out);
    }
    junctors(schema, value, path, out);
  }

  private static boolean typeMatches(JsonNode schema, JsonNode value) {
    if (schema.path("x-kubernetes-int-or-string").asBoolean(false)) {
      return value.isIntegralNumber() || value.isTextual();
    }
    String type = schema.path("type").asText("");
    return switch (type) {
      case "object" -> value.isObject();
      case "array" -> value.isArray();
      case "string" -> value.isTextual();
      case "integer" -> value.isIntegralNumber();
      case "number" -> value.isNumber();
      case "boolean" -> value.isBoolean();
      default -> true;
    };
  }

  private static String expectedType(JsonNode schema) {
    return schema.path("x-kubernetes-int-or-string").asBoolean(false)
        ? "integer or string"
        : schema.path("type").asText();
  }

  private static void object(
      JsonNode schema, JsonNode value, String path, boolean strict, List<Violation> out) {
    for (JsonNode required : schema.path("required")) {
      if (!value.has(required.asText())) {
        out.add(new Violation(JsonTypes.child(path, required.asText()), "Required value"));
      }
    }
    JsonNode properties = schema.path("properties");
    JsonNode additional = schema.path("additionalProperties");
    boolean open =
        schema.path("x-kubernetes-preserve-unknown-fields").asBoolean(false)
            || additional.isObject()
            || additional.asBoolean(false);
    boolean embedded = schema.path("x-kubernetes-embedded-resource").asBoolean(false);
    for (Iterator<Map.Entry<String, JsonNode>> it = value.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> field = it.next();
      String key = field.getKey();
      if (properties.has(key)) {
        check(properties.get(key), field.getValue(), JsonTypes.child(path, key), strict, out);
      } else if (additional.isObject()) {
        check(additional, field.getValue(), JsonTypes.key(path, key), strict, out);
      } else if (embedded && List.of("apiVersion", "kind", "metadata").contains(key)) {
        continue;
      } else if (strict && !open) {
        out.add(
            new Violation(
                JsonTypes.child(path, key),
                "unknown field \"" + JsonTypes.child(path, key) + "\""));
      }
    }
    if (embedded) {
      for (String key : List.of("apiVersion", "kind")) {
        if (!value.path(key).isTextual() || value.path(key).asText().isEmpty()) {
          out.add(new Violation(JsonTypes.child(path, key), "Required value: must not be empty"));
        }
      }
    }
  }

  private static void array(
      JsonNode schema, JsonNode value, String path, boolean strict, List<Violation> out) {
    JsonNode items = schema.path("items");
    if (items.isObject()) {
      for (int i = 0; i < value.size(); i++) {
        check(items, value.get(i), path + "[" + i + "]", strict, out);
      }
    }
    String listType = schema.path("x-kubernetes-list-type").asText("atomic");
    if (listType.equals("set")) {
      Set<JsonNode> seen = new HashSet<>();
      for (int i = 0; i < value.size(); i++) {
        if (!seen.add(value.get(i))) {
          out.add(new Violation(path + "[" + i + "]", "Duplicate value: " + value.get(i)));
        }
      }
    } else if (listType.equals("map")) {
      mapKeys(schema, value, path, out);
    }
  }

  /** A {@code map} list: no two items with the same values of the list's map keys. */
  private static void mapKeys(JsonNode schema, JsonNode value, String path, List<Violation> out) {
    Set<List<JsonNode>> seen = new HashSet<>();
    for (int i = 0; i < value.size(); i++) {
      List<JsonNode> key = new ArrayList<>();
      for (JsonNode name : schema.path("x-kubernetes-list-map-keys")) {
        key.add(value.get(i).path(name.asText()));
      }
      if (!seen.add(key)) {
        out.add(new Violation(path + "[" + i + "]", "Duplicate value: " + key));
      }
    }
  }

  private static void junctors(JsonNode schema, JsonNode value, String path, List<Violation> out) {
    for (JsonNode branch : schema.path("allOf")) {
      check(branch, value, path, false, out);
    }
    if (schema.has("anyOf") && passing(schema.get("anyOf"), value, path) == 0) {
      out.add(new Violation(path, "Invalid value: must validate at least one schema (anyOf)"));
    }
    if (schema.has("oneOf") && passing(schema.get("oneOf"), value, path) != 1) {
      out.add(new Violation(path, "Invalid value: must validate one and only one schema (oneOf)"));
    }
    if (schema.has("not") && passes(schema.get("not"), value, path)) {
      out.add(new Violation(path, "Invalid value: must not validate the schema (not)"));
    }
  }

  private static int passing(JsonNode branches, JsonNode value, String path) {
    int passing = 0;
    for (JsonNode branch : branches) {
      passing += passes(branch, value, path) ? 1 : 0;
    }
    return passing;
  }

  private static boolean passes(JsonNode branch, JsonNode value, String path) {
    List<Violation> found = new ArrayList<>();
    check(branch, value, path, false, found);
    return found.isEmpty();
  }
}
