package io.cozystack.contracts.apiserver;

import com.fasterxml.jackson.databind.JsonNode;
import com.google.re2j.PatternSyntaxException;
import io.cozystack.contracts.definition.SchemaDefaults;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What the API server checks in a CRD's schema before it serves the kind, as far as a schema an
 * ApplicationDefinition declares can break it: types it knows, arrays with items, properties and
 * additionalProperties not both, defaults that their own schema accepts, patterns that compile
 * (RE2), list types and map keys, embedded resources that are objects, keywords Kubernetes forbids,
 * and CEL rules that compile. Paths are written from the schema's root as the API server writes
 * them ({@code properties[size].type}).
 *
 * <p>Not predicted: CEL cost (the API server estimates each rule's worst case against its budget)
 * and CEL type errors (rules compile here with {@code self} dynamically typed).
 */
final class CrdSchemaRules {
  private static final Set<String> TYPES =
      Set.of("object", "array", "string", "integer", "number", "boolean");
  private static final Set<String> FORBIDDEN =
      Set.of("$ref", "definitions", "patternProperties", "dependencies", "additionalItems", "id");
  private static final Set<String> LIST_TYPES = Set.of("atomic", "set", "map");

  private CrdSchemaRules() {}

  static void check(JsonNode schema, String path, List<Violation> out, List<String> unchecked) {
    if (!schema.isObject()) {
      return;
    }
    keywords(schema, path, out);
    type(schema, path, out);
    values(schema, path, out);
    lists(schema, path, out);
    rules(schema, path, out, unchecked);
    children(schema, path, out, unchecked);
  }

  private static void keywords(JsonNode schema, String path, List<Violation> out) {
    for (String keyword : FORBIDDEN) {
      if (schema.has(keyword)) {
        out.add(new Violation(at(path, keyword), "Forbidden: " + keyword + " is not supported"));
      }
    }
    if (schema.path("uniqueItems").asBoolean(false)) {
      out.add(
          new Violation(
              at(path, "uniqueItems"),
              "Forbidden: uniqueItems cannot be set to true; use x-kubernetes-list-type: set"));
    }
    if (schema.has("properties")
        && (schema.path("additionalProperties").isObject()
            || schema.path("additionalProperties").asBoolean(false))) {
      out.add(
          new Violation(
              at(path, "additionalProperties"),
              "Forbidden: additionalProperties and properties are mutual exclusive"));
    }
  }

  private static void type(JsonNode schema, String path, List<Violation> out) {
    String type = schema.path("type").asText("");
    if (!type.isEmpty() && !TYPES.contains(type)) {
      out.add(
          new Violation(
              at(path, "type"),
              "Unsupported value: \""
                  + type
                  + "\": supported values: \"array\", \"boolean\", \"integer\", \"number\","
                  + " \"object\", \"string\""));
    }
    if (type.equals("array") && !schema.path("items").isObject()) {
      out.add(new Violation(at(path, "items"), "Required value: must be specified"));
    }
    if (schema.path("x-kubernetes-embedded-resource").asBoolean(false) && !type.equals("object")) {
      out.add(
          new Violation(
              at(path, "type"),
              "Invalid value: \""
                  + type
                  + "\": must be object if x-kubernetes-embedded-resource is true"));
    }
  }

  /** The default and the pattern, judged as the API server judges them. */
  private static void values(JsonNode schema, String path, List<Violation> out) {
    if (schema.has("pattern")) {
      try {
        com.google.re2j.Pattern.compile(schema.get("pattern").asText());
      } catch (PatternSyntaxException e) {
        out.add(
            new Violation(
                at(path, "pattern"),
                "Invalid value: \""
                    + schema.get("pattern").asText()
                    + "\": "
                    + e.getDescription()));
      }
    }
    if (schema.has("default") && !schema.get("default").isNull()) {
      List<Violation> found = new ArrayList<>();
      JsonNode value = schema.get("default").deepCopy();
      SchemaDefaults.applyInPlace(schema, value);
      SchemaRules.check(schema, value, "", found);
      for (Violation v : found) {
        out.add(new Violation(join(at(path, "default"), v.field()), v.message()));
      }
    }
  }

  private static void lists(JsonNode schema, String path, List<Violation> out) {
    String listType = schema.path("x-kubernetes-list-type").asText("");
    if (!listType.isEmpty() && !LIST_TYPES.contains(listType)) {
      out.add(
          new Violation(
              at(path, "x-kubernetes-list-type"),
              "Unsupported value: \""
                  + listType
                  + "\": supported values: \"atomic\", \"map\", \"set\""));
    }
    JsonNode keys = schema.path("x-kubernetes-list-map-keys");
    if (listType.equals("map")) {
      if (keys.isEmpty()) {
        out.add(
            new Violation(
                at(path, "x-kubernetes-list-map-keys"),
                "Required value: must not be empty if x-kubernetes-list-type is map"));
      }
      JsonNode items = schema.path("items");
      for (JsonNode key : keys) {
        JsonNode property = items.path("properties").path(key.asText());
        boolean required = false;
        for (JsonNode r : items.path("required")) {
          required |= r.asText().equals(key.asText());
        }
        if (property.isMissingNode() || (!required && !property.has("default"))) {
          out.add(
              new Violation(
                  at(path, "items") + ".properties[" + key.asText() + "]",
                  "Required value: a list map key must be a required property or have a"
                      + " default"));
        }
      }
    } else if (!keys.isMissingNode()) {
      out.add(
          new Violation(
              at(path, "x-kubernetes-list-map-keys"),
              "Forbidden: only allowed if x-kubernetes-list-type is map"));
    }
    if (listType.equals("set")
        && Set.of("object", "array").contains(schema.path("items").path("type").asText())) {
      out.add(
          new Violation(
              at(path, "items") + ".type",
              "Invalid value: a set's items must be scalars (or atomic maps)"));
    }
  }

  private static void rules(
      JsonNode schema, String path, List<Violation> out, List<String> unchecked) {
    JsonNode rules = schema.path("x-kubernetes-validations");
    for (int i = 0; i < rules.size(); i++) {
      String at = at(path, "x-kubernetes-validations") + "[" + i + "]";
      for (String field : List.of("rule", "messageExpression")) {
        if (!rules.get(i).has(field)) {
          continue;
        }
        String expression = rules.get(i).get(field).asText();
        CelRules.compileError(expression)
            .ifPresent(
                error -> {
                  if (CelRules.kubernetesOnly(error)) {
                    unchecked.add(at + "." + field + ": " + expression + " not compiled: " + error);
                  } else {
                    out.add(
                        new Violation(
                            at + "." + field,
                            "Invalid value: \"" + expression + "\": compilation failed: " + error));
                  }
                });
      }
    }
  }

  private static void children(
      JsonNode schema, String path, List<Violation> out, List<String> unchecked) {
    for (Iterator<Map.Entry<String, JsonNode>> it = schema.path("properties").fields();
        it.hasNext(); ) {
      Map.Entry<String, JsonNode> e = it.next();
      check(e.getValue(), at(path, "properties") + "[" + e.getKey() + "]", out, unchecked);
    }
    if (schema.path("items").isObject()) {
      check(schema.get("items"), at(path, "items"), out, unchecked);
    }
    if (schema.path("additionalProperties").isObject()) {
      check(schema.get("additionalProperties"), at(path, "additionalProperties"), out, unchecked);
    }
    for (String junctor : List.of("allOf", "anyOf", "oneOf")) {
      JsonNode branches = schema.path(junctor);
      for (int i = 0; i < branches.size(); i++) {
        check(branches.get(i), at(path, junctor) + "[" + i + "]", out, unchecked);
      }
    }
    if (schema.path("not").isObject()) {
      check(schema.get("not"), at(path, "not"), out, unchecked);
    }
  }

  private static String join(String path, String field) {
    return field.isEmpty() || field.startsWith("[") ? path + field : path + "." + field;
  }

  private static String at(String path, String keyword) {
    return path.isEmpty() ? keyword : path + "." + keyword;
  }
}
