package io.cozystack.operator.apps;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.cozystack.api.v1alpha1.ApplicationDefinition;
import io.cozystack.api.v1alpha1.ValuesTransport;
import io.cozystack.contracts.validation.DefinitionCheck;
import io.cozystack.operator.flux.HelmRelease;
import io.cozystack.operator.packages.ReleaseSettings;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.utils.Serialization;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Where a release is installed follows the definition's placement, whatever the instance says. */
class PlacementRenderingTest {

  @ParameterizedTest
  @ValueSource(strings = {"", "placement: ManagementPlane"})
  void aManagementPlaneKindNeverGetsAKubeconfig(String placement) {
    JsonNode spec = rendered(placement, "{replicas: 1}");

    assertThat(spec.has("kubeConfig")).isFalse();
    assertThat(spec.has("targetNamespace")).isFalse();
    assertThat(spec.has("storageNamespace")).isFalse();
    assertThat(spec.has("releaseName")).isFalse();
    assertThat(spec.path("install").has("createNamespace")).isFalse();
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "{replicas: 1}",
        "{kubeConfig: {secretRef: {name: mine}}, targetNamespace: kube-system}",
        "{_namespace: {computeplane: ''}}"
      })
  void aComputePlaneKindAlwaysTargetsItsTenantsClusterWhateverTheInstanceHolds(String values) {
    JsonNode spec = rendered("placement: ComputePlane", values);

    assertThat(spec.at("/kubeConfig/secretRef/name").asText())
        .isEqualTo("computeplane-cluster-admin-kubeconfig");
    assertThat(spec.at("/kubeConfig/secretRef/key").asText()).isEqualTo("super-admin.svc");
    assertThat(spec.path("targetNamespace").asText()).isEqualTo("tenant-acme");
    assertThat(spec.path("storageNamespace").asText()).isEqualTo("tenant-acme");
    assertThat(spec.at("/install/createNamespace").asBoolean()).isTrue();
    assertThat(spec.path("releaseName").asText())
        .as("Flux would otherwise name it <targetNamespace>-<name>")
        .isEqualTo("notebook-lab");
    assertThat(spec.path("values").has("_namespace")).isFalse();
  }

  private static JsonNode rendered(String placement, String instanceSpec) {
    ApplicationDefinition definition =
        Serialization.unmarshal(
            """
            apiVersion: cozystack.io/v1alpha1
            kind: ApplicationDefinition
            metadata: {name: notebook}
            spec:
              %s
              application: {kind: Notebook, plural: notebooks, singular: notebook, openAPISchema: '{"type":"object","properties":{"replicas":{"type":"integer"}}}'}
              release: {prefix: notebook-, chartRef: {kind: ExternalArtifact, name: x, namespace: cozy-system}}
            """
                .formatted(placement),
            ApplicationDefinition.class);
    GenericKubernetesResource instance =
        Serialization.unmarshal(
            """
            apiVersion: apps.cozystack.io/v1alpha1
            kind: Notebook
            metadata: {name: lab, namespace: tenant-acme, uid: u-1}
            spec: %s
            """
                .formatted(instanceSpec),
            GenericKubernetesResource.class);
    HelmRelease release =
        ApplicationReleaseRenderer.render(
            definition,
            DefinitionCheck.check(definition).schema().orElseThrow(),
            instance,
            ReleaseSettings.defaults(),
            ValuesTransport.Secret);
    return Serialization.jsonMapper().valueToTree(release.getSpec());
  }
}
