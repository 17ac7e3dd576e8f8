package io.cozystack.operator.apps;

import io.cozystack.api.meta.Condition;
import io.cozystack.api.v1alpha1.ValuesTransport;
import io.cozystack.operator.flux.HelmRelease;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.base.PatchContext;
import io.fabric8.kubernetes.client.dsl.base.PatchType;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The one place an application instance's status is built (observedGeneration, release, chart
 * version, values transport, conditions) and written: a server-side apply of the status
 * subresource, skipped when nothing changed.
 */
final class InstanceStatus {
  private InstanceStatus() {}

  static Map<String, Object> of(
      GenericKubernetesResource instance,
      String release,
      HelmRelease actual,
      List<Condition> conditions,
      ValuesTransport transport) {
    Map<String, Object> status = new LinkedHashMap<>();
    status.put("observedGeneration", instance.getMetadata().getGeneration());
    if (release != null) {
      status.put("release", release);
    }
    status.put("valuesTransport", transport.name());
    String chartVersion = actual == null ? null : StatusCodec.chartVersion(actual);
    if (chartVersion != null) {
      status.put("chartVersion", chartVersion);
    }
    status.put("conditions", StatusCodec.encode(conditions));
    return status;
  }

  /** The status so far with {@code conditions} for the current generation: a failed reconcile. */
  static Map<String, Object> failed(
      GenericKubernetesResource instance, List<Condition> conditions) {
    Map<String, Object> status = new LinkedHashMap<>();
    if (instance.getAdditionalProperties().get("status") instanceof Map<?, ?> previous) {
      previous.forEach((k, v) -> status.put(String.valueOf(k), v));
    }
    status.put("observedGeneration", instance.getMetadata().getGeneration());
    status.put("conditions", StatusCodec.encode(conditions));
    return status;
  }

  static void write(
      KubernetesClient client, GenericKubernetesResource instance, Map<String, Object> status) {
    if (StatusCodec.sameJson(status, instance.getAdditionalProperties().get("status"))) {
      return;
    }
    GenericKubernetesResource patch = new GenericKubernetesResource();
    patch.setApiVersion(instance.getApiVersion());
    patch.setKind(instance.getKind());
    patch.setMetadata(
        new io.fabric8.kubernetes.api.model.ObjectMetaBuilder()
            .withName(instance.getMetadata().getName())
            .withNamespace(instance.getMetadata().getNamespace())
            .build());
    patch.setAdditionalProperty("status", status);
    PatchContext apply =
        new PatchContext.Builder()
            .withPatchType(PatchType.SERVER_SIDE_APPLY)
            .withFieldManager(InstanceController.FIELD_MANAGER)
            .withForce(true)
            .build();
    client
        .genericKubernetesResources(instance.getApiVersion(), instance.getKind())
        .inNamespace(instance.getMetadata().getNamespace())
        .withName(instance.getMetadata().getName())
        .subresource("status")
        .patch(apply, patch);
  }
}
