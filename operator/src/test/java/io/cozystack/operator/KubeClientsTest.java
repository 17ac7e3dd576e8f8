package io.cozystack.operator;

import static org.assertj.core.api.Assertions.assertThat;

import io.cozystack.operator.flux.HelmRelease;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Namespace;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import org.junit.jupiter.api.Test;

class KubeClientsTest {
  static final String MANAGED =
      """
      "managedFields": [
        {"manager": "kubectl", "operation": "Apply", "apiVersion": "v1",
         "time": "2026-01-01T00:00:00Z", "fieldsType": "FieldsV1",
         "fieldsV1": {"f:metadata": {"f:labels": {"f:a": {}}}, "f:spec": {"f:x": {}}}},
        {"manager": "helm-controller", "operation": "Update", "subresource": "status",
         "fieldsType": "FieldsV1", "fieldsV1": {"f:status": {"f:conditions": {}}}}
      ]""";

  final KubernetesSerialization serialization = KubeClients.serialization();

  @Test
  void readsWhoManagesAnObjectButNotTheFieldSets() {
    for (Class<? extends HasMetadata> type :
        java.util.List.of(HelmRelease.class, GenericKubernetesResource.class, Namespace.class)) {
      HasMetadata read = serialization.unmarshal(json(), type);
      assertThat(read.getMetadata().getName()).isEqualTo("r");
      assertThat(read.getMetadata().getLabels()).containsEntry("a", "b");
      assertThat(read.getMetadata().getManagedFields())
          .as(type.getSimpleName())
          .extracting(e -> e.getManager(), e -> e.getOperation(), e -> e.getFieldsV1())
          .containsExactly(
              org.assertj.core.groups.Tuple.tuple("kubectl", "Apply", null),
              org.assertj.core.groups.Tuple.tuple("helm-controller", "Update", null));
      assertThat(read.getMetadata().getManagedFields().get(0).getAdditionalProperties()).isEmpty();
    }
  }

  @Test
  void conversionsAndClonesKeepWhoManagesAnObject() {
    GenericKubernetesResource read =
        serialization.unmarshal(json(), GenericKubernetesResource.class);
    String written = serialization.asJson(read);
    assertThat(written).contains("\"manager\":\"kubectl\"").doesNotContain("fieldsV1");
    // fabric8 converts watch events and clones (edit() diffs two copies) through JSON.
    HelmRelease typed = serialization.convertValue(read, HelmRelease.class);
    GenericKubernetesResource clone = serialization.clone(read);
    for (HasMetadata copy : java.util.List.of(typed, clone)) {
      assertThat(copy.getMetadata().getManagedFields())
          .extracting(e -> e.getManager())
          .containsExactly("kubectl", "helm-controller");
      assertThat(copy.getMetadata().getLabels()).containsEntry("a", "b");
    }
    assertThat(clone.getAdditionalProperties()).containsKey("spec");
  }

  private static String json() {
    return """
        {"apiVersion": "helm.toolkit.fluxcd.io/v2", "kind": "HelmRelease",
         "metadata": {"name": "r", "namespace": "n", "labels": {"a": "b"}, %s},
         "spec": {"interval": "5m"}}
        """
        .formatted(MANAGED);
  }
}
