package io.cozystack.operator.packages;

import static org.assertj.core.api.Assertions.assertThat;

import io.cozystack.api.catalog.CatalogRights;
import io.cozystack.api.catalog.CatalogRights.Kind;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.rbac.ClusterRole;
import io.fabric8.kubernetes.api.model.rbac.ClusterRoleBinding;
import io.fabric8.kubernetes.api.model.rbac.PolicyRule;
import io.fabric8.kubernetes.api.model.rbac.RoleBinding;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The RBAC of a catalog the platform does not trust: exactly what it declares, nothing more. */
class CatalogRbacRendererTest {
  static final CatalogTrust.Verdict ACME =
      new CatalogTrust.Verdict(false, "acme-apps", "acme.apps");

  static final CatalogRights RIGHTS =
      new CatalogRights(
          List.of("acme-system"),
          List.of(
              new Kind("cozystack.io", "ApplicationDefinition", null),
              new Kind("rbac.authorization.k8s.io", "ClusterRoleBinding", null)),
          List.of(
              new Kind("", "ConfigMap", null),
              new Kind("networking.k8s.io", "Ingress", null),
              new Kind("helm.toolkit.fluxcd.io", "HelmRelease", null)),
          List.of("web.acme.example.com", "apps.cozystack.io"));

  private static List<HasMetadata> objects() {
    return CatalogRbacRenderer.render(ACME, RIGHTS, Set.of("cozy-system", "acme-system"));
  }

  private static <T> T named(Class<T> type, String name, String namespace) {
    return objects().stream()
        .filter(type::isInstance)
        .filter(o -> o.getMetadata().getName().equals(name))
        .filter(o -> java.util.Objects.equals(o.getMetadata().getNamespace(), namespace))
        .map(type::cast)
        .findFirst()
        .orElseThrow(() -> new AssertionError(type.getSimpleName() + " " + name + " missing"));
  }

  @Test
  void theClusterRoleGrantsTheDeclaredKindsSourcesAndCrdsButNeverRbacOrEscalation() {
    ClusterRole role = named(ClusterRole.class, "cozy-catalog-acme-apps:cluster", null);

    assertThat(role.getRules())
        .extracting(
            r ->
                r.getApiGroups().get(0)
                    + " "
                    + r.getResources()
                    + " "
                    + r.getResourceNames()
                    + " "
                    + r.getVerbs())
        .containsExactly(
            "cozystack.io [applicationdefinitions, packages, packagesources] [] "
                + "[get, list, watch, create, update, patch, delete]",
            "apiextensions.k8s.io [customresourcedefinitions] [] "
                + "[get, list, watch, create, update, patch, delete]");
    assertThat(role.getRules())
        .flatExtracting(PolicyRule::getVerbs)
        .doesNotContain("escalate", "bind", "impersonate", "*");
  }

  @Test
  void namespacedRightsAreBoundInDeclaredNamespacesButNeverInCozySystemNorFluxKinds() {
    ClusterRole role = named(ClusterRole.class, "cozy-catalog-acme-apps:namespaced", null);
    assertThat(role.getRules())
        .extracting(r -> r.getApiGroups().get(0) + " " + r.getResources())
        .containsExactly(" [configmaps]", "networking.k8s.io [ingresses]");

    RoleBinding binding = named(RoleBinding.class, "cozy-catalog-acme-apps", "acme-system");
    assertThat(binding.getRoleRef().getName()).isEqualTo("cozy-catalog-acme-apps:namespaced");
    assertThat(objects())
        .filteredOn(o -> o instanceof RoleBinding)
        .extracting(o -> o.getMetadata().getNamespace())
        .doesNotContain("cozy-system");
  }

  @Test
  void everyReleaseNamespaceHasTheAccountAndTheClusterBindingNamesEach() {
    ClusterRoleBinding binding = named(ClusterRoleBinding.class, "cozy-catalog-acme-apps", null);

    assertThat(binding.getSubjects())
        .extracting(s -> s.getNamespace() + "/" + s.getName())
        .containsExactly(
            "acme-system/cozy-catalog-acme-apps", "cozy-system/cozy-catalog-acme-apps");
  }

  @Test
  void secretsOnlyInTheCatalogsOwnStorageNamespace() {
    RoleBinding storage =
        named(RoleBinding.class, "cozy-catalog-acme-apps:helm-storage", "cozy-catalog-acme-apps");

    assertThat(storage.getRoleRef().getName()).isEqualTo("cozy-catalog-acme-apps:helm-storage");
    assertThat(objects())
        .filteredOn(o -> o instanceof RoleBinding)
        .filteredOn(o -> ((RoleBinding) o).getRoleRef().getName().endsWith(":helm-storage"))
        .extracting(o -> o.getMetadata().getNamespace())
        .containsExactly("cozy-catalog-acme-apps");
  }

  @Test
  void theAdmissionPolicyAllowsOnlyTheDeclaredGroupsNeverThePlatforms() {
    HasMetadata policy =
        objects().stream()
            .filter(o -> o.getKind().equals("ValidatingAdmissionPolicy"))
            .findFirst()
            .orElseThrow();
    String yaml = io.fabric8.kubernetes.client.utils.Serialization.asYaml(policy);

    assertThat(yaml)
        .contains("in ['web.acme.example.com']")
        .doesNotContain("apps.cozystack.io")
        .contains(":cozy-catalog-acme-apps");
  }

  @Test
  void anInstanceGetsTheNamespacedRightsAndItsHistoryInItsNamespaceOnly() {
    List<HasMetadata> access = CatalogRbacRenderer.instanceAccess(ACME, "tenant-a");

    assertThat(access)
        .extracting(
            o ->
                o.getKind()
                    + " "
                    + o.getMetadata().getNamespace()
                    + "/"
                    + o.getMetadata().getName())
        .containsExactly(
            "ServiceAccount tenant-a/cozy-catalog-acme-apps",
            "RoleBinding tenant-a/cozy-catalog-acme-apps",
            "RoleBinding tenant-a/cozy-catalog-acme-apps:helm-storage");
    assertThat(access)
        .filteredOn(o -> o instanceof ClusterRoleBinding)
        .as("no cluster-scoped right for instances")
        .isEmpty();
  }

  @Test
  void noAccountOrBindingLandsInANamespaceTheCatalogDidNotDeclareOrThePlatformReserves() {
    CatalogRights claimsKubeSystem =
        new CatalogRights(
            List.of("acme-system", "kube-system"),
            RIGHTS.clusterScoped(),
            RIGHTS.namespaced(),
            RIGHTS.customResourceGroups());

    List<HasMetadata> objects =
        CatalogRbacRenderer.render(
            ACME,
            claimsKubeSystem,
            Set.of("cozy-system", "acme-system", "kube-system", "other-system", "tenant-root"));

    assertThat(objects)
        .filteredOn(o -> o.getMetadata().getNamespace() != null)
        .extracting(o -> o.getMetadata().getNamespace())
        .containsOnly("cozy-system", "acme-system", "cozy-catalog-acme-apps");
    assertThat(objects)
        .filteredOn(ClusterRoleBinding.class::isInstance)
        .flatExtracting(o -> ((ClusterRoleBinding) o).getSubjects())
        .extracting(io.fabric8.kubernetes.api.model.rbac.Subject::getNamespace)
        .containsExactlyInAnyOrder("acme-system", "cozy-system");
  }
}
