package io.cozystack.contracts.validation;

import com.fasterxml.jackson.databind.JsonNode;
import io.cozystack.api.v1alpha1.ApplicationDefinition;
import java.util.List;
import java.util.Optional;

/**
 * The CRD a manifest contributes to what {@code check} knows: a CustomResourceDefinition as it is,
 * an ApplicationDefinition as the CRD the operator renders for its kind (so its instances are
 * judged as the API server will judge them once the definition is served).
 */
final class ServedKinds {
  private ServedKinds() {}

  /** The CRD, or the reason an ApplicationDefinition serves none; empty for other kinds. */
  static Optional<JsonNode> crd(JsonNode doc, List<String> problems) {
    String kind = doc.path("kind").asText();
    if ("CustomResourceDefinition".equals(kind)) {
      return Optional.of(doc);
    }
    if (!"ApplicationDefinition".equals(kind)
        || !SourceReader.SOURCE_API_VERSION.equals(doc.path("apiVersion").asText())) {
      return Optional.empty();
    }
    ApplicationDefinition definition;
    try {
      definition = CatalogFiles.YAML.treeToValue(doc, ApplicationDefinition.class);
    } catch (Exception e) {
      problems.add(
          "ApplicationDefinition "
              + doc.path("metadata").path("name").asText()
              + " does not parse: "
              + ApplicationRules.firstLine(e.getMessage()));
      return Optional.empty();
    }
    DefinitionCheck.Result check = DefinitionCheck.check(definition);
    if (check.schema().isEmpty()) {
      problems.add(
          "ApplicationDefinition "
              + definition.getMetadata().getName()
              + " serves no kind: "
              + String.join("; ", check.problems()));
      return Optional.empty();
    }
    List<String> refused = new java.util.ArrayList<>();
    Optional<JsonNode> crd = ServedCrdRule.served(definition, check.schema().get(), refused);
    refused.forEach(
        r ->
            problems.add("ApplicationDefinition " + definition.getMetadata().getName() + ": " + r));
    return crd;
  }
}
