package io.cozystack.operator.packages;

import static org.assertj.core.api.Assertions.assertThat;

import io.cozystack.api.v1alpha1.PackageSource;
import io.cozystack.operator.flux.ArtifactGenerator;
import io.cozystack.operator.flux.ArtifactGeneratorSpec.Copy;
import org.junit.jupiter.api.Test;

class ArtifactGeneratorRendererTest {

  @Test
  void postgresApplicationRendersWhatCozystackRenders() {
    PackageSource source =
        Fixtures.example("01-packagesource-postgres-application.yaml", PackageSource.class);
    ArtifactGenerator expected =
        Fixtures.resource(
            "packages/postgres-application.artifactgenerator.yaml", ArtifactGenerator.class);

    ArtifactGenerator rendered = ArtifactGeneratorRenderer.render(source).orElseThrow();

    assertThat(rendered.getMetadata()).isEqualTo(expected.getMetadata());
    assertThat(rendered.getSpec()).isEqualTo(expected.getSpec());
  }

  @Test
  void gitSourcesDefaultToThePackagesBasePathAndValuesFilesOverwriteThenMerge() {
    PackageSource source =
        Fixtures.yaml(
            """
            apiVersion: cozystack.io/v1alpha1
            kind: PackageSource
            metadata: {name: acme.platform}
            spec:
              sourceRef: {kind: GitRepository, name: acme, namespace: cozy-system}
              variants:
                - name: isp-full
                  components:
                    - name: platform
                      path: core/platform
                      valuesFiles: [values.yaml, values-isp-full.yaml]
                      install: {namespace: cozy-system, releaseName: cozystack-platform}
            """,
            PackageSource.class);

    var artifact =
        ArtifactGeneratorRenderer.render(source).orElseThrow().getSpec().artifacts().get(0);

    assertThat(artifact.name()).isEqualTo("acme-platform-isp-full-platform");
    assertThat(artifact.copy())
        .containsExactly(
            new Copy("@acme/packages/core/platform/**", "@artifact/platform/", null, null),
            new Copy(
                "@acme/packages/core/platform/values.yaml",
                "@artifact/platform/values.yaml",
                null,
                "Overwrite"),
            new Copy(
                "@acme/packages/core/platform/values-isp-full.yaml",
                "@artifact/platform/values.yaml",
                null,
                "Merge"));
  }

  @Test
  void aSourceWithoutSourceRefOrComponentsYieldsNoGenerator() {
    PackageSource noRef =
        Fixtures.yaml(
            """
            apiVersion: cozystack.io/v1alpha1
            kind: PackageSource
            metadata: {name: a}
            spec: {variants: [{name: default, components: [{name: c, path: x}]}]}
            """,
            PackageSource.class);
    PackageSource noComponents =
        Fixtures.yaml(
            """
            apiVersion: cozystack.io/v1alpha1
            kind: PackageSource
            metadata: {name: b}
            spec:
              sourceRef: {kind: OCIRepository, name: s, namespace: cozy-system}
              variants: [{name: default}]
            """,
            PackageSource.class);

    assertThat(ArtifactGeneratorRenderer.render(noRef)).isEmpty();
    assertThat(ArtifactGeneratorRenderer.render(noComponents)).isEmpty();
  }

  @Test
  void rootPathOfAnOciSourceIsTheRoot() {
    assertThat(ArtifactGeneratorRenderer.source("s", "", "")).isEqualTo("@s");
    assertThat(ArtifactGeneratorRenderer.source("s", "", "/apps/x/")).isEqualTo("@s/apps/x");
    assertThat(ArtifactGeneratorRenderer.source("s", "packages", "apps/x"))
        .isEqualTo("@s/packages/apps/x");
  }
}
