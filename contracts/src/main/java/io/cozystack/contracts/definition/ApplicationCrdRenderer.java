package io.cozystack.contracts.definition;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.cozystack.api.v1alpha1.ApplicationDefinition;
import io.cozystack.api.v1alpha1.ApplicationDefinitionApplication;
import io.cozystack.api.v1alpha1.AppsApi;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinition;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinitionBuilder;
import io.fabric8.kubernetes.api.model.apiextensions.v1.JSONSchemaProps;
import io.fabric8.kubernetes.api.model.apiextensions.v1.ValidationRuleBuilder;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The CRD that serves an ApplicationDefinition's kind under {@code apps.cozystack.io/v1alpha1}:
 * namespaced, {@code spec} = the application's values schema refusing the platform's reserved keys
 * ({@link ReservedKeys}), object defaults completed with their properties' ({@link
 * SchemaDefaults}), a status with conditions, and the release-name limit as a CEL rule. Schema
 * extensions Kubernetes does not accept ({@code x-cozystack-*}) are taken out here and published on
 * the definition's status instead.
 */
public final class ApplicationCrdRenderer {
  private ApplicationCrdRenderer() {}

  /** The CRD and the extensions removed from the schema, by JSON path. */
  public record Rendered(CustomResourceDefinition crd, Map<String, JsonNode> extensions) {}

  public static String crdName(ApplicationDefinition definition) {
    return definition.getSpec().application().plural() + "." + AppsApi.GROUP;
  }

  /** Longest instance name whose release name {@code <prefix><name>} still fits Helm's limit. */
  public static int nameLimit(ApplicationDefinition definition) {
    return AppsApi.RELEASE_NAME_LIMIT - definition.getSpec().release().prefix().length();
  }

  public static Rendered render(ApplicationDefinition definition, ObjectNode valuesSchema) {
    ObjectNode spec = valuesSchema.deepCopy();
    spec.remove("title");
    Map<String, JsonNode> extensions = new LinkedHashMap<>();
    extractExtensions("spec", spec, extensions);
    SchemaDefaults.completeDefaults(spec);
    ReservedKeys.guard(spec);
    return new Rendered(crd(definition, rootSchema(definition, spec)), extensions);
  }

  /** The instance schema: spec, status, and the name-length rule. */
  private static JSONSchemaProps rootSchema(ApplicationDefinition definition, ObjectNode spec) {
    int limit = nameLimit(definition);
    JSONSchemaProps root = new JSONSchemaProps();
    root.setType("object");
    root.setProperties(
        Map.of(
            "spec", Serialization.jsonMapper().convertValue(spec, JSONSchemaProps.class),
            "status", StatusSchema.schema()));
    root.setXKubernetesValidations(
        List.of(
            new ValidationRuleBuilder()
                .withRule("size(self.metadata.name) <= " + limit)
                .withMessage(
                    "name must be at most "
                        + limit
                        + " characters, so that the HelmRelease "
                        + definition.getSpec().release().prefix()
                        + "<name> fits the 53 characters Helm allows")
                .build()));
    return root;
  }

  private static CustomResourceDefinition crd(
      ApplicationDefinition definition, JSONSchemaProps root) {
    ApplicationDefinitionApplication app = definition.getSpec().application();
    return new CustomResourceDefinitionBuilder()
        .withNewMetadata()
        .withName(crdName(definition))
        .withLabels(Map.of(AppsApi.DEFINITION_LABEL, definition.getMetadata().getName()))
        .endMetadata()
        .withNewSpec()
        .withGroup(AppsApi.GROUP)
        .withScope("Namespaced")
        .withNewNames()
        .withKind(app.kind())
        .withPlural(app.plural())
        .withSingular(app.singular())
        .withListKind(app.kind() + "List")
        .endNames()
        .addNewVersion()
        .withName(AppsApi.VERSION)
        .withServed(true)
        .withStorage(true)
        .withNewSchema()
        .withOpenAPIV3Schema(root)
        .endSchema()
        .withNewSubresources()
        .withNewStatus()
        .endStatus()
        .endSubresources()
        .addNewAdditionalPrinterColumn()
        .withName("Ready")
        .withType("string")
        .withJsonPath(".status.conditions[?(@.type==\"Ready\")].status")
        .endAdditionalPrinterColumn()
        .addNewAdditionalPrinterColumn()
        .withName("Age")
        .withType("date")
        .withJsonPath(".metadata.creationTimestamp")
        .endAdditionalPrinterColumn()
        .endVersion()
        .endSpec()
        .build();
  }

  /** Removes {@code x-cozystack-*} keywords (not allowed in a CRD) and records them by path. */
  private static void extractExtensions(String path, JsonNode node, Map<String, JsonNode> found) {
    if (!(node instanceof ObjectNode object)) {
      return;
    }
    for (Iterator<String> it = object.fieldNames(); it.hasNext(); ) {
      String key = it.next();
      if (key.startsWith("x-cozystack-")) {
        found.put(path + "." + key, object.get(key));
        it.remove();
      }
    }
    object
        .path("properties")
        .fields()
        .forEachRemaining(e -> extractExtensions(path + "." + e.getKey(), e.getValue(), found));
    if (object.has("items")) {
      extractExtensions(path + "[]", object.get("items"), found);
    }
    if (object.has("additionalProperties")) {
      extractExtensions(path + ".*", object.get("additionalProperties"), found);
    }
  }
}
