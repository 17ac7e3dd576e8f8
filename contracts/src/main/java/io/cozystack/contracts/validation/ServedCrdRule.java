package io.cozystack.contracts.validation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.cozystack.api.v1alpha1.ApplicationDefinition;
import io.cozystack.contracts.apiserver.ApiServerRules;
import io.cozystack.contracts.apiserver.Violation;
import io.cozystack.contracts.definition.ApplicationCrdRenderer;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.util.List;
import java.util.Optional;

/**
 * The CRD a definition serves, judged as the API server judges a CRD before it serves the kind: a
 * definition the API server accepts can still declare a schema whose CRD it refuses (a type it does
 * not know, a default its own schema refuses, CEL that does not compile), and then nothing is
 * served. Findings name the field inside {@code spec.application.openAPISchema}.
 */
final class ServedCrdRule {
  static final String RULE = "served-crd";
  private static final String SPEC = "properties[spec]";
  private static final String FIELD = "spec.application.openAPISchema";

  private ServedCrdRule() {}

  /** The CRD the operator renders for the definition. */
  static JsonNode crd(ApplicationDefinition definition, ObjectNode schema) {
    return Serialization.jsonMapper()
        .valueToTree(ApplicationCrdRenderer.render(definition, schema).crd());
  }

  /** Findings for the definition in {@code file}, on {@code line}; empty when it would serve. */
  static List<Finding> judge(
      String file, int line, ApplicationDefinition definition, ObjectNode schema) {
    JsonNode crd = crd(definition, schema);
    ApiServerRules.Result result = ApiServerRules.schema(openApi(crd));
    String name = crd.path("metadata").path("name").asText();
    var findings = new java.util.ArrayList<Finding>();
    for (Violation v : result.violations()) {
      findings.add(
          new Finding(
              file,
              line,
              RULE,
              "the API server would refuse CRD "
                  + name
                  + " this definition serves, so its kind would not be served: "
                  + field(v.field())
                  + ": "
                  + v.message(),
              "fix " + field(v.field()) + " as the message says"));
    }
    for (String rule : result.unchecked()) {
      findings.add(
          Finding.warning(
              file,
              line,
              RULE,
              "not judged here, the API server will judge it: " + rewrite(rule),
              "make sure the rule compiles on the API server (it uses a Kubernetes-only CEL"
                  + " function)"));
    }
    return findings;
  }

  static void check(
      String file,
      ApplicationDefinition definition,
      ObjectNode schema,
      CatalogFiles files,
      List<Finding> findings) {
    findings.addAll(judge(file, files.line(file, "openAPISchema"), definition, schema));
  }

  /** The served CRD, when the API server would accept it; the findings otherwise. */
  static Optional<JsonNode> served(
      ApplicationDefinition definition, ObjectNode schema, List<String> problems) {
    List<Finding> findings = judge("", 0, definition, schema);
    findings.stream().filter(Finding::isError).forEach(f -> problems.add(f.message()));
    return findings.stream().anyMatch(Finding::isError)
        ? Optional.empty()
        : Optional.of(crd(definition, schema));
  }

  private static JsonNode openApi(JsonNode crd) {
    return crd.path("spec").path("versions").path(0).path("schema").path("openAPIV3Schema");
  }

  private static String field(String path) {
    return path.equals(SPEC)
        ? FIELD
        : path.startsWith(SPEC + ".") ? FIELD + path.substring(SPEC.length()) : path;
  }

  private static String rewrite(String text) {
    return text.startsWith(SPEC) ? FIELD + text.substring(SPEC.length()) : text;
  }
}
