package io.cozystack.contracts.driver;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.util.ArrayList;
import java.util.List;

/** Removing the driver's own finalizer, and nobody else's. */
final class Finalizers {
  private Finalizers() {}

  static <T extends HasMetadata> void remove(KubernetesClient client, T object, String finalizer) {
    try {
      client
          .resource(object)
          .edit(
              o -> {
                List<String> finalizers = new ArrayList<>(o.getMetadata().getFinalizers());
                finalizers.remove(finalizer);
                o.getMetadata().setFinalizers(finalizers);
                return o;
              });
    } catch (KubernetesClientException e) {
      if (e.getCode() != 404) {
        throw e;
      }
    }
  }
}
