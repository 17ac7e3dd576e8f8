package io.cozystack.operator.apps;

import io.cozystack.api.v1alpha1.AppsApi;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The instance finalizer ({@value AppsApi#FINALIZER}), edited with one PATCH computed from the
 * cached copy (no read): it carries the copy's resourceVersion, so a concurrent change fails it and
 * the reconcile is retried.
 */
final class InstanceFinalizer {
  private InstanceFinalizer() {}

  static boolean has(GenericKubernetesResource instance) {
    return instance.getMetadata().getFinalizers() != null
        && instance.getMetadata().getFinalizers().contains(AppsApi.FINALIZER);
  }

  static GenericKubernetesResource add(
      KubernetesClient client, GenericKubernetesResource instance) {
    return client
        .resource(instance)
        .edit(
            r -> {
              List<String> finalizers =
                  new ArrayList<>(
                      Optional.ofNullable(r.getMetadata().getFinalizers()).orElse(List.of()));
              finalizers.add(AppsApi.FINALIZER);
              r.getMetadata().setFinalizers(finalizers);
              return r;
            });
  }

  static void remove(KubernetesClient client, GenericKubernetesResource instance) {
    client
        .resource(instance)
        .edit(
            r -> {
              List<String> finalizers = new ArrayList<>(r.getMetadata().getFinalizers());
              finalizers.remove(AppsApi.FINALIZER);
              r.getMetadata().setFinalizers(finalizers);
              return r;
            });
  }
}
