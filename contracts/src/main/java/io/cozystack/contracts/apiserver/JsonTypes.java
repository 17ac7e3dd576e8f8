package io.cozystack.contracts.apiserver;

import com.fasterxml.jackson.databind.JsonNode;

/** Field paths written as the API server writes them, and JSON type names. */
final class JsonTypes {
  private JsonTypes() {}

  /** A property: {@code spec.release}. */
  static String child(String path, String name) {
    return path.isEmpty() ? name : path + "." + name;
  }

  /** A map entry: {@code metadata.labels[app.kubernetes.io/name]}. */
  static String key(String path, String key) {
    return path + "[" + key + "]";
  }

  static String name(JsonNode value) {
    if (value.isIntegralNumber()) {
      return "integer";
    }
    return switch (value.getNodeType()) {
      case OBJECT -> "object";
      case ARRAY -> "array";
      case STRING -> "string";
      case NUMBER -> "number";
      case BOOLEAN -> "boolean";
      case NULL -> "null";
      default -> value.getNodeType().name().toLowerCase(java.util.Locale.ROOT);
    };
  }
}
