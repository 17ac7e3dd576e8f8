package io.cozystack.contracts.apiserver;

import com.fasterxml.jackson.databind.JsonNode;
import dev.cel.bundle.Cel;
import dev.cel.bundle.CelBuilder;
import dev.cel.bundle.CelFactory;
import dev.cel.common.CelOptions;
import dev.cel.common.CelValidationException;
import dev.cel.common.types.SimpleType;
import dev.cel.compiler.CelCompilerLibrary;
import dev.cel.extensions.CelExtensions;
import dev.cel.parser.CelStandardMacro;
import dev.cel.runtime.CelEvaluationException;
import dev.cel.runtime.CelRuntimeLibrary;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;

/**
 * A CRD's {@code x-kubernetes-validations}, evaluated on a created object as the API server
 * evaluates them: each rule on every value its schema node applies to, {@code self} bound to that
 * value; transition rules (those reading {@code oldSelf}) do not apply to a create. The libraries
 * are CEL's standard ones plus the extensions Kubernetes offers that CEL-Java has (strings, lists,
 * regex, sets, math, encoders, optional); a rule that calls a Kubernetes-only function (quantity,
 * url, ip, cidr, authz, format) cannot be evaluated here and is reported as unchecked, never as a
 * violation.
 */
final class CelRules {
  private static final Pattern OLD_SELF = Pattern.compile("\\boldSelf\\b");
  private static final Pattern UNDECLARED =
      Pattern.compile("undeclared reference to '([A-Za-z_]+)'");

  /** Functions Kubernetes adds to CEL that CEL-Java does not have. */
  private static final java.util.Set<String> KUBERNETES_ONLY =
      java.util.Set.of(
          "quantity",
          "isQuantity",
          "url",
          "isURL",
          "ip",
          "isIP",
          "cidr",
          "isCIDR",
          "semver",
          "isSemver",
          "authorizer",
          "format");

  private static final CelOptions OPTIONS = CelOptions.current().build();
  private static final Cel CEL = build();

  /** CEL with the extension libraries, each added to the compiler and the runtime alike. */
  private static Cel build() {
    CelBuilder builder =
        CelFactory.standardCelBuilder()
            .setOptions(OPTIONS)
            .setStandardMacros(CelStandardMacro.STANDARD_MACROS)
            .addVar("self", SimpleType.DYN)
            .addVar("oldSelf", SimpleType.DYN);
    List<Object> libraries =
        List.of(
            CelExtensions.strings(),
            CelExtensions.lists(),
            CelExtensions.regex(),
            CelExtensions.sets(OPTIONS),
            CelExtensions.math(OPTIONS),
            CelExtensions.encoders(OPTIONS),
            CelExtensions.optional());
    for (Object library : libraries) {
      builder
          .addCompilerLibraries((CelCompilerLibrary) library)
          .addRuntimeLibraries((CelRuntimeLibrary) library);
    }
    return builder.build();
  }

  /** A compiled rule, or why it could not be compiled. */
  private record Compiled(Optional<Cel.Program> program, String error) {}

  private static final Map<String, Compiled> PROGRAMS = new ConcurrentHashMap<>();

  private CelRules() {}

  /** Every rule of {@code schema} and its children that {@code value} breaks. */
  static void check(
      JsonNode schema, JsonNode value, String path, List<Violation> out, List<String> unchecked) {
    if (value == null || value.isNull()) {
      return;
    }
    for (JsonNode rule : schema.path("x-kubernetes-validations")) {
      evaluate(rule, value, path, out, unchecked);
    }
    if (value.isObject()) {
      JsonNode properties = schema.path("properties");
      JsonNode additional = schema.path("additionalProperties");
      for (Iterator<Map.Entry<String, JsonNode>> it = value.fields(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> field = it.next();
        if (properties.has(field.getKey())) {
          check(
              properties.get(field.getKey()),
              field.getValue(),
              JsonTypes.child(path, field.getKey()),
              out,
              unchecked);
        } else if (additional.isObject()) {
          check(additional, field.getValue(), JsonTypes.key(path, field.getKey()), out, unchecked);
        }
      }
    } else if (value.isArray() && schema.path("items").isObject()) {
      for (int i = 0; i < value.size(); i++) {
        check(schema.get("items"), value.get(i), path + "[" + i + "]", out, unchecked);
      }
    }
  }

  /** Whether a compile error is only that a Kubernetes-only function is unknown here. */
  static boolean kubernetesOnly(String error) {
    var m = UNDECLARED.matcher(error);
    return m.find() && KUBERNETES_ONLY.contains(m.group(1));
  }

  /** Whether a rule compiles here; the error when it does not. */
  static Optional<String> compileError(String rule) {
    Compiled compiled = compile(rule);
    return compiled.program().isPresent() ? Optional.empty() : Optional.of(compiled.error());
  }

  private static void evaluate(
      JsonNode rule, JsonNode value, String path, List<Violation> out, List<String> unchecked) {
    String expression = rule.path("rule").asText();
    if (OLD_SELF.matcher(expression).find()) {
      return;
    }
    Compiled compiled = compile(expression);
    if (compiled.program().isEmpty()) {
      unchecked.add(where(path) + ": rule " + expression + " not evaluated: " + compiled.error());
      return;
    }
    String field = path + rule.path("fieldPath").asText("");
    try {
      Object result = compiled.program().get().eval(Map.of("self", toCel(value)));
      if (!Boolean.TRUE.equals(result)) {
        out.add(new Violation(field, "Invalid value: " + message(rule, value)));
      }
    } catch (CelEvaluationException e) {
      out.add(
          new Violation(field, "Invalid value: rule " + expression + " failed: " + e.getMessage()));
    }
  }

  private static String message(JsonNode rule, JsonNode value) {
    if (rule.has("messageExpression")) {
      Compiled compiled = compile(rule.get("messageExpression").asText());
      if (compiled.program().isPresent()) {
        try {
          return String.valueOf(compiled.program().get().eval(Map.of("self", toCel(value))));
        } catch (CelEvaluationException e) {
          // The API server falls back to the static message, as here.
        }
      }
    }
    return rule.has("message")
        ? rule.get("message").asText()
        : "failed rule: " + rule.path("rule").asText();
  }

  private static Compiled compile(String expression) {
    return PROGRAMS.computeIfAbsent(
        expression,
        e -> {
          try {
            return new Compiled(Optional.of(CEL.createProgram(CEL.compile(e).getAst())), "");
          } catch (CelValidationException | CelEvaluationException ex) {
            return new Compiled(
                Optional.empty(), ex.getMessage().lines().findFirst().orElse("does not compile"));
          }
        });
  }

  private static String where(String path) {
    return path.isEmpty() ? "<root>" : path;
  }

  /** JSON as CEL sees it: maps, lists, int (64-bit), double, string, bool. */
  private static Object toCel(JsonNode node) {
    if (node.isObject()) {
      Map<String, Object> map = new LinkedHashMap<>();
      node.fields()
          .forEachRemaining(
              e -> {
                if (!e.getValue().isNull()) {
                  map.put(e.getKey(), toCel(e.getValue()));
                }
              });
      return map;
    }
    if (node.isArray()) {
      List<Object> list = new ArrayList<>();
      node.forEach(item -> list.add(toCel(item)));
      return list;
    }
    if (node.isIntegralNumber()) {
      return node.asLong();
    }
    if (node.isNumber()) {
      return node.asDouble();
    }
    if (node.isBoolean()) {
      return node.asBoolean();
    }
    return node.asText();
  }
}
