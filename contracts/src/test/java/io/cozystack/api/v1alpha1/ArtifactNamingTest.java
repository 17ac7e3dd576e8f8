package io.cozystack.api.v1alpha1;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Cozystack's derived artifact names and paths, shared by the operator and the validator. */
class ArtifactNamingTest {

  @Test
  void anArtifactIsNamedAfterSourceVariantAndComponentWithDotsAsDashes() {
    assertThat(ArtifactNaming.artifactName("cozystack.postgres-application", "default", "postgres"))
        .isEqualTo("cozystack-postgres-application-default-postgres");
    assertThat(ArtifactNaming.artifactName("acme.web", "v1.2", "app.rd"))
        .isEqualTo("acme-web-v1-2-app-rd");
  }

  @Test
  void everyComponentWithAPathOfEveryVariantDerivesOneName() {
    PackageSource source = new PackageSource();
    source.setMetadata(new ObjectMetaBuilder().withName("acme.db").build());
    source.setSpec(
        new PackageSourceSpec(
            null,
            List.of(
                new Variant(
                    "default",
                    null,
                    null,
                    List.of(
                        new Component("db", "charts/db", null, null, null),
                        new Component("hook", null, null, null, null))),
                new Variant(
                    "ha", null, null, List.of(new Component("db", "charts/db", null, null, null)))),
            null));

    assertThat(ArtifactNaming.artifactNames(source))
        .containsExactly("acme-db-default-db", "acme-db-ha-db");
    source.setSpec(null);
    assertThat(ArtifactNaming.artifactNames(source)).isEmpty();
  }

  @Test
  void pathsAreTrimmedAndTheBasePathDefaultsPerSourceKind() {
    assertThat(
            ArtifactNaming.basePath(
                new PackageSourceRef(PackageSourceRef.SourceKind.OCIRepository, "r", "ns", null)))
        .isEmpty();
    assertThat(
            ArtifactNaming.basePath(
                new PackageSourceRef(PackageSourceRef.SourceKind.GitRepository, "r", "ns", null)))
        .isEqualTo("packages");
    assertThat(
            ArtifactNaming.basePath(
                new PackageSourceRef(PackageSourceRef.SourceKind.GitRepository, "r", "ns", "/")))
        .isEmpty();
    assertThat(ArtifactNaming.lastSegment("/library/cozy-lib/")).isEqualTo("cozy-lib");
    assertThat(ArtifactNaming.libraryName(new Library(null, "library/cozy-lib")))
        .isEqualTo("cozy-lib");
    assertThat(ArtifactNaming.libraryName(new Library("lib", "library/cozy-lib"))).isEqualTo("lib");
  }
}
