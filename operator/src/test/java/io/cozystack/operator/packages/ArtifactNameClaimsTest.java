package io.cozystack.operator.packages;

import static org.assertj.core.api.Assertions.assertThat;

import io.cozystack.api.v1alpha1.PackageSource;
import java.util.List;
import org.junit.jupiter.api.Test;

class ArtifactNameClaimsTest {

  @Test
  void dotAndDashSourcesCollideAndTheOlderOneKeepsTheName() {
    PackageSource dotted = source("acme.web", "2026-01-01T00:00:00Z", "default", "app");
    PackageSource dashed = source("acme-web", "2026-01-02T00:00:00Z", "default", "app");

    ArtifactNameClaims claims = ArtifactNameClaims.of(List.of(dashed, dotted));

    assertThat(claims.collisionOf("acme.web")).isEmpty();
    var collision = claims.collisionOf("acme-web").orElseThrow();
    assertThat(collision.artifactNames()).containsExactly("acme-web-default-app");
    assertThat(collision.holders()).containsExactly("acme.web");
    assertThat(collision.message("acme-web"))
        .contains("acme-web-default-app")
        .contains("already derived by acme.web");
    assertThat(claims.sourcesSharingNamesWith(dotted)).containsExactly("acme-web");
  }

  @Test
  void variantsOfOneSourceThatDeriveTheSameNameAreACollision() {
    PackageSource source =
        Fixtures.yaml(
            """
            apiVersion: cozystack.io/v1alpha1
            kind: PackageSource
            metadata: {name: acme}
            spec:
              sourceRef: {kind: OCIRepository, name: s, namespace: cozy-system}
              variants:
                - {name: v.1, components: [{name: app, path: a}]}
                - {name: v-1, components: [{name: app, path: a}]}
            """,
            PackageSource.class);

    var collision = ArtifactNameClaims.of(List.of(source)).collisionOf("acme").orElseThrow();

    assertThat(collision.artifactNames()).containsExactly("acme-v-1-app");
    assertThat(collision.holders()).singleElement().asString().contains("acme itself");
  }

  @Test
  void aSourceThatAlreadyGeneratesKeepsItsNamesEvenIfCreatedInTheSameSecond() {
    PackageSource dotted = source("acme.web", "2026-01-01T00:00:00Z", "default", "app");
    PackageSource dashed = source("acme-web", "2026-01-01T00:00:00Z", "default", "app");

    ArtifactNameClaims byName = ArtifactNameClaims.of(List.of(dotted, dashed));
    ArtifactNameClaims byGenerator =
        ArtifactNameClaims.of(List.of(dotted, dashed), java.util.Set.of("acme.web"));

    assertThat(byName.collisionOf("acme.web")).isPresent();
    assertThat(byGenerator.collisionOf("acme.web")).isEmpty();
    assertThat(byGenerator.collisionOf("acme-web")).isPresent();
  }

  @Test
  void distinctNamesDoNotCollide() {
    ArtifactNameClaims claims =
        ArtifactNameClaims.of(
            List.of(
                source("acme.web", "2026-01-01T00:00:00Z", "default", "app"),
                source("acme.db", "2026-01-01T00:00:00Z", "default", "app")));
    assertThat(claims.collisionOf("acme.web")).isEmpty();
    assertThat(claims.collisionOf("acme.db")).isEmpty();
  }

  static PackageSource source(String name, String created, String variant, String component) {
    return Fixtures.yaml(
        """
        apiVersion: cozystack.io/v1alpha1
        kind: PackageSource
        metadata: {name: %s, creationTimestamp: "%s"}
        spec:
          sourceRef: {kind: OCIRepository, name: s, namespace: cozy-system}
          variants: [{name: %s, components: [{name: %s, path: apps/%s}]}]
        """
            .formatted(name, created, variant, component, component),
        PackageSource.class);
  }
}
