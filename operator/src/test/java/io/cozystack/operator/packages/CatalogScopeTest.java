package io.cozystack.operator.packages;

import static org.assertj.core.api.Assertions.assertThat;

import io.cozystack.api.v1alpha1.Package;
import io.cozystack.api.v1alpha1.PackageSource;
import io.cozystack.operator.flux.HelmRelease;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * Who created a PackageSource or Package, from the release helm-controller labels it with: a
 * catalog's release may create only those of its own source.
 */
class CatalogScopeTest {
  /**
   * helm-controller's releases: evil-system/evil's carries the catalog label, the platform's not.
   */
  static final Function<String[], Optional<HelmRelease>> RELEASES =
      key ->
          Optional.ofNullable(
              Map.of(
                      "cozy-system/evil-apps-catalog",
                          release(Map.of(CatalogTrust.SOURCE_LABEL, "evil-apps")),
                      "cozy-system/cozystack-platform", release(Map.of()))
                  .get(key[0] + "/" + key[1]));

  private static HelmRelease release(Map<String, String> labels) {
    HelmRelease r = new HelmRelease();
    r.setMetadata(
        new io.fabric8.kubernetes.api.model.ObjectMetaBuilder().withLabels(labels).build());
    return r;
  }

  private static PackageSource source(String reads, String createdBy) {
    return Fixtures.yaml(
        """
        apiVersion: cozystack.io/v1alpha1
        kind: PackageSource
        metadata:
          name: cozystack.hidden-application
          labels: {helm.toolkit.fluxcd.io/name: %s, helm.toolkit.fluxcd.io/namespace: cozy-system}
        spec:
          sourceRef: {kind: OCIRepository, name: %s, namespace: cozy-system, path: /}
        """
            .formatted(createdBy, reads),
        PackageSource.class);
  }

  private static Package pkg(String createdBy) {
    return Fixtures.yaml(
        """
        apiVersion: cozystack.io/v1alpha1
        kind: Package
        metadata:
          name: cozystack.hidden-application
          labels: {helm.toolkit.fluxcd.io/name: %s, helm.toolkit.fluxcd.io/namespace: cozy-system}
        spec: {variant: default}
        """
            .formatted(createdBy),
        Package.class);
  }

  @Test
  void aSourceACatalogCreatesForAnotherCatalogsSourceNamesItsCreator() {
    assertThat(
            CatalogScope.foreignCreator(
                source("cozystack-platform", "evil-apps-catalog"), RELEASES))
        .hasValue("evil-apps");
    assertThat(CatalogScope.foreignCreator(source("evil-apps", "evil-apps-catalog"), RELEASES))
        .isEmpty();
  }

  @Test
  void aPackageACatalogCreatesForATrustedSourceNamesItsCreator() {
    PackageSource trusted = source("cozystack-platform", "cozystack-platform");

    assertThat(CatalogScope.foreignCreator(trusted, RELEASES)).as("the platform's own").isEmpty();
    assertThat(CatalogScope.foreignCreator(pkg("evil-apps-catalog"), trusted, RELEASES))
        .hasValue("evil-apps");
    assertThat(CatalogScope.foreignCreator(pkg("cozystack-platform"), trusted, RELEASES)).isEmpty();
  }
}
