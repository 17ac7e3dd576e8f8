package io.cozystack.contracts.schemas;

import com.fasterxml.jackson.databind.BeanDescription;
import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.introspect.AnnotatedMember;
import com.fasterxml.jackson.databind.introspect.BeanPropertyDefinition;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.cozystack.contracts.schemas.PythonJsonSchema.Case;
import io.fabric8.crd.generator.annotation.PreserveUnknownFields;
import io.fabric8.generator.annotation.Min;
import io.fabric8.generator.annotation.Pattern;
import io.fabric8.generator.annotation.Required;
import io.fabric8.generator.annotation.Size;
import io.fabric8.kubernetes.api.model.IntOrString;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.lang.annotation.Annotation;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * Valid and invalid variants of a valid instance, each changed in one place, with the verdict known
 * from the Java type the instance is read into (not from the schema under test): Jackson's view of
 * the type (property names, enum spellings, maps, lists) and the fabric8 annotations the CRDs are
 * made from ({@code @Required}, {@code @Pattern}, {@code @Size}, {@code @Min}).
 *
 * <ul>
 *   <li>an unknown field in an object: invalid (the API server refuses it under strict field
 *       validation, and the catalog parser refuses it);
 *   <li>a required field removed or {@code null}: invalid; an optional one removed or {@code null}:
 *       valid;
 *   <li>a value of the wrong JSON type (a number for a string, a string for an integer, boolean,
 *       object, list or map; a fraction for an integer): invalid;
 *   <li>each enum value as Jackson writes it: valid; the Java constant's name where it is spelled
 *       differently ({@code WORKLOADS} for {@code workloads}), or an unknown value: invalid;
 *   <li>a string against its {@code @Pattern} or {@code @Size}, an integer below its {@code @Min}:
 *       invalid;
 *   <li>a map of strings with one more string entry, or a {@code null} value: valid; with a number:
 *       invalid; an empty map or list: valid; a {@code null} list item: invalid;
 *   <li>int-or-string: an integer and a string are valid, a boolean is not.
 * </ul>
 */
final class VariantCorpus {
  private static final ObjectMapper MAPPER = Serialization.jsonMapper();
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  private final String schema;
  private final String base;
  private final JsonNode instance;
  private final List<Case> cases = new ArrayList<>();

  private VariantCorpus(String schema, String base, JsonNode instance) {
    this.schema = schema;
    this.base = base;
    this.instance = instance;
  }

  /**
   * The variants of {@code instance}, a valid instance of {@code type} checked by {@code schema}.
   */
  static List<Case> of(String schema, String base, Class<?> type, JsonNode instance) {
    VariantCorpus corpus = new VariantCorpus(schema, base, instance);
    corpus.value(MAPPER.constructType(type), instance, "", new Annotation[0]);
    return corpus.cases;
  }

  /** A path into the instance: object keys and array indexes. */
  private interface Edit extends Consumer<JsonNode> {}

  private void add(String path, String what, boolean valid, Edit edit) {
    JsonNode copy = instance.deepCopy();
    edit.accept(copy);
    cases.add(
        new Case(
            schema + " " + base + " " + (path.isEmpty() ? "/" : path) + " " + what,
            schema,
            copy,
            valid));
  }

  /** Replaces the value at {@code path} in {@code root}. */
  private static void set(JsonNode root, String path, JsonNode value) {
    if (path.isEmpty()) {
      throw new IllegalArgumentException("the root is not replaced");
    }
    int cut = path.lastIndexOf('/');
    JsonNode parent = root.at(path.substring(0, cut));
    String key = path.substring(cut + 1).replace("~1", "/").replace("~0", "~");
    if (parent instanceof ArrayNode array) {
      array.set(Integer.parseInt(key), value);
    } else {
      ((ObjectNode) parent).set(key, value);
    }
  }

  private static String child(String path, String key) {
    return path + "/" + key.replace("~", "~0").replace("/", "~1");
  }

  /** Variants of the value at {@code path} (present in the instance), of Java type {@code type}. */
  private void value(JavaType type, JsonNode node, String path, Annotation[] annotations) {
    Class<?> raw = type.getRawClass();
    if (raw == String.class) {
      string(node, path, annotations);
    } else if (raw == Integer.class || raw == int.class || raw == Long.class || raw == long.class) {
      integer(path, annotations);
    } else if (raw == Boolean.class || raw == boolean.class) {
      wrongTypes(path, "boolean", NODES.textNode("true"), NODES.numberNode(1));
      add(path, "= false", true, n -> set(n, path, NODES.booleanNode(false)));
    } else if (raw == IntOrString.class) {
      add(path, "= 8 (int-or-string)", true, n -> set(n, path, NODES.numberNode(8)));
      add(path, "= \"8\" (int-or-string)", true, n -> set(n, path, NODES.textNode("8")));
      wrongTypes(path, "int-or-string", NODES.booleanNode(true), NODES.objectNode());
    } else if (raw.isEnum()) {
      enumeration(raw, path);
    } else if (type.isMapLikeType()) {
      map(type, node, path, annotations);
    } else if (type.isCollectionLikeType()) {
      list(type, node, path, annotations);
    } else if (raw == Object.class || JsonNode.class.isAssignableFrom(raw)) {
      // Anything goes.
    } else {
      bean(type, node, path);
    }
  }

  private void wrongTypes(String path, String expected, JsonNode... values) {
    if (path.isEmpty()) {
      return;
    }
    for (JsonNode v : values) {
      add(path, "= " + v + " (not a " + expected + ")", false, n -> set(n, path, v));
    }
  }

  private void string(JsonNode node, String path, Annotation[] annotations) {
    wrongTypes(path, "string", NODES.numberNode(12), NODES.booleanNode(true), NODES.objectNode());
    Pattern pattern = find(annotations, Pattern.class);
    if (pattern != null) {
      java.util.regex.Pattern regex = java.util.regex.Pattern.compile(pattern.value());
      for (String candidate : List.of("Not Valid!", "bad.prefix-", "UPPER", "_x", "1.x.y.z", "")) {
        if (!regex.matcher(candidate).find()) {
          add(
              path,
              "= \"" + candidate + "\" (against " + pattern.value() + ")",
              false,
              n -> set(n, path, NODES.textNode(candidate)));
        }
      }
    }
    Size size = find(annotations, Size.class);
    if (size != null && size.min() > 0) {
      add(
          path,
          "= \"\" (shorter than " + size.min() + ")",
          false,
          n -> set(n, path, NODES.textNode("")));
    }
    if (size != null && size.max() < 10_000) {
      String tooLong = "a".repeat((int) size.max() + 1);
      add(
          path,
          "= " + tooLong.length() + " characters (longer than " + size.max() + ")",
          false,
          n -> set(n, path, NODES.textNode(tooLong)));
    }
  }

  private void integer(String path, Annotation[] annotations) {
    wrongTypes(
        path, "integer", NODES.textNode("7"), NODES.numberNode(1.5), NODES.booleanNode(false));
    Min min = find(annotations, Min.class);
    if (min != null) {
      long below = (long) Math.ceil(min.value()) - 1;
      add(
          path,
          "= " + below + " (below " + min.value() + ")",
          false,
          n -> set(n, path, NODES.numberNode(below)));
    }
  }

  private void enumeration(Class<?> raw, String path) {
    for (Object constant : raw.getEnumConstants()) {
      String json = MAPPER.valueToTree(constant).asText();
      add(path, "= " + json, true, n -> set(n, path, NODES.textNode(json)));
      String name = ((Enum<?>) constant).name();
      if (!name.equals(json)) {
        add(
            path,
            "= " + name + " (the Java name, not the API's " + json + ")",
            false,
            n -> set(n, path, NODES.textNode(name)));
      }
    }
    add(path, "= NoSuchValue", false, n -> set(n, path, NODES.textNode("NoSuchValue")));
    wrongTypes(path, "string", NODES.numberNode(3));
  }

  private void map(JavaType type, JsonNode node, String path, Annotation[] annotations) {
    wrongTypes(path, "map", NODES.textNode("x"), NODES.arrayNode());
    if (!path.isEmpty()) {
      add(path, "= {}", true, n -> set(n, path, NODES.objectNode()));
    }
    JavaType values = type.getContentType();
    String key = child(path, "example.com/extra-key");
    if (values.getRawClass() == String.class) {
      add(key, "= \"v\" (a map of strings)", true, n -> set(n, key, NODES.textNode("v")));
      add(
          key,
          "= null (a map value the API server drops)",
          true,
          n -> set(n, key, NODES.nullNode()));
      add(key, "= 1 (not a string)", false, n -> set(n, key, NODES.numberNode(1)));
      add(key, "= {} (not a string)", false, n -> set(n, key, NODES.objectNode()));
    } else if (find(annotations, PreserveUnknownFields.class) != null) {
      // Map<String, Object> kept as is. The CRDs make each value an object with no fields
      // (fabric8's rendering; see the report on branding), so only an empty object is valid there.
      add(key, "= {} (kept as is)", true, n -> set(n, key, NODES.objectNode()));
    }
    if (node.isObject()) {
      node.fields()
          .forEachRemaining(
              e -> value(values, e.getValue(), child(path, e.getKey()), new Annotation[0]));
    }
  }

  private void list(JavaType type, JsonNode node, String path, Annotation[] annotations) {
    wrongTypes(path, "list", NODES.textNode("x"), NODES.objectNode());
    if (!path.isEmpty()) {
      add(path, "= []", true, n -> set(n, path, NODES.arrayNode()));
      add(path, "= [null]", false, n -> set(n, path, NODES.arrayNode().addNull()));
    }
    if (node.isArray() && !node.isEmpty()) {
      value(type.getContentType(), node.get(0), child(path, "0"), new Annotation[0]);
    }
  }

  private void bean(JavaType type, JsonNode node, String path) {
    wrongTypes(path, "object", NODES.textNode("x"), NODES.arrayNode());
    if (!node.isObject()) {
      return;
    }
    String unknown = child(path, "zzUnknownField");
    add(unknown, "added (an unknown field)", false, n -> set(n, unknown, NODES.textNode("x")));
    BeanDescription description = MAPPER.getSerializationConfig().introspect(type);
    for (BeanPropertyDefinition property : description.findProperties()) {
      String name = property.getName();
      if ("additionalProperties".equals(name)) {
        continue;
      }
      Annotation[] annotations = annotations(property);
      boolean required = find(annotations, Required.class) != null;
      String at = child(path, name);
      JsonNode value = node.get(name);
      if (value == null) {
        if (required) {
          throw new IllegalStateException(base + ": the base instance lacks the required " + at);
        }
        continue;
      }
      add(at, "removed", !required, n -> ((ObjectNode) n.at(path)).remove(name));
      add(at, "= null", !required, n -> set(n, at, NODES.nullNode()));
      value(property.getPrimaryType(), value, at, annotations);
    }
  }

  /** The annotations on a property's field, accessor and constructor parameter. */
  private static Annotation[] annotations(BeanPropertyDefinition property) {
    return Stream.of(property.getField(), property.getGetter(), property.getConstructorParameter())
        .filter(m -> m != null)
        .map(AnnotatedMember::getAnnotated)
        .filter(a -> a instanceof java.lang.reflect.AnnotatedElement)
        .flatMap(a -> Stream.of(((java.lang.reflect.AnnotatedElement) a).getAnnotations()))
        .toArray(Annotation[]::new);
  }

  @SuppressWarnings("unchecked")
  private static <A extends Annotation> A find(Annotation[] annotations, Class<A> type) {
    for (Annotation a : annotations) {
      if (type.isInstance(a)) {
        return (A) a;
      }
    }
    return null;
  }

  /** Cases of one schema, for a summary line. */
  static Map<Boolean, Long> counts(List<Case> cases) {
    return Map.of(
        true, cases.stream().filter(Case::expectValid).count(),
        false, cases.stream().filter(c -> !c.expectValid()).count());
  }
}
