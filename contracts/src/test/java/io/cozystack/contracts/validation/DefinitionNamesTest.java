package io.cozystack.contracts.validation;

import static org.assertj.core.api.Assertions.assertThat;

import io.cozystack.api.v1alpha1.ApplicationDefinition;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What a definition derives is checked where it is derived: a release prefix that starts no valid
 * release name or leaves an instance no room, and a kind named as a core Kubernetes kind, are
 * problems that name the field, before the kind is served and in the catalog validator alike.
 */
class DefinitionNamesTest {
  @Test
  void aPrefixTheApiServerWouldRefuseOrThatLeavesNoRoomIsNamed() {
    assertThat(problems("Gizmo", "gizmos", "bad.prefix-"))
        .singleElement()
        .asString()
        .contains("spec.release.prefix 'bad.prefix-' must be empty or start with");
    assertThat(problems("Gizmo", "gizmos", "-gizmo-"))
        .singleElement()
        .asString()
        .contains("spec.release.prefix '-gizmo-'");
    assertThat(problems("Gizmo", "gizmos", "g".repeat(60)))
        .singleElement()
        .asString()
        .contains("spec.release.prefix has 60 characters")
        .contains("shorten it to at most 52");
  }

  @Test
  void wellFormedPrefixesPass() {
    assertThat(problems("Gizmo", "gizmos", "gizmo-")).isEmpty();
    assertThat(problems("Gizmo", "gizmos", "")).as("ComputePlane's").isEmpty();
    assertThat(problems("Gizmo", "gizmos", "g".repeat(52))).isEmpty();
  }

  @Test
  void aCoreKindOrItsPluralIsRefused() {
    assertThat(problems("Pod", "gizmos", "gizmo-"))
        .singleElement()
        .asString()
        .contains(
            "spec.application.kind 'Pod' (plural 'gizmos') is the name of a core Kubernetes kind");
    assertThat(problems("Gizmo", "namespaces", "gizmo-")).hasSize(1);
    assertThat(problems("Gizmo", "endpoints", "gizmo-")).hasSize(1);
    assertThat(problems("Ingress", "ingresses", "ingress-"))
        .as("Cozystack's Ingress kind (networking.k8s.io is not the core group)")
        .isEmpty();
  }

  @Test
  void releaseLabelsTheApiServerWouldRefuseOnEveryReleaseAreNamed() {
    ApplicationDefinition definition = definition("Gizmo", "gizmos", "gizmo-");
    definition
        .getSpec()
        .release()
        .labels()
        .putAll(java.util.Map.of("bad key!", "x", "tier", "v".repeat(64), "team/ok", "db"));

    assertThat(DefinitionCheck.check(definition).problems())
        .hasSize(2)
        .anySatisfy(p -> assertThat(p).startsWith("spec.release.labels[bad key!]: Invalid value"))
        .anySatisfy(
            p ->
                assertThat(p)
                    .startsWith("spec.release.labels[tier]: Invalid value")
                    .contains("at most 63 characters")
                    .endsWith("every release of the kind carries it"));
  }

  private static List<String> problems(String kind, String plural, String prefix) {
    return DefinitionCheck.check(definition(kind, plural, prefix)).problems();
  }

  private static ApplicationDefinition definition(String kind, String plural, String prefix) {
    return Serialization.unmarshal(
        """
            apiVersion: cozystack.io/v1alpha1
            kind: ApplicationDefinition
            metadata: {name: gizmo}
            spec:
              application:
                kind: %s
                plural: %s
                singular: %s
                openAPISchema: '{"type":"object","properties":{"size":{"type":"integer"}}}'
              release:
                prefix: '%s'
                labels: {}
                chartRef: {kind: ExternalArtifact, name: gizmo, namespace: cozy-system}
            """
            .formatted(kind, plural, kind.toLowerCase(java.util.Locale.ROOT), prefix),
        ApplicationDefinition.class);
  }
}
