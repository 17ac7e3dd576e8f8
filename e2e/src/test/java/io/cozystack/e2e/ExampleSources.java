package io.cozystack.e2e;

import io.cozystack.api.ExampleManifests;
import io.cozystack.api.v1alpha1.Package;
import io.cozystack.api.v1alpha1.PackageSource;
import io.fabric8.kubernetes.client.utils.Serialization;

/**
 * PackageSources and Packages for the e2e tests: the project's examples and small ones of our own.
 */
final class ExampleSources {
  private ExampleSources() {}

  static <T> T example(String file, Class<T> type) {
    return ExampleManifests.all().stream()
        .filter(e -> e.file().equals(file))
        .findFirst()
        .map(e -> Serialization.jsonMapper().convertValue(e.manifest(), type))
        .orElseThrow();
  }

  static <T> T yaml(String text, Class<T> type) {
    return Serialization.unmarshal(text, type);
  }

  static PackageSource source(String name, String component, String namespace) {
    return source(name, component, namespace, component);
  }

  /** A source with one installed component in {@code namespace}, released as {@code release}. */
  static PackageSource source(String name, String component, String namespace, String release) {
    return yaml(
        """
        apiVersion: cozystack.io/v1alpha1
        kind: PackageSource
        metadata: {name: %s}
        spec:
          sourceRef: {kind: OCIRepository, name: cozystack-packages, namespace: cozy-system}
          variants:
            - name: default
              components: [{name: %s, path: system/%s, install: {namespace: %s, releaseName: %s}}]
        """
            .formatted(name, component, component, namespace, release),
        PackageSource.class);
  }

  static Package pkg(String name) {
    return yaml(
        """
        apiVersion: cozystack.io/v1alpha1
        kind: Package
        metadata: {name: %s}
        spec: {variant: default}
        """
            .formatted(name),
        Package.class);
  }
}
