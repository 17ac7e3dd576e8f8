package io.cozystack.contracts.schemas;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.HashSet;
import java.util.Iterator;
import java.util.Map;
import java.util.Set;

/**
 * Turns a CRD's structural OpenAPI v3 schema into a JSON Schema (draft 2020-12) that a standard
 * validator reads the way the API server reads the CRD. One conversion, used for the published
 * contract schemas and for the per-kind schemas kubeconform reads:
 *
 * <ul>
 *   <li>an object is closed ({@code additionalProperties: false}) unless it is a map ({@code
 *       additionalProperties: <schema>}, e.g. labels: {@code {type: string}}) or keeps unknown
 *       fields ({@code x-kubernetes-preserve-unknown-fields}): the API server prunes an unknown
 *       field, and refuses it under strict field validation (kubectl's default);
 *   <li>{@code x-kubernetes-int-or-string} becomes {@code anyOf: [integer, string]};
 *   <li>{@code x-kubernetes-embedded-resource} objects also allow {@code apiVersion}, {@code kind}
 *       and {@code metadata};
 *   <li>{@code nullable: true} allows {@code null}; so do an optional property (one its object does
 *       not require) and a map value: the API server drops a {@code null} it is given there for a
 *       field that is not nullable before it validates, so such a manifest is accepted. A required
 *       property or an array item that is {@code null} is refused, as the API server refuses it
 *       (checked on kube-apiserver 1.36 with server-side dry-run);
 *   <li>a required property that has a default is not required: the API server defaults it before
 *       it validates, so a manifest without it is accepted;
 *   <li>OpenAPI 3.0's boolean {@code exclusiveMinimum}/{@code exclusiveMaximum} become numbers;
 *   <li>the other {@code x-kubernetes-*} keywords (list types, CEL rules) have no JSON Schema
 *       counterpart and are left out: CEL rules are not checked by these schemas.
 * </ul>
 *
 * Enums, patterns, formats, lengths, bounds, defaults and descriptions are kept as they are.
 */
public final class OpenApiToJsonSchema {
  public static final String DRAFT_2020_12 = "https://json-schema.org/draft/2020-12/schema";

  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
  private static final String PRESERVE = "x-kubernetes-preserve-unknown-fields";
  private static final String INT_OR_STRING = "x-kubernetes-int-or-string";
  private static final String EMBEDDED = "x-kubernetes-embedded-resource";
  private static final Set<String> JUNCTORS = Set.of("allOf", "anyOf", "oneOf", "not");

  private OpenApiToJsonSchema() {}

  /** The JSON Schema of {@code openApi} (a schema that is not a property: {@code null} refused). */
  public static ObjectNode convert(JsonNode openApi) {
    return convert(openApi, false, true);
  }

  /**
   * @param optional the schema is that of a property its object does not require
   * @param structural false inside allOf/anyOf/oneOf/not, whose branches only add value constraints
   *     to the surrounding schema: they are not closed, and null is not added
   */
  private static ObjectNode convert(JsonNode openApi, boolean optional, boolean structural) {
    ObjectNode out = NODES.objectNode();
    if (openApi == null || !openApi.isObject()) {
      return out;
    }
    Set<String> required = new HashSet<>();
    // A required property with a default is never missing: the API server fills it in first.
    openApi.path("required").forEach(r -> required.add(r.asText()));
    required.removeIf(r -> openApi.path("properties").path(r).has("default"));
    boolean preserve = openApi.path(PRESERVE).asBoolean(false);
    boolean intOrString =
        openApi.path(INT_OR_STRING).asBoolean(false)
            || "int-or-string".equals(openApi.path("format").asText());
    boolean nullable = openApi.path("nullable").asBoolean(false);

    for (Iterator<Map.Entry<String, JsonNode>> it = openApi.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> e = it.next();
      String key = e.getKey();
      JsonNode value = e.getValue();
      switch (key) {
        case "properties" -> {
          ObjectNode properties = out.putObject("properties");
          value
              .fields()
              .forEachRemaining(
                  p ->
                      properties.set(
                          p.getKey(),
                          convert(p.getValue(), !required.contains(p.getKey()), structural)));
        }
        case "required" -> {
          if (!required.isEmpty()) {
            ArrayNode names = out.putArray("required");
            value.forEach(r -> names.add(required.contains(r.asText()) ? r : null));
            for (int i = names.size() - 1; i >= 0; i--) {
              if (names.get(i).isNull()) {
                names.remove(i);
              }
            }
          }
        }
        case "items" -> out.set("items", convert(value, false, structural));
        case "additionalProperties" ->
            out.set(
                "additionalProperties",
                value.isBoolean() ? value : convert(value, true, structural));
        case "allOf", "anyOf", "oneOf" -> {
          ArrayNode branches = out.putArray(key);
          value.forEach(b -> branches.add(convert(b, false, false)));
        }
        case "not" -> out.set("not", convert(value, false, false));
        case "exclusiveMinimum" -> exclusive(out, openApi, value, "minimum", key);
        case "exclusiveMaximum" -> exclusive(out, openApi, value, "maximum", key);
        case "minimum", "maximum" -> {
          if (!openApi.path("exclusive" + capitalized(key)).asBoolean(false)) {
            out.set(key, value);
          }
        }
        case "format" -> {
          if (!intOrString) {
            out.set(key, value);
          }
        }
        case "nullable", "externalDocs", "example", "$schema", "id", "$ref", "definitions" -> {}
        default -> {
          if (!key.startsWith("x-kubernetes-")) {
            out.set(key, value.deepCopy());
          }
        }
      }
    }
    if (intOrString) {
      out.remove("type");
      if (!out.has("anyOf")) {
        ArrayNode anyOf = out.putArray("anyOf");
        anyOf.addObject().put("type", "integer");
        anyOf.addObject().put("type", "string");
      }
    }
    if (openApi.path(EMBEDDED).asBoolean(false)) {
      ObjectNode properties =
          out.has("properties") ? (ObjectNode) out.get("properties") : out.putObject("properties");
      properties.putIfAbsent("apiVersion", NODES.objectNode().put("type", "string"));
      properties.putIfAbsent("kind", NODES.objectNode().put("type", "string"));
      properties.putIfAbsent("metadata", objectMeta());
    }
    if (structural
        && "object".equals(out.path("type").asText())
        && !preserve
        && !out.has("additionalProperties")) {
      out.put("additionalProperties", false);
    }
    if (structural && (nullable || optional)) {
      allowNull(out);
    }
    return out;
  }

  /** OpenAPI 3.0 {@code exclusiveMinimum: true} next to {@code minimum: n}: 2020-12's number. */
  private static void exclusive(
      ObjectNode out, JsonNode openApi, JsonNode value, String bound, String key) {
    if (value.isNumber()) {
      out.set(key, value);
    } else if (value.asBoolean(false) && openApi.has(bound)) {
      out.set(key, openApi.get(bound));
    }
  }

  private static String capitalized(String s) {
    return Character.toUpperCase(s.charAt(0)) + s.substring(1);
  }

  private static void allowNull(ObjectNode schema) {
    JsonNode type = schema.get("type");
    if (type != null && type.isTextual()) {
      ArrayNode types = NODES.arrayNode().add(type.asText()).add("null");
      schema.set("type", types);
    } else if (type == null && schema.has("anyOf")) {
      ((ArrayNode) schema.get("anyOf")).addObject().put("type", "null");
    }
    if (schema.get("enum") instanceof ArrayNode values && !containsNull(values)) {
      values.addNull();
    }
  }

  private static boolean containsNull(ArrayNode values) {
    for (JsonNode v : values) {
      if (v.isNull()) {
        return true;
      }
    }
    return false;
  }

  /**
   * What the API server checks of an object's metadata that a manifest may carry: names are
   * strings, labels and annotations maps of strings. Open: the rest of ObjectMeta is allowed.
   */
  public static ObjectNode objectMeta() {
    ObjectNode meta = NODES.objectNode().put("type", "object");
    ObjectNode properties = meta.putObject("properties");
    properties.putObject("name").put("type", "string");
    properties.putObject("generateName").put("type", "string");
    properties.putObject("namespace").put("type", "string");
    for (String map : new String[] {"labels", "annotations"}) {
      ObjectNode m = properties.putObject(map).put("type", "object");
      m.putObject("additionalProperties").put("type", "string");
    }
    return meta;
  }
}
