package io.cozystack.operator.apps;

import static org.assertj.core.api.Assertions.assertThat;

import io.cozystack.api.v1alpha1.ApplicationDefinition;
import io.cozystack.api.v1alpha1.ApplicationDefinitionApplication;
import io.cozystack.api.v1alpha1.ApplicationDefinitionSpec;
import io.cozystack.api.v1alpha1.ValuesTransport;
import io.cozystack.contracts.definition.ApplicationCrdRenderer;
import io.cozystack.contracts.definition.ReservedKeys;
import io.cozystack.contracts.validation.DefinitionCheck;
import io.cozystack.operator.flux.HelmRelease;
import io.cozystack.operator.packages.ReleaseSettings;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.apiextensions.v1.JSONSchemaProps;
import io.fabric8.kubernetes.api.model.apiextensions.v1.ValidationRule;
import io.fabric8.kubernetes.client.utils.Serialization;
import org.junit.jupiter.api.Test;

/**
 * Top-level keys starting with _ never reach a release: the served CRD refuses them in a form the
 * API server evaluates for each schema shape, and rendering drops any that got through.
 */
class ReservedKeysTest {
  static final String OPEN = "{\"type\":\"object\",\"x-kubernetes-preserve-unknown-fields\":true}";
  static final String CLOSED =
      "{\"type\":\"object\",\"properties\":{\"replicas\":{\"type\":\"integer\",\"default\":2}}}";
  static final String MAP = "{\"type\":\"object\",\"additionalProperties\":{\"type\":\"string\"}}";
  static final String UNTYPED_MAP =
      "{\"type\":\"object\",\"additionalProperties\":{\"x-kubernetes-preserve-unknown-fields\":true}}";

  @Test
  void anInstanceCreatedBeforeTheRuleNeverPassesReservedKeysToItsRelease() {
    ApplicationDefinition open = definition(OPEN);
    GenericKubernetesResource instance =
        instance("{\"_cluster\":{\"root-host\":\"evil.org\"},\"_x\":1,\"size\":3}");

    HelmRelease release = render(open, instance);

    assertThat(release.getSpec().values().properties())
        .extracting(java.util.Map.Entry::getKey)
        .containsExactly("size");
    assertThat(ApplicationReleaseRenderer.values(schema(open), instance).dropped())
        .containsExactly("_cluster", "_x");
    assertThat(ReservedKeys.of(instance))
        .as("what the instance reports")
        .containsExactly("_cluster", "_x");
  }

  @Test
  void defaultsAndOrdinaryKeysAreKeptAndNothingIsReportedWithoutReservedKeys() {
    ApplicationDefinition closed = definition(CLOSED);
    GenericKubernetesResource instance = instance("{}");

    assertThat(render(closed, instance).getSpec().values().path("replicas").asInt()).isEqualTo(2);
    assertThat(ApplicationReleaseRenderer.values(schema(closed), instance).dropped()).isEmpty();
  }

  @Test
  void theDroppedKeysAreNamedWithTheRuleAndTheFix() {
    assertThat(ReservedKeys.droppedMessage(java.util.List.of("_cluster")))
        .isEqualTo(
            "spec._cluster was not passed to the release: top-level keys starting with _ carry"
                + " the platform's values (_cluster, _namespace), which an instance cannot set;"
                + " remove it from spec");
    assertThat(ReservedKeys.droppedMessage(java.util.List.of("_cluster", "_x")))
        .startsWith("spec._cluster, spec._x were not passed to the release");
  }

  @Test
  void anObjectSchemaOpenOrClosedDeclaresThePlatformKeysEachRefusedUnlessAlreadyStored() {
    for (String schema : new String[] {OPEN, CLOSED}) {
      JSONSchemaProps spec = crdSpec(definition(schema));

      assertThat(spec.getProperties()).containsKeys("_cluster", "_namespace");
      JSONSchemaProps cluster = spec.getProperties().get("_cluster");
      assertThat(cluster.getType()).isEqualTo("object");
      assertThat(cluster.getXKubernetesPreserveUnknownFields()).isTrue();
      ValidationRule rule = cluster.getXKubernetesValidations().get(0);
      assertThat(rule.getRule()).isEqualTo("oldSelf.hasValue()");
      assertThat(rule.getOptionalOldSelf()).isTrue();
      assertThat(rule.getMessage())
          .contains("top-level keys starting with _")
          .endsWith("remove _cluster from spec");
      assertThat(spec.getXKubernetesValidations()).isNullOrEmpty();
    }
    assertThat(crdSpec(definition(OPEN)).getXKubernetesPreserveUnknownFields()).isTrue();
    assertThat(crdSpec(definition(CLOSED)).getProperties()).containsKey("replicas");
  }

  @Test
  void aMapSchemaGetsOneRuleOverItsKeys() {
    JSONSchemaProps spec = crdSpec(definition(MAP));

    assertThat(spec.getProperties()).isNullOrEmpty();
    assertThat(spec.getAdditionalProperties().getSchema().getType()).isEqualTo("string");
    assertThat(spec.getXKubernetesValidations())
        .singleElement()
        .satisfies(
            r ->
                assertThat(r.getRule())
                    .isEqualTo(
                        "self.all(k, !k.startsWith('_') || (oldSelf.hasValue() && k in"
                            + " oldSelf.value()))"))
        .satisfies(r -> assertThat(r.getOptionalOldSelf()).isTrue());
  }

  @Test
  void aMapOfUntypedValuesIsServedAsTheOpenObjectItMeans() {
    JSONSchemaProps spec = crdSpec(definition(UNTYPED_MAP));

    assertThat(spec.getAdditionalProperties()).isNull();
    assertThat(spec.getXKubernetesPreserveUnknownFields()).isTrue();
    assertThat(spec.getProperties()).containsOnlyKeys("_cluster", "_namespace");
  }

  @Test
  void aDefinitionDeclaringAReservedKeyIsInvalid() {
    ApplicationDefinition declaring =
        definition(
            "{\"type\":\"object\",\"properties\":{\"_cluster\":{\"type\":\"object\"},\"a\":{\"type\":\"string\"}}}");

    assertThat(DefinitionCheck.check(declaring).problems())
        .containsExactly(
            "spec.application.openAPISchema.properties._cluster is reserved: top-level keys"
                + " starting with _ carry the platform's values (_cluster, _namespace) and an"
                + " instance cannot set them; rename the property");
  }

  @Test
  void celTypingFollowsTheApiServer() {
    assertThat(ReservedKeys.celTyped(json("{\"type\":\"integer\"}"))).isTrue();
    assertThat(ReservedKeys.celTyped(json("{\"x-kubernetes-int-or-string\":true}"))).isTrue();
    assertThat(
            ReservedKeys.celTyped(
                json("{\"type\":\"object\",\"x-kubernetes-preserve-unknown-fields\":true}")))
        .isTrue();
    assertThat(ReservedKeys.celTyped(json("{\"x-kubernetes-preserve-unknown-fields\":true}")))
        .isFalse();
    assertThat(
            ReservedKeys.celTyped(
                json(
                    "{\"type\":\"array\",\"items\":{\"x-kubernetes-preserve-unknown-fields\":true}}")))
        .isFalse();
    assertThat(
            ReservedKeys.celTyped(
                json(
                    "{\"type\":\"object\",\"additionalProperties\":{\"x-kubernetes-preserve-unknown-fields\":true}}")))
        .isFalse();
  }

  private static HelmRelease render(
      ApplicationDefinition definition, GenericKubernetesResource instance) {
    return ApplicationReleaseRenderer.render(
        definition,
        schema(definition),
        instance,
        ReleaseSettings.defaults(),
        ValuesTransport.ConfigMap);
  }

  private static JSONSchemaProps crdSpec(ApplicationDefinition definition) {
    return ApplicationCrdRenderer.render(
            definition, DefinitionCheck.check(definition).schema().orElseThrow())
        .crd()
        .getSpec()
        .getVersions()
        .get(0)
        .getSchema()
        .getOpenAPIV3Schema()
        .getProperties()
        .get("spec");
  }

  private static com.fasterxml.jackson.databind.node.ObjectNode schema(
      ApplicationDefinition definition) {
    return DefinitionCheck.check(definition).schema().orElseThrow();
  }

  private static com.fasterxml.jackson.databind.JsonNode json(String text) {
    try {
      return Serialization.jsonMapper().readTree(text);
    } catch (Exception e) {
      throw new IllegalArgumentException(e);
    }
  }

  private static GenericKubernetesResource instance(String spec) {
    GenericKubernetesResource instance =
        Serialization.unmarshal(
            """
            apiVersion: apps.cozystack.io/v1alpha1
            kind: Thing
            metadata: {name: one, namespace: tenant-acme, uid: u-1}
            """,
            GenericKubernetesResource.class);
    instance.setAdditionalProperty("spec", Serialization.unmarshal(spec, java.util.Map.class));
    return instance;
  }

  private static ApplicationDefinition definition(String schema) {
    ApplicationDefinition ad =
        Serialization.unmarshal(
            """
            apiVersion: cozystack.io/v1alpha1
            kind: ApplicationDefinition
            metadata: {name: thing}
            spec:
              application: {kind: Thing, plural: things, singular: thing, openAPISchema: "{}"}
              release: {prefix: thing-, chartRef: {kind: ExternalArtifact, name: x, namespace: cozy-system}}
            """,
            ApplicationDefinition.class);
    var app = ad.getSpec().application();
    ad.setSpec(
        new ApplicationDefinitionSpec(
            new ApplicationDefinitionApplication(app.kind(), schema, app.plural(), app.singular()),
            ad.getSpec().release(),
            null,
            null,
            null,
            null,
            null));
    return ad;
  }
}
