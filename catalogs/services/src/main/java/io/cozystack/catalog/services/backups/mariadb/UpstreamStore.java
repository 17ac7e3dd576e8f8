package io.cozystack.catalog.services.backups.mariadb;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.Comparator;
import java.util.Map;
import java.util.Optional;

/** Reads and creates mariadb-operator objects (read straight from the API server). */
final class UpstreamStore {
  private final KubernetesClient client;

  UpstreamStore(KubernetesClient client) {
    this.client = client;
  }

  /** The object of {@code kind} a job owns (by its owner labels); the oldest if several. */
  Optional<GenericKubernetesResource> owned(
      String kind, String namespace, Map<String, String> ownerLabels) {
    return client
        .genericKubernetesResources(MariaDbApi.API_VERSION, kind)
        .inNamespace(namespace)
        .withLabels(ownerLabels)
        .list()
        .getItems()
        .stream()
        .min(
            Comparator.comparing(
                    (GenericKubernetesResource o) ->
                        String.valueOf(o.getMetadata().getCreationTimestamp()))
                .thenComparing(o -> o.getMetadata().getName()));
  }

  Optional<GenericKubernetesResource> get(String kind, String namespace, String name) {
    return Optional.ofNullable(
        client
            .genericKubernetesResources(MariaDbApi.API_VERSION, kind)
            .inNamespace(namespace)
            .withName(name)
            .get());
  }

  /** Creates {@code object}; returns it as the API server stored it (with its generated name). */
  GenericKubernetesResource create(GenericKubernetesResource object) {
    return client.resource(object).create();
  }
}
