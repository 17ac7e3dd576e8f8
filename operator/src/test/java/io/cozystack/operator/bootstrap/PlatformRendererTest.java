package io.cozystack.operator.bootstrap;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.fabric8.kubernetes.client.utils.Serialization;
import org.junit.jupiter.api.Test;

/** The exact objects the bootstrap writes, for an OCI and for a Git platform source. */
class PlatformRendererTest {

  @Test
  void anOciUrlWithTagAndInsecure() {
    PlatformObjects objects =
        PlatformRenderer.render(
            PlatformSourceFlags.parse(
                    "oci://127.0.0.1:5000/cozy/platform",
                    "cozystack-platform",
                    "tag=v0.1.0",
                    "",
                    true)
                .orElseThrow());

    assertThat(objects.kind()).isEqualTo(PlatformSource.Kind.OCI);
    assertSame(
        objects.namespace(),
        """
        apiVersion: v1
        kind: Namespace
        metadata:
          name: cozy-system
          labels: {cozystack.io/system: "true"}
        """);
    assertSame(
        objects.source(),
        """
        apiVersion: source.toolkit.fluxcd.io/v1
        kind: OCIRepository
        metadata: {name: cozystack-platform, namespace: cozy-system}
        spec:
          url: oci://127.0.0.1:5000/cozy/platform
          interval: 5m0s
          ref: {tag: v0.1.0}
          insecure: true
        """);
    assertSame(
        objects.packageSource(),
        """
        apiVersion: cozystack.io/v1alpha1
        kind: PackageSource
        metadata:
          name: cozystack.cozystack-platform
          annotations: {operator.cozystack.io/skip-cozystack-values: "true"}
        spec:
          sourceRef: {kind: OCIRepository, name: cozystack-platform, namespace: cozy-system, path: /}
          variants:
            - name: default
              components:
                - name: platform
                  path: charts/platform
                  install: {namespace: cozy-system, releaseName: cozystack-platform}
        """);
    assertSame(
        objects.pkg(),
        """
        apiVersion: cozystack.io/v1alpha1
        kind: Package
        metadata: {name: cozystack.cozystack-platform}
        spec: {variant: default}
        """);
  }

  @Test
  void aGitHttpsUrlWithBranchAndSecret() {
    PlatformObjects objects =
        PlatformRenderer.render(
            PlatformSourceFlags.parse(
                    "https://github.com/acme/platform.git",
                    "acme-platform",
                    "branch=main",
                    "platform-git",
                    false)
                .orElseThrow());

    assertThat(objects.kind()).isEqualTo(PlatformSource.Kind.GIT);
    assertSame(
        objects.source(),
        """
        apiVersion: source.toolkit.fluxcd.io/v1
        kind: GitRepository
        metadata: {name: acme-platform, namespace: cozy-system}
        spec:
          url: https://github.com/acme/platform.git
          interval: 5m0s
          ref: {branch: main}
          secretRef: {name: platform-git}
        """);
    assertSame(
        objects.packageSource(),
        """
        apiVersion: cozystack.io/v1alpha1
        kind: PackageSource
        metadata:
          name: cozystack.acme-platform
          annotations: {operator.cozystack.io/skip-cozystack-values: "true"}
        spec:
          sourceRef: {kind: GitRepository, name: acme-platform, namespace: cozy-system, path: /}
          variants:
            - name: default
              components:
                - name: platform
                  path: charts/platform
                  install: {namespace: cozy-system, releaseName: cozystack-platform}
        """);
    assertSame(
        objects.pkg(),
        """
        apiVersion: cozystack.io/v1alpha1
        kind: Package
        metadata: {name: cozystack.acme-platform}
        spec: {variant: default}
        """);
  }

  @Test
  void refKeysAreWrittenInFluxsOrder() {
    PlatformObjects objects =
        PlatformRenderer.render(
            PlatformSourceFlags.parse("oci://r/p", "p", "tag=v1,semver=1.x", "", false)
                .orElseThrow());

    assertThat(json(objects.source()).at("/spec/ref").fieldNames())
        .toIterable()
        .containsExactly("semver", "tag");
  }

  /** The object's JSON equals the YAML's, field for field (no extra, none missing). */
  private static void assertSame(Object actual, String expectedYaml) {
    JsonNode expected =
        Serialization.jsonMapper()
            .valueToTree(Serialization.unmarshal(expectedYaml, java.util.Map.class));
    assertThat(json(actual)).isEqualTo(expected);
  }

  private static JsonNode json(Object object) {
    return Serialization.jsonMapper().valueToTree(object);
  }
}
