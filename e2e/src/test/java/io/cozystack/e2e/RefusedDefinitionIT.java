package io.cozystack.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.cozystack.api.meta.Condition;
import io.cozystack.api.meta.ConditionStatus;
import io.cozystack.api.v1alpha1.ApplicationDefinition;
import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A definition whose generated CRD the API server refuses is never silent: it reports {@code
 * CRDRefused} (Stalled) with the API server's causes and a Warning event, serves nothing new, and a
 * CRD an earlier generation established keeps serving its instances until the definition is fixed.
 */
@ExtendWith(KubernetesExtension.class)
class RefusedDefinitionIT {
  @Kube static KubernetesClient client;
  @Kube static String namespace;
  @Kube static Path kubeconfig;
  static InProcessOperator operator;

  @BeforeAll
  static void start() throws Exception {
    PlatformValues.ensure(client);
    PlatformValues.system(client, namespace);
    operator = InProcessOperator.start(kubeconfig);
  }

  @AfterAll
  static void stop() {
    if (operator != null) {
      operator.close();
    }
  }

  /** Each schema is valid JSON Schema to our check but not to the API server's CRD validation. */
  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "unknown-type|{\"type\":\"object\",\"properties\":{\"size\":{\"type\":\"foo\"}}}|size",
        "wrong-default|{\"type\":\"object\",\"properties\":{\"size\":{\"type\":\"integer\",\"default\":\"big\"}}}|size",
        "bad-cel|{\"type\":\"object\",\"properties\":{\"size\":{\"type\":\"integer\",\"x-kubernetes-validations\":[{\"rule\":\"self >\"}]}}}|x-kubernetes-validations",
        "costly-cel|{\"type\":\"object\",\"properties\":{\"names\":{\"type\":\"array\",\"items\":{\"type\":\"string\"},\"x-kubernetes-validations\":[{\"rule\":\"self.all(a, self.all(b, self.all(c, a.matches(b + c))))\"}]}}}|cost",
        "list-map-without-keys|{\"type\":\"object\",\"properties\":{\"ports\":{\"type\":\"array\",\"x-kubernetes-list-type\":\"map\",\"items\":{\"type\":\"object\",\"properties\":{\"name\":{\"type\":\"string\"}}}}}}|x-kubernetes-list-map-keys"
      })
  void aDefinitionTheApiServerRefusesSaysWhyAndServesNothing(
      String name, String schema, String named) {
    String definition = "refused-" + name;
    apply(definition, schema);

    ApplicationDefinition refused = awaitReason(definition, "CRDRefused");
    Condition ready = condition(refused, "Ready").orElseThrow();
    assertThat(ready.status()).isEqualTo(ConditionStatus.FALSE);
    assertThat(ready.message())
        .contains("the API server refused CRD")
        .contains("spec.application.openAPISchema.properties[")
        .contains(named)
        .contains("fix spec.application.openAPISchema at the fields named");
    assertThat(condition(refused, "Stalled").map(Condition::status)).contains(ConditionStatus.TRUE);
    assertThat(refused.getStatus().served()).isFalse();
    assertThat(
            client
                .apiextensions()
                .v1()
                .customResourceDefinitions()
                .withName(refused.getStatus().crd())
                .get())
        .isNull();
    await("Warning event CRDRefused on " + definition)
        .atMost(Duration.ofSeconds(20))
        .until(() -> warning(definition).isPresent());
    assertThat(warning(definition).orElseThrow().getMessage()).contains(named);
  }

  @Test
  void aRefusedChangeKeepsThePreviousCrdServingUntilItIsFixed() {
    String definition = "refused-later";
    String good = "{\"type\":\"object\",\"properties\":{\"size\":{\"type\":\"integer\"}}}";
    apply(definition, good);
    awaitReason(definition, "Served");
    create("RefusedLater", "before", Map.of("size", 1));

    apply(definition, "{\"type\":\"object\",\"properties\":{\"size\":{\"type\":\"foo\"}}}");
    ApplicationDefinition refused = awaitReason(definition, "CRDRefused");
    assertThat(condition(refused, "Ready").orElseThrow().message())
        .contains("instances are still served from the CRD of the previous definition");
    assertThat(refused.getStatus().served()).isTrue();
    create("RefusedLater", "during", Map.of("size", 2));
    assertThat(instance("RefusedLater", "during")).as("still served").isNotNull();

    apply(definition, good);
    ApplicationDefinition fixed = awaitReason(definition, "Served");
    assertThat(condition(fixed, "Stalled")).isEmpty();
  }

  @Test
  void aDefinitionWhoseNamesCannotWorkIsInvalidBeforeAnythingIsServed() {
    client
        .resource(
            Serialization.unmarshal(
                """
                apiVersion: cozystack.io/v1alpha1
                kind: ApplicationDefinition
                metadata: {name: shadow}
                spec:
                  application: {kind: Pod, plural: pods, singular: pod, openAPISchema: '{"type":"object"}'}
                  release: {prefix: %s, chartRef: {kind: ExternalArtifact, name: x, namespace: cozy-system}}
                """
                    .formatted("p".repeat(60)),
                ApplicationDefinition.class))
        .fieldManager("cozy-e2e")
        .serverSideApply();

    ApplicationDefinition invalid = awaitReason("shadow", "InvalidDefinition");
    assertThat(condition(invalid, "Ready").orElseThrow().message())
        .contains(
            "spec.application.kind 'Pod' (plural 'pods') is the name of a core Kubernetes kind")
        .contains("spec.release.prefix has 60 characters");
    assertThat(invalid.getStatus().served()).isFalse();
    assertThat(
            client
                .apiextensions()
                .v1()
                .customResourceDefinitions()
                .withName("pods.apps.cozystack.io")
                .get())
        .isNull();
  }

  private static void apply(String name, String schema) {
    String kind = kindOf(name);
    ApplicationDefinition definition =
        Serialization.unmarshal(
            """
            apiVersion: cozystack.io/v1alpha1
            kind: ApplicationDefinition
            metadata: {name: %s}
            spec:
              application: {kind: %s, plural: %ss, singular: %s, openAPISchema: '%s'}
              release: {prefix: %s-, chartRef: {kind: ExternalArtifact, name: x, namespace: cozy-system}}
            """
                .formatted(name, kind, name.replace("-", ""), name.replace("-", ""), schema, name),
            ApplicationDefinition.class);
    client.resource(definition).fieldManager("cozy-e2e").forceConflicts().serverSideApply();
  }

  private static String kindOf(String name) {
    StringBuilder kind = new StringBuilder();
    for (String part : name.split("-")) {
      kind.append(Character.toUpperCase(part.charAt(0))).append(part.substring(1));
    }
    return kind.toString();
  }

  private static ApplicationDefinition awaitReason(String name, String reason) {
    return await("ApplicationDefinition " + name + " with reason " + reason)
        .atMost(Duration.ofSeconds(60))
        .until(
            () -> client.resources(ApplicationDefinition.class).withName(name).get(),
            ad ->
                ad != null
                    && ad.getStatus() != null
                    && Long.valueOf(ad.getMetadata().getGeneration())
                        .equals(ad.getStatus().observedGeneration())
                    && condition(ad, "Ready").map(c -> reason.equals(c.reason())).orElse(false));
  }

  private static Optional<Condition> condition(ApplicationDefinition ad, String type) {
    return ad.getStatus().conditions() == null
        ? Optional.empty()
        : ad.getStatus().conditions().stream().filter(c -> type.equals(c.type())).findFirst();
  }

  private static Optional<Event> warning(String definition) {
    return client.v1().events().inNamespace("default").list().getItems().stream()
        .filter(e -> definition.equals(e.getInvolvedObject().getName()))
        .filter(e -> "CRDRefused".equals(e.getReason()) && "Warning".equals(e.getType()))
        .reduce((first, second) -> second);
  }

  private static void create(String kind, String name, Map<String, Object> spec) {
    GenericKubernetesResource instance = new GenericKubernetesResource();
    instance.setApiVersion("apps.cozystack.io/v1alpha1");
    instance.setKind(kind);
    instance.setMetadata(new ObjectMetaBuilder().withName(name).withNamespace(namespace).build());
    instance.setAdditionalProperty("spec", spec);
    client.resource(instance).fieldManager("cozy-e2e").forceConflicts().serverSideApply();
  }

  private static GenericKubernetesResource instance(String kind, String name) {
    return client
        .genericKubernetesResources("apps.cozystack.io/v1alpha1", kind)
        .inNamespace(namespace)
        .withName(name)
        .get();
  }
}
