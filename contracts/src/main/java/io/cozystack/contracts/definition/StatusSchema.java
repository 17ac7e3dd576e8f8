package io.cozystack.contracts.definition;

import com.fasterxml.jackson.databind.node.TextNode;
import io.fabric8.kubernetes.api.model.apiextensions.v1.JSONSchemaProps;
import io.fabric8.kubernetes.api.model.apiextensions.v1.JSONSchemaPropsBuilder;
import java.util.List;

/**
 * Schema of an application instance's status: observedGeneration, release, chartVersion,
 * valuesTransport, conditions.
 */
public final class StatusSchema {
  private StatusSchema() {}

  static JSONSchemaProps schema() {
    JSONSchemaProps string = new JSONSchemaPropsBuilder().withType("string").build();
    JSONSchemaProps condition =
        new JSONSchemaPropsBuilder()
            .withType("object")
            .addToProperties("type", string)
            .addToProperties(
                "status",
                new JSONSchemaPropsBuilder()
                    .withType("string")
                    .withEnum(
                        List.of(
                            new TextNode("True"), new TextNode("False"), new TextNode("Unknown")))
                    .build())
            .addToProperties("reason", string)
            .addToProperties("message", string)
            .addToProperties(
                "lastTransitionTime",
                new JSONSchemaPropsBuilder().withType("string").withFormat("date-time").build())
            .addToProperties(
                "observedGeneration", new JSONSchemaPropsBuilder().withType("integer").build())
            .withRequired("type", "status", "reason", "message", "lastTransitionTime")
            .build();
    return new JSONSchemaPropsBuilder()
        .withType("object")
        .addToProperties(
            "observedGeneration", new JSONSchemaPropsBuilder().withType("integer").build())
        .addToProperties("chartVersion", string)
        .addToProperties("release", string)
        .addToProperties(
            "valuesTransport",
            new JSONSchemaPropsBuilder()
                .withType("string")
                .withEnum(
                    new com.fasterxml.jackson.databind.node.TextNode("ConfigMap"),
                    new com.fasterxml.jackson.databind.node.TextNode("Secret"))
                .withDescription("What the release reads cozystack-values from.")
                .build())
        .addToProperties(
            "conditions",
            new JSONSchemaPropsBuilder()
                .withType("array")
                .withNewItems()
                .withSchema(condition)
                .endItems()
                .withXKubernetesListType("map")
                .withXKubernetesListMapKeys("type")
                .build())
        .build();
  }
}
