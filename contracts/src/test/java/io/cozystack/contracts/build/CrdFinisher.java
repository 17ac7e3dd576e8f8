package io.cozystack.contracts.build;

import io.cozystack.api.meta.StatusWithoutSubresource;
import io.fabric8.crd.generator.annotation.AdditionalPrinterColumn;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinition;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinitionVersion;
import io.fabric8.kubernetes.api.model.apiextensions.v1.JSONSchemaProps;
import io.fabric8.kubernetes.api.model.apiextensions.v1.ValidationRule;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;

/**
 * What the fabric8 generator cannot express through annotations, applied to each generated CRD:
 *
 * <ul>
 *   <li>no status subresource for types marked {@link StatusWithoutSubresource};
 *   <li>each CEL rule once (record components carry an annotation on both field and accessor);
 *   <li>{@code status.conditions} as a list map keyed by {@code type}, as {@code metav1.Condition}
 *       lists are, so server-side apply merges conditions by type;
 *   <li>{@code format: date-time} on condition timestamps.
 * </ul>
 */
final class CrdFinisher {
  private CrdFinisher() {}

  static void finish(CustomResourceDefinition crd, Class<?> type) {
    for (CustomResourceDefinitionVersion version : crd.getSpec().getVersions()) {
      if (type.isAnnotationPresent(StatusWithoutSubresource.class)
          && version.getSubresources() != null) {
        version.getSubresources().setStatus(null);
        if (version.getSubresources().getScale() == null) {
          version.setSubresources(null);
        }
      }
      orderPrinterColumnsAsDeclared(version, type);
      JSONSchemaProps root = version.getSchema().getOpenAPIV3Schema();
      dedupeValidations(root);
      markConditionLists(root);
    }
  }

  /** The generator sorts printer columns by JSON path; kubectl shows them in declaration order. */
  private static void orderPrinterColumnsAsDeclared(
      CustomResourceDefinitionVersion version, Class<?> type) {
    List<String> declared =
        Arrays.stream(type.getAnnotationsByType(AdditionalPrinterColumn.class))
            .map(AdditionalPrinterColumn::name)
            .toList();
    if (version.getAdditionalPrinterColumns() != null) {
      version
          .getAdditionalPrinterColumns()
          .sort(Comparator.comparingInt(column -> declared.indexOf(column.getName())));
    }
  }

  private static void dedupeValidations(JSONSchemaProps schema) {
    if (schema == null) {
      return;
    }
    List<ValidationRule> rules = schema.getXKubernetesValidations();
    if (rules != null && !rules.isEmpty()) {
      schema.setXKubernetesValidations(new ArrayList<>(new LinkedHashSet<>(rules)));
    }
    children(schema).forEach(CrdFinisher::dedupeValidations);
  }

  private static void markConditionLists(JSONSchemaProps schema) {
    Map<String, JSONSchemaProps> properties = schema.getProperties();
    JSONSchemaProps status = properties == null ? null : properties.get("status");
    if (status == null || status.getProperties() == null) {
      return;
    }
    JSONSchemaProps conditions = status.getProperties().get("conditions");
    if (conditions == null || conditions.getItems() == null) {
      return;
    }
    conditions.setXKubernetesListType("map");
    conditions.setXKubernetesListMapKeys(List.of("type"));
    JSONSchemaProps item = conditions.getItems().getSchema();
    if (item != null && item.getProperties() != null) {
      JSONSchemaProps time = item.getProperties().get("lastTransitionTime");
      if (time != null) {
        time.setFormat("date-time");
      }
    }
  }

  private static List<JSONSchemaProps> children(JSONSchemaProps schema) {
    List<JSONSchemaProps> children = new ArrayList<>();
    if (schema.getProperties() != null) {
      children.addAll(schema.getProperties().values());
    }
    if (schema.getItems() != null && schema.getItems().getSchema() != null) {
      children.add(schema.getItems().getSchema());
    }
    if (schema.getAdditionalProperties() != null
        && schema.getAdditionalProperties().getSchema() != null) {
      children.add(schema.getAdditionalProperties().getSchema());
    }
    return children;
  }
}
