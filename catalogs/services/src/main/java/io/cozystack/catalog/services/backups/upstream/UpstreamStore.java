package io.cozystack.catalog.services.backups.upstream;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.base.PatchContext;
import io.fabric8.kubernetes.client.dsl.base.PatchType;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.util.Comparator;
import java.util.List;
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

  /** Every object of {@code kind} in {@code namespace}, whoever made it. */
  public List<GenericKubernetesResource> list(String kind, String namespace) {
    return client
        .genericKubernetesResources(apiVersion, kind)
        .inNamespace(namespace)
        .list()
        .getItems();
  }

  /** Applies {@code patch} (a map or tree) to the object as a JSON merge patch. */
  public void mergePatch(String kind, String namespace, String name, Object patch) {
    client
        .genericKubernetesResources(apiVersion, kind)
        .inNamespace(namespace)
        .withName(name)
        .patch(PatchContext.of(PatchType.JSON_MERGE), Serialization.asJson(patch));
  }

  /** Deletes the object if it exists. */
  public void delete(String kind, String namespace, String name) {
    client
        .genericKubernetesResources(apiVersion, kind)
        .inNamespace(namespace)
        .withName(name)
        .delete();
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
