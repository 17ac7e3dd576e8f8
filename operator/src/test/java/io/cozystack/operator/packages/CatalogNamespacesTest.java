package io.cozystack.operator.packages;

import static org.assertj.core.api.Assertions.assertThat;

import io.cozystack.api.catalog.CatalogRights;
import io.cozystack.operator.flux.HelmRelease;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * A Package of a catalog the platform does not trust installs only into cozy-system and the
 * namespaces the catalog declares, never into one of Kubernetes' or the platform's.
 */
class CatalogNamespacesTest {
  static final CatalogTrust.Verdict UNTRUSTED =
      new CatalogTrust.Verdict(false, "evil-apps", "evil.tools");
  static final CatalogTrust.Verdict TRUSTED =
      new CatalogTrust.Verdict(true, "cozystack-platform", "cozystack.platform");
  static final CatalogRights RIGHTS =
      new CatalogRights(List.of("evil-system", "kube-system"), List.of(), List.of(), List.of());

  @Test
  void cozySystemAndDeclaredNamespacesAreInstalled() {
    PackagePlan plan =
        plan(release("rd", "cozy-system", null), release("app", "evil-system", null));

    assertThat(CatalogNamespaces.bound(plan, UNTRUSTED, RIGHTS)).isSameAs(plan);
  }

  @Test
  void anUndeclaredNamespaceIsRefusedNamingComponentNamespaceAndFix() {
    PackagePlan plan = plan(release("rd", "cozy-system", null), release("app", "other", null));

    assertThat(CatalogNamespaces.bound(plan, UNTRUSTED, RIGHTS))
        .isInstanceOfSatisfying(
            PackagePlan.Blocked.class,
            blocked -> {
              assertThat(blocked.reason()).isEqualTo("NamespaceNotGranted");
              assertThat(blocked.terminal()).isTrue();
              assertThat(blocked.message())
                  .contains("component app of catalog source evil-apps")
                  .contains("installs into namespace other")
                  .contains(
                      "not in the catalog's spec.rights.namespaces [evil-system, kube-system]")
                  .contains("--trusted-catalog-sources");
            });
  }

  @Test
  void aReservedNamespaceIsRefusedEvenWhenDeclaredAndEvenAsTargetNamespace() {
    for (PackagePlan plan :
        List.of(
            plan(release("sys", "kube-system", null)),
            plan(release("sys", "evil-system", "kube-system")),
            plan(release("sys", "default", null)),
            plan(release("sys", "tenant-root", null)),
            plan(release("sys", "cozy-catalog-acme-apps", null)))) {
      assertThat(CatalogNamespaces.bound(plan, UNTRUSTED, RIGHTS))
          .isInstanceOfSatisfying(
              PackagePlan.Blocked.class,
              blocked ->
                  assertThat(blocked.message())
                      .contains("a namespace of Kubernetes or the platform"));
    }
  }

  @Test
  void aTrustedCatalogIsNotBounded() {
    PackagePlan plan = plan(release("sys", "kube-system", null));

    assertThat(CatalogNamespaces.bound(plan, TRUSTED, RIGHTS)).isSameAs(plan);
  }

  private static PackagePlan plan(PackagePlan.DesiredRelease... releases) {
    return new PackagePlan.Ready("default", List.of(releases), Set.of(), Map.of());
  }

  private static PackagePlan.DesiredRelease release(
      String component, String namespace, String target) {
    HelmRelease release =
        Serialization.unmarshal(
            """
            apiVersion: helm.toolkit.fluxcd.io/v2
            kind: HelmRelease
            metadata: {name: %s, namespace: %s}
            spec:
              chartRef: {kind: ExternalArtifact, name: x, namespace: cozy-system}
            %s
            """
                .formatted(
                    component, namespace, target == null ? "" : "  targetNamespace: " + target),
            HelmRelease.class);
    return new PackagePlan.DesiredRelease(component, release, null);
  }
}
