package io.cozystack.contracts.definition;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Iterator;
import java.util.Map;

/**
 * Applies a structural schema's defaults to a value, as the API server does when it reads an
 * object: a missing (or null, when not nullable) property with a default gets a copy of it, a null
 * that is not allowed and has no default is dropped, then every property is defaulted by its own
 * schema, and so are array items and additional properties. The validator ({@code
 * io.cozystack.contracts.apiserver}) defaults objects with it before judging them.
 *
 * <p>Rendering applies the definition's defaults itself because the API server applies a changed
 * schema's defaults only on its next read of each object, and an informer's copy is never re-read.
 */
public final class SchemaDefaults {
  private SchemaDefaults() {}

  /** A defaulted copy of {@code value}; an absent value is defaulted as an empty object. */
  public static JsonNode apply(JsonNode schema, JsonNode value) {
    JsonNode start =
        value == null || value.isNull() ? JsonNodeFactory.instance.objectNode() : value.deepCopy();
    fill(schema, start);
    return start;
  }

  /**
   * Defaults {@code value} in place, as the API server does before it validates: a {@code null} the
   * schema does not allow is replaced by the default, or dropped when there is none.
   */
  public static void applyInPlace(JsonNode schema, JsonNode value) {
    fill(schema, value);
  }

  /**
   * Completes, in place, every object default under {@code schema} with the defaults of its
   * properties, which the API server applies to a defaulted value anyway: {@code backup: {default:
   * {}, required: [enabled], properties: {enabled: {default: false}}}} gets {@code default:
   * {enabled: false}}. The same object for every instance, but a default the API server accepts in
   * a CRD (it checks each default against its schema, {@code required} included). Cozystack serves
   * its kinds through its own API server, which accepts such schemas.
   */
  public static void completeDefaults(JsonNode schema) {
    if (!(schema instanceof ObjectNode node)) {
      return;
    }
    node.path("properties").forEach(SchemaDefaults::completeDefaults);
    completeDefaults(node.get("additionalProperties"));
    completeDefaults(node.get("items"));
    if (node.get("default") instanceof ObjectNode value) {
      fill(node, value);
    }
  }

  private static void fill(JsonNode schema, JsonNode value) {
    if (schema == null || !schema.isObject()) {
      return;
    }
    if (value instanceof ObjectNode object) {
      fillObject(schema, object);
    } else if (value instanceof ArrayNode array) {
      JsonNode items = schema.get("items");
      for (int i = 0; i < array.size(); i++) {
        if (unset(items, array.get(i)) && items.has("default")) {
          array.set(i, items.get("default").deepCopy());
        }
        fill(items, array.get(i));
      }
    }
  }

  private static void fillObject(JsonNode schema, ObjectNode object) {
    JsonNode properties = schema.path("properties");
    for (Iterator<Map.Entry<String, JsonNode>> it = properties.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> property = it.next();
      JsonNode present = object.get(property.getKey());
      if ((present == null || unset(property.getValue(), present))
          && property.getValue().has("default")) {
        object.set(property.getKey(), property.getValue().get("default").deepCopy());
      }
    }
    JsonNode additional = schema.get("additionalProperties");
    for (Iterator<Map.Entry<String, JsonNode>> it = object.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> field = it.next();
      JsonNode own = properties.get(field.getKey());
      JsonNode fieldSchema = own != null ? own : additional;
      if (fieldSchema != null && unset(fieldSchema, field.getValue())) {
        if (fieldSchema.has("default")) {
          field.setValue(fieldSchema.get("default").deepCopy());
        } else {
          it.remove(); // the API server prunes a null its schema does not allow
          continue;
        }
      }
      fill(fieldSchema, field.getValue());
    }
  }

  /** A {@code null} where the schema does not allow one. */
  private static boolean unset(JsonNode schema, JsonNode value) {
    return value.isNull()
        && schema != null
        && schema.isObject()
        && !schema.path("nullable").asBoolean(false);
  }
}
