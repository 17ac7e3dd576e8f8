package io.cozystack.contracts.validation;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import io.cozystack.api.catalog.CatalogManifest;
import io.cozystack.api.v1alpha1.ApplicationDefinition;
import io.cozystack.api.values.ValuesKeys;
import java.io.IOException;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/** Each listed application: its definition (K1, K6) and the K2 values it requires. */
final class ApplicationRules {
  private ApplicationRules() {}

  /** The parsed definition, when it could be read; findings for everything wrong with it. */
  static Optional<ApplicationDefinition> check(
      CatalogManifest.Application app,
      Set<String> extensions,
      CatalogFiles files,
      List<Finding> findings) {
    String file = app.definition();
    if (!files.exists(file)) {
      findings.add(
          new Finding(
              CatalogManifest.FILE,
              files.line(CatalogManifest.FILE, file),
              "k1-definition",
              "the definition of " + app.kind() + " (" + file + ") does not exist",
              "add the ApplicationDefinition manifest or correct the path"));
      return Optional.empty();
    }
    ApplicationDefinition definition;
    JsonNode tree;
    try {
      definition = files.read(file, ApplicationDefinition.class);
      tree = files.tree(file);
    } catch (IOException e) {
      findings.add(
          new Finding(
              file,
              e instanceof JsonProcessingException j ? files.line(file, j) : 0,
              "k1-definition",
              "not a valid ApplicationDefinition: " + firstLine(e.getMessage()),
              "remove or rename the field; the schema is k1-applicationdefinition-spec.schema.json"));
      return Optional.empty();
    }
    ApiServerRule.check(file, tree, files, findings);
    DefinitionCheck.Result check = DefinitionCheck.check(definition);
    check
        .schema()
        .ifPresent(schema -> ServedCrdRule.check(file, definition, schema, files, findings));
    for (String problem : check.problems()) {
      findings.add(
          new Finding(
              file,
              files.line(file, problem.split(" ")[0].replaceAll(".*\\.", "") + ":"),
              "k1-definition",
              problem,
              "correct the field as the message says"));
    }
    String kind = definition.getSpec().application().kind();
    if (!app.kind().equals(kind)) {
      findings.add(
          new Finding(
              CatalogManifest.FILE,
              files.line(CatalogManifest.FILE, "kind: " + app.kind()),
              "k1-definition",
              "the manifest lists kind " + app.kind() + " but " + file + " serves " + kind,
              "make the manifest's kind match spec.application.kind"));
    }
    requiredValues(app, definition, extensions, files, findings);
    return Optional.of(definition);
  }

  private static void requiredValues(
      CatalogManifest.Application app,
      ApplicationDefinition definition,
      Set<String> extensions,
      CatalogFiles files,
      List<Finding> findings) {
    Set<String> declared = new HashSet<>(ManifestRules.orEmpty(app.requiredValues()));
    Set<String> inDefinition =
        new HashSet<>(ManifestRules.orEmpty(definition.getSpec().release().requiredValues()));
    for (String key : declared) {
      ValuesKeys.problem(key, extensions)
          .ifPresent(
              p ->
                  findings.add(
                      new Finding(
                          CatalogManifest.FILE,
                          files.line(CatalogManifest.FILE, key),
                          "k2-required-values",
                          p,
                          "use a key of k2-clustervalues-spec or k2-namespacevalues, or list it"
                              + " in spec.clusterExtensions")));
    }
    if (!Objects.equals(declared, inDefinition)) {
      findings.add(
          new Finding(
              app.definition(),
              files.line(app.definition(), "requiredValues"),
              "k2-required-values",
              "required values differ: the manifest lists "
                  + declared
                  + " for "
                  + app.kind()
                  + ", the definition's spec.release.requiredValues "
                  + inDefinition,
              "list the same keys in both"));
    }
  }

  static String firstLine(String message) {
    return message == null ? "" : message.lines().findFirst().orElse("");
  }
}
