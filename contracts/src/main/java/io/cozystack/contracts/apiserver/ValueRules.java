package io.cozystack.contracts.apiserver;

import com.fasterxml.jackson.databind.JsonNode;
import com.google.re2j.Pattern;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A value's own rules: enum, pattern (Go's RE2, matched anywhere in the string as the API server
 * matches), format, lengths (in characters), numeric bounds, item and property counts.
 */
final class ValueRules {
  private static final Map<String, Pattern> PATTERNS = new ConcurrentHashMap<>();

  private ValueRules() {}

  static void check(JsonNode schema, JsonNode value, String path, List<Violation> out) {
    enumeration(schema, value, path, out);
    if (value.isTextual()) {
      string(schema, value.asText(), path, out);
    } else if (value.isNumber()) {
      number(schema, value, path, out);
    } else if (value.isArray()) {
      bounds(schema, "minItems", "maxItems", value.size(), "items", path, out);
    } else if (value.isObject()) {
      bounds(schema, "minProperties", "maxProperties", value.size(), "properties", path, out);
    }
  }

  private static void enumeration(
      JsonNode schema, JsonNode value, String path, List<Violation> out) {
    JsonNode allowed = schema.path("enum");
    if (!allowed.isArray()) {
      return;
    }
    for (JsonNode option : allowed) {
      if (option.equals(value) || (option.isNumber() && value.isNumber() && same(option, value))) {
        return;
      }
    }
    out.add(
        new Violation(
            path, "Unsupported value: " + value + ": supported values: " + quoted(allowed)));
  }

  private static String quoted(JsonNode allowed) {
    StringBuilder text = new StringBuilder();
    for (JsonNode option : allowed) {
      text.append(text.length() == 0 ? "" : ", ").append(option);
    }
    return text.toString();
  }

  private static boolean same(JsonNode a, JsonNode b) {
    return a.decimalValue().compareTo(b.decimalValue()) == 0;
  }

  private static void string(JsonNode schema, String text, String path, List<Violation> out) {
    int length = text.codePointCount(0, text.length());
    if (schema.has("maxLength") && length > schema.get("maxLength").asLong()) {
      out.add(
          new Violation(
              path,
              "Too long: may not be more than " + schema.get("maxLength").asLong() + " bytes"));
    }
    if (schema.has("minLength") && length < schema.get("minLength").asLong()) {
      out.add(
          new Violation(
              path,
              "Invalid value: \""
                  + text
                  + "\": should be at least "
                  + schema.get("minLength").asLong()
                  + " chars long"));
    }
    if (schema.has("pattern")) {
      String regex = schema.get("pattern").asText();
      if (!PATTERNS.computeIfAbsent(regex, Pattern::compile).matcher(text).find()) {
        out.add(
            new Violation(path, "Invalid value: \"" + text + "\": should match '" + regex + "'"));
      }
    }
    if (schema.has("format") && !Formats.valid(schema.get("format").asText(), text)) {
      out.add(
          new Violation(
              path,
              "Invalid value: \""
                  + text
                  + "\": must be of format "
                  + schema.get("format").asText()));
    }
  }

  private static void number(JsonNode schema, JsonNode value, String path, List<Violation> out) {
    var number = value.decimalValue();
    if (schema.has("maximum")) {
      int c = number.compareTo(schema.get("maximum").decimalValue());
      boolean exclusive = schema.path("exclusiveMaximum").asBoolean(false);
      if (c > 0 || (exclusive && c == 0)) {
        out.add(
            new Violation(
                path,
                "Invalid value: "
                    + value
                    + ": should be less than "
                    + (exclusive ? "" : "or equal to ")
                    + schema.get("maximum")));
      }
    }
    if (schema.has("minimum")) {
      int c = number.compareTo(schema.get("minimum").decimalValue());
      boolean exclusive = schema.path("exclusiveMinimum").asBoolean(false);
      if (c < 0 || (exclusive && c == 0)) {
        out.add(
            new Violation(
                path,
                "Invalid value: "
                    + value
                    + ": should be greater than "
                    + (exclusive ? "" : "or equal to ")
                    + schema.get("minimum")));
      }
    }
    if (schema.has("multipleOf")
        && number.remainder(schema.get("multipleOf").decimalValue()).signum() != 0) {
      out.add(
          new Violation(
              path,
              "Invalid value: " + value + ": should be a multiple of " + schema.get("multipleOf")));
    }
  }

  private static void bounds(
      JsonNode schema,
      String min,
      String max,
      int count,
      String what,
      String path,
      List<Violation> out) {
    if (schema.has(max) && count > schema.get(max).asLong()) {
      out.add(
          new Violation(
              path,
              "Too many: "
                  + count
                  + ": must have at most "
                  + schema.get(max).asLong()
                  + " "
                  + what));
    }
    if (schema.has(min) && count < schema.get(min).asLong()) {
      out.add(
          new Violation(
              path,
              "Invalid value: "
                  + count
                  + ": should have at least "
                  + schema.get(min).asLong()
                  + " "
                  + what));
    }
  }
}
