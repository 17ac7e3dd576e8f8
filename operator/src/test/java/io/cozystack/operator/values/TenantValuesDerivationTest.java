package io.cozystack.operator.values;

import static org.assertj.core.api.Assertions.assertThat;

import io.cozystack.api.values.NamespaceValues;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The inheritance rules of the tenant tree (root, child, grandchild, own modules or not). */
class TenantValuesDerivationTest {

  private static TenantNode tenant(String parent, String name) {
    return new TenantNode(parent, name, null, false, false, null, false, false, null, false);
  }

  @Test
  void tenantRootProvidesEveryModuleAndTheGatewayOnlyWhenEnabled() {
    NamespaceValues root =
        TenantValuesDerivation.derive("example.org", false, List.of())
            .byNamespace()
            .get("tenant-root");
    NamespaceValues withGateway =
        TenantValuesDerivation.derive("example.org", true, List.of())
            .byNamespace()
            .get("tenant-root");

    assertThat(root)
        .isEqualTo(
            new NamespaceValues(
                "example.org",
                "tenant-root",
                "tenant-root",
                "",
                "tenant-root",
                "tenant-root",
                null,
                ""));
    assertThat(withGateway.gateway()).isEqualTo("tenant-root");
  }

  @Test
  void aChildWithoutModulesInheritsEveryProviderAndDerivesItsHost() {
    NamespaceValues foo =
        TenantValuesDerivation.derive("example.org", false, List.of(tenant("tenant-root", "foo")))
            .byNamespace()
            .get("tenant-foo");

    assertThat(foo)
        .isEqualTo(
            new NamespaceValues(
                "foo.example.org",
                "tenant-root",
                "tenant-root",
                "",
                "tenant-root",
                "tenant-root",
                null,
                ""));
  }

  @Test
  void aGrandchildInheritsFromItsParentWhatTheParentRunsItself() {
    TenantNode foo =
        new TenantNode("tenant-root", "foo", null, true, false, true, false, true, "gold", false);
    TenantNode bar =
        new TenantNode("tenant-foo", "bar", null, false, true, null, false, false, "silver", false);

    var derived = TenantValuesDerivation.derive("example.org", false, List.of(bar, foo));
    NamespaceValues grandchild = derived.byNamespace().get("tenant-foo-bar");

    assertThat(grandchild.host()).isEqualTo("bar.foo.example.org");
    assertThat(grandchild.etcd()).isEqualTo("tenant-foo");
    assertThat(grandchild.ingress()).isEqualTo("tenant-foo-bar");
    assertThat(grandchild.gateway()).isEqualTo("tenant-foo");
    assertThat(grandchild.monitoring()).isEqualTo("tenant-root");
    assertThat(grandchild.seaweedfs()).isEqualTo("tenant-foo");
    assertThat(grandchild.schedulingClass())
        .as("the parent's scheduling class wins")
        .isEqualTo("gold", false);
  }

  @Test
  void aComputePlaneServesOnlyItsOwnTenantNeverAChild() {
    TenantNode foo =
        new TenantNode("tenant-root", "foo", null, false, false, null, false, false, null, true);
    var derived =
        TenantValuesDerivation.derive(
            "example.org", false, List.of(foo, tenant("tenant-foo", "bar")));

    assertThat(derived.byNamespace().get("tenant-foo").computeplane()).isEqualTo("tenant-foo");
    assertThat(derived.byNamespace().get("tenant-foo-bar").computeplane())
        .as("single-tenant: the child does not inherit its parent's ComputePlane")
        .isEmpty();
    assertThat(derived.byNamespace().get("tenant-root").computeplane()).isEmpty();
  }

  @Test
  void anOwnHostIsKeptAndChildrenDeriveFromIt() {
    TenantNode acme =
        new TenantNode(
            "tenant-root", "acme", "acme.io", false, false, null, false, false, null, false);
    var derived =
        TenantValuesDerivation.derive(
            "example.org", false, List.of(acme, tenant("tenant-acme", "web")));

    assertThat(derived.byNamespace().get("tenant-acme").host()).isEqualTo("acme.io");
    assertThat(derived.byNamespace().get("tenant-acme-web").host()).isEqualTo("web.acme.io");
  }

  @Test
  void withoutARootHostChildrenGetAnEmptyHost() {
    var derived = TenantValuesDerivation.derive(null, false, List.of(tenant("tenant-root", "foo")));

    assertThat(derived.byNamespace().get("tenant-foo").host()).isEmpty();
  }

  @Test
  void aTenantWhoseParentIsUnknownIsReportedNotGuessed() {
    var derived =
        TenantValuesDerivation.derive(
            "example.org", false, List.of(tenant("tenant-ghost", "lost")));

    assertThat(derived.byNamespace()).containsOnlyKeys("tenant-root");
    assertThat(derived.orphans()).containsExactly("tenant-ghost/lost");
  }

  @Test
  void theRootTenantObjectIsTenantRootItself() {
    var derived =
        TenantValuesDerivation.derive("example.org", false, List.of(tenant("tenant-root", "root")));

    assertThat(derived.byNamespace()).containsOnlyKeys("tenant-root");
    assertThat(derived.orphans()).isEmpty();
  }
}
