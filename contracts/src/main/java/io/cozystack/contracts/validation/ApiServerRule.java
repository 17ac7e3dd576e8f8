package io.cozystack.contracts.validation;

import com.fasterxml.jackson.databind.JsonNode;
import io.cozystack.contracts.apiserver.ApiServerRules;
import io.cozystack.contracts.apiserver.Violation;
import java.util.List;

/**
 * A catalog object as the API server will judge it when the catalog is installed: its CRD's schema
 * and CEL rules and the metadata rules ({@link ApiServerRules}), each violation a finding on the
 * offending field's line.
 */
final class ApiServerRule {
  static final String RULE = "api-server";

  private static ApiServerRules platform;

  private ApiServerRule() {}

  /** The platform's CRDs' rules, loaded once. */
  static synchronized ApiServerRules platform() {
    if (platform == null) {
      platform = ApiServerRules.platform();
    }
    return platform;
  }

  /** Findings for document {@code document} of {@code file}, judged by {@code rules}. */
  static ApiServerRules.Result check(
      ApiServerRules rules,
      String file,
      YamlLines lines,
      int document,
      JsonNode object,
      List<Finding> findings) {
    ApiServerRules.Result result = rules.create(object);
    for (Violation violation : result.violations()) {
      findings.add(
          new Finding(
              file,
              lines.line(document, violation.field()),
              RULE,
              object.path("kind").asText()
                  + " "
                  + object.path("metadata").path("name").asText("(no name)")
                  + " would be refused by the API server: "
                  + violation.describe(),
              fix(violation)));
    }
    for (String rule : result.unchecked()) {
      findings.add(
          Finding.warning(
              file,
              0,
              RULE,
              object.path("kind").asText()
                  + " "
                  + object.path("metadata").path("name").asText("(no name)")
                  + ": not judged here, the API server will judge it: "
                  + rule,
              "check it on a cluster (the rule uses a Kubernetes-only CEL function)"));
    }
    return result;
  }

  /** Findings for a catalog file's only document, judged by the platform's CRDs. */
  static void check(String file, JsonNode object, CatalogFiles files, List<Finding> findings) {
    check(platform(), file, YamlLines.of(files.text(file)), 0, object, findings);
  }

  /**
   * Findings for an object a chart renders, unless the same was found already (a definition is
   * judged in its file and again as its {@code -rd} chart renders it).
   */
  static void rendered(String chart, JsonNode object, List<Finding> findings) {
    List<Finding> found = new java.util.ArrayList<>();
    check(platform(), chart, YamlLines.of(""), 0, object, found);
    for (Finding finding : found) {
      if (findings.stream().noneMatch(f -> f.message().equals(finding.message()))) {
        findings.add(finding);
      }
    }
  }

  private static String fix(Violation violation) {
    String message = violation.message();
    if (message.startsWith("unknown field")) {
      return "remove " + violation.field() + " or correct its name; the CRD has no such field";
    }
    if (message.startsWith("Required value")) {
      return "set " + violation.field();
    }
    if (message.startsWith("Unsupported value")) {
      return "use one of the supported values for " + violation.field();
    }
    return "change " + violation.field() + " to a value the CRD accepts, as the message says";
  }
}
