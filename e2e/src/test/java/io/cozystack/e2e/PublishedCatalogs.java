package io.cozystack.e2e;

import io.cozystack.api.v1alpha1.Package;
import io.cozystack.contracts.artifact.OciPusher;
import io.cozystack.contracts.artifact.OciReference;
import io.cozystack.contracts.artifact.PushOptions;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.io.IOException;
import java.nio.file.Path;

/**
 * Publishes catalogs as a catalog author would: each catalog directory is pushed to the test
 * registry as a Flux OCI artifact with {@code cozy-catalog}'s pusher, and an OCIRepository in
 * cozy-system may point at it.
 */
final class PublishedCatalogs {
  static final String SYSTEM_NAMESPACE = "cozy-system";

  private PublishedCatalogs() {}

  /** A catalog of this repository: {@code catalogs/<name>}. */
  static Path catalog(String name) {
    return ControlPlane.repoRoot().resolve("catalogs").resolve(name);
  }

  /** Pushes {@code dir} to {@code <registry>/catalogs/<dir name>:<tag>}; returns its digest. */
  static String push(Registry registry, Path dir, String tag) throws IOException {
    OciReference reference =
        OciReference.parse(registry.url("catalogs/" + dir.getFileName()) + ":" + tag);
    return OciPusher.push(dir, reference, PushOptions.defaults().withPlainHttp(true));
  }

  /**
   * Pushes {@code dir} as {@link #push} does and applies OCIRepository {@code repositoryName} in
   * cozy-system for it; returns the manifest digest.
   */
  static String publish(
      KubernetesClient client, Registry registry, Path dir, String repositoryName, String tag)
      throws IOException {
    String digest = push(registry, dir, tag);
    Manifests.namespace(client, SYSTEM_NAMESPACE);
    Manifests.apply(
        client,
        """
        apiVersion: source.toolkit.fluxcd.io/v1
        kind: OCIRepository
        metadata: {name: %s, namespace: %s}
        spec:
          url: %s
          ref: {tag: %s}
          insecure: true
          interval: 1m0s
        """
            .formatted(
                repositoryName,
                SYSTEM_NAMESPACE,
                registry.url("catalogs/" + dir.getFileName()),
                tag));
    return digest;
  }

  /** Creates Package {@code name} with variant default, as a person would. */
  static void install(KubernetesClient client, String name) {
    Package pkg =
        Serialization.unmarshal(
            "apiVersion: cozystack.io/v1alpha1\nkind: Package\nmetadata: {name: %s}\nspec: {variant: default}"
                .formatted(name),
            Package.class);
    try {
      client.resource(pkg).create();
    } catch (KubernetesClientException e) {
      if (e.getCode() != 409) {
        throw e;
      }
    }
  }

  /** The object {@code kind} {@code namespace/name} of {@code apiVersion}, or null. */
  static GenericKubernetesResource get(
      KubernetesClient client, String apiVersion, String kind, String namespace, String name) {
    return client
        .genericKubernetesResources(apiVersion, kind)
        .inNamespace(namespace)
        .withName(name)
        .get();
  }
}
