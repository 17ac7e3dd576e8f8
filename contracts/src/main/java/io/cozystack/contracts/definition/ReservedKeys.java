package io.cozystack.contracts.definition;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.cozystack.api.values.ValuesKeys;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/**
 * Top-level keys of an instance's spec that start with {@code _} are the platform's ({@code
 * _cluster}, {@code _namespace}): Flux merges a release's {@code values} over its {@code
 * valuesFrom}, so an instance carrying one would override the projected values. They never reach a
 * release, whatever the definition's schema:
 *
 * <ul>
 *   <li>the served CRD refuses them ({@link #guard}), in the form the API server can evaluate for
 *       the schema's shape;
 *   <li>rendering drops any that got through ({@link #strip}) and the instance reports them.
 * </ul>
 */
public final class ReservedKeys {
  /** The platform's keys, declared (and refused) on every object-shaped spec. */
  public static final List<String> PLATFORM_KEYS =
      List.of(ValuesKeys.CLUSTER, ValuesKeys.NAMESPACE);

  public static final String RULE_HINT =
      "top-level keys starting with _ carry the platform's values (_cluster, _namespace), which an"
          + " instance cannot set";

  private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

  private ReservedKeys() {}

  /** A spec's values without its reserved keys, and the keys dropped (in spec order). */
  public record Stripped(JsonNode values, List<String> dropped) {}

  /**
   * Makes the CRD's {@code spec} schema (a copy, changed in place) refuse reserved keys. CEL sees
   * only what a schema declares, so the rule depends on the shape:
   *
   * <ul>
   *   <li>a map ({@code additionalProperties} with a schema CEL can type): one rule on {@code spec}
   *       over its keys;
   *   <li>an object (closed or preserve-unknown-fields, with or without properties): {@code
   *       _cluster} and {@code _namespace} declared, each with a rule refusing it. A closed schema
   *       refuses every other unknown key anyway; a preserve-unknown-fields one lets other {@code
   *       _} keys through to {@link #strip}.
   * </ul>
   *
   * Both rules let an object keep a key it already stored (CEL {@code oldSelf}): an instance
   * created before the rule existed stays updatable, so its finalizer can still be removed.
   */
  public static ObjectNode guard(ObjectNode spec) {
    JsonNode additional = spec.get("additionalProperties");
    if (additional != null && celTyped(additional)) {
      addRule(
          spec,
          "self.all(k, !k.startsWith('_') || (oldSelf.hasValue() && k in oldSelf.value()))",
          RULE_HINT + "; remove them from spec");
      return spec;
    }
    if (additional != null) {
      // A map of untyped values is invisible to CEL; the same thing as an open object is not.
      spec.remove("additionalProperties");
      if (!additional.isBoolean() || additional.asBoolean()) {
        spec.put("x-kubernetes-preserve-unknown-fields", true);
      }
    }
    ObjectNode properties =
        spec.has("properties") ? (ObjectNode) spec.get("properties") : spec.putObject("properties");
    for (String key : PLATFORM_KEYS) {
      properties.set(key, refused(key));
    }
    return spec;
  }

  /** The values without reserved top-level keys. */
  public static Stripped strip(JsonNode values) {
    if (!(values instanceof ObjectNode object)) {
      return new Stripped(values, List.of());
    }
    List<String> dropped = new ArrayList<>();
    ObjectNode kept = object.deepCopy();
    for (Iterator<String> it = kept.fieldNames(); it.hasNext(); ) {
      String key = it.next();
      if (ValuesKeys.reserved(key)) {
        dropped.add(key);
        it.remove();
      }
    }
    return new Stripped(kept, List.copyOf(dropped));
  }

  /**
   * The reserved keys of an instance's spec, which rendering drops: any a preserve-unknown-fields
   * schema let through, and those of an instance stored before its CRD refused them.
   */
  public static List<String> of(GenericKubernetesResource instance) {
    Object spec = instance.getAdditionalProperties().get("spec");
    return spec == null ? List.of() : strip(Serialization.jsonMapper().valueToTree(spec)).dropped();
  }

  /** What an instance's status says about keys rendering dropped. */
  public static String droppedMessage(List<String> dropped) {
    return "spec."
        + String.join(", spec.", dropped)
        + (dropped.size() == 1 ? " was" : " were")
        + " not passed to the release: "
        + RULE_HINT
        + "; remove "
        + (dropped.size() == 1 ? "it" : "them")
        + " from spec";
  }

  private static ObjectNode refused(String key) {
    ObjectNode property = JSON.objectNode();
    property.put("type", "object");
    property.put("x-kubernetes-preserve-unknown-fields", true);
    property.put("description", "Reserved for the platform's values; an instance cannot set it.");
    addRule(property, "oldSelf.hasValue()", RULE_HINT + "; remove " + key + " from spec");
    return property;
  }

  private static void addRule(ObjectNode schema, String rule, String message) {
    ArrayNode rules =
        schema.has("x-kubernetes-validations")
            ? (ArrayNode) schema.get("x-kubernetes-validations")
            : schema.putArray("x-kubernetes-validations");
    rules.addObject().put("rule", rule).put("optionalOldSelf", true).put("message", message);
  }

  /**
   * Whether the API server gives a value of this schema a CEL type (its {@code SchemaDeclType}): a
   * scalar, int-or-string, an object unless its additional properties are untyped, an array of
   * typed items.
   */
  public static boolean celTyped(JsonNode schema) {
    if (!schema.isObject()) {
      return false;
    }
    if (schema.path("x-kubernetes-int-or-string").asBoolean(false)) {
      return true;
    }
    return switch (schema.path("type").asText("")) {
      case "string", "boolean", "number", "integer" -> true;
      case "array" -> schema.has("items") && celTyped(schema.get("items"));
      case "object" ->
          !schema.has("additionalProperties")
              || !schema.get("additionalProperties").isObject()
              || celTyped(schema.get("additionalProperties"));
      default -> false;
    };
  }
}
