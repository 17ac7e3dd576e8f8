package io.cozystack.contracts.apiserver;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;

/**
 * What the API server does to an object before it validates it: a {@code null} that its schema does
 * not allow is dropped (or replaced by the field's default), and every absent field with a default
 * gets it, from the outside in, so a defaulted object's own defaults apply too.
 */
final class Defaults {
  private Defaults() {}

  /** Applies the schema's defaults to {@code node} in place. */
  static void apply(JsonNode schema, JsonNode node) {
    if (node instanceof ObjectNode object) {
      applyToObject(schema, object);
    } else if (node instanceof ArrayNode array && schema.path("items").isObject()) {
      JsonNode items = schema.get("items");
      for (int i = 0; i < array.size(); i++) {
        if (array.get(i).isNull()
            && !items.path("nullable").asBoolean(false)
            && items.has("default")) {
          array.set(i, items.get("default").deepCopy());
        }
        apply(items, array.get(i));
      }
    }
  }

  private static void applyToObject(JsonNode schema, ObjectNode object) {
    JsonNode properties = schema.path("properties");
    JsonNode additional = schema.path("additionalProperties");
    List<String> keys = new ArrayList<>();
    object.fieldNames().forEachRemaining(keys::add);
    properties.fieldNames().forEachRemaining(k -> keys.add(object.has(k) ? null : k));
    for (String key : keys) {
      JsonNode field = properties.has(key) ? properties.get(key) : additional;
      if (key == null || !field.isObject()) {
        continue;
      }
      JsonNode value = object.get(key);
      boolean unset = value == null || (value.isNull() && !field.path("nullable").asBoolean(false));
      if (unset && field.has("default")) {
        object.set(key, field.get("default").deepCopy());
      } else if (unset && value != null) {
        object.remove(key);
      }
      if (object.has(key)) {
        apply(field, object.get(key));
      }
    }
  }
}
