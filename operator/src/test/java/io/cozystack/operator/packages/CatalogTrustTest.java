package io.cozystack.operator.packages;

import static org.assertj.core.api.Assertions.assertThat;

import io.cozystack.api.v1alpha1.PackageSource;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** A catalog is its Flux source; trusted only when the operator's configuration names it. */
class CatalogTrustTest {

  private static PackageSource source(String fluxSource, String catalog) {
    return Fixtures.yaml(
        """
        apiVersion: cozystack.io/v1alpha1
        kind: PackageSource
        metadata: {name: x}
        spec:
          sourceRef: {kind: OCIRepository, name: %s, namespace: cozy-system, path: /}
          %s
        """
            .formatted(
                fluxSource,
                catalog == null
                    ? ""
                    : "catalog: {name: "
                        + catalog
                        + ", version: 1.0.0, minPlatformVersion: 0.1.0, contractVersion: 1}"),
        PackageSource.class);
  }

  @Test
  void thePlatformsOwnSourcesAreTrustedByDefaultAndNothingElse() {
    CatalogTrust trust = CatalogTrust.platformDefaults();

    assertThat(trust.of(source("cozystack-services", "cozystack.services")))
        .hasValueSatisfying(v -> assertThat(v.trusted()).isTrue());
    assertThat(trust.of(source("acme-apps", "acme.apps")))
        .hasValueSatisfying(
            v -> {
              assertThat(v.trusted()).isFalse();
              assertThat(v.serviceAccount()).isEqualTo("cozy-catalog-acme-apps");
              assertThat(v.message())
                  .contains("catalog acme.apps (source acme-apps) is not trusted");
            });
  }

  @Test
  void aCatalogClaimingAPlatformNameIsJudgedByItsSource() {
    assertThat(CatalogTrust.platformDefaults().of(source("acme-apps", "cozystack.services")))
        .hasValueSatisfying(v -> assertThat(v.trusted()).isFalse());
  }

  @Test
  void aSourceNameTooLongForItsNamespaceIsAProblemNamingTheFix() {
    String name = "a".repeat(51);

    assertThat(CatalogTrust.platformDefaults().of(source(name, null)).orElseThrow().problem())
        .hasValueSatisfying(p -> assertThat(p).contains("longer than 50 characters"));
    assertThat(
            CatalogTrust.platformDefaults()
                .of(source("a".repeat(50), null))
                .orElseThrow()
                .problem())
        .isEmpty();
  }

  @Test
  void anEmptyConfigurationTrustsNone() {
    assertThat(new CatalogTrust(Set.of()).of(source("cozystack-platform", null)))
        .hasValueSatisfying(
            v -> {
              assertThat(v.trusted()).isFalse();
              assertThat(v.catalog()).isEqualTo("cozystack-platform");
            });
  }
}
