package io.cozystack.catalog.services.backups.upstream;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.util.Comparator;
import java.util.Map;
import java.util.Optional;

/** Reads and creates one upstream operator's objects (read straight from the API server). */
public final class UpstreamStore {
  private final KubernetesClient client;
  private final String apiVersion;

  /** The objects of {@code apiVersion} (e.g. {@code k8s.mariadb.com/v1alpha1}). */
  public UpstreamStore(KubernetesClient client, String apiVersion) {
    this.client = client;
    this.apiVersion = apiVersion;
  }

  /** The object of {@code kind} a job owns (by its owner labels); the oldest if several. */
  public Optional<GenericKubernetesResource> owned(
      String kind, String namespace, Map<String, String> ownerLabels) {
    return client
        .genericKubernetesResources(apiVersion, kind)
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

  public Optional<GenericKubernetesResource> get(String kind, String namespace, String name) {
    return Optional.ofNullable(
        client
            .genericKubernetesResources(apiVersion, kind)
            .inNamespace(namespace)
            .withName(name)
            .get());
  }

  /** Creates {@code object}; returns it as the API server stored it (with its generated name). */
  public GenericKubernetesResource create(GenericKubernetesResource object) {
    return client.resource(object).create();
  }

  /** The API server's message for a refused object. */
  public static String refusal(KubernetesClientException e) {
    return e.getStatus() != null && e.getStatus().getMessage() != null
        ? e.getStatus().getMessage()
        : e.getMessage();
  }
}
