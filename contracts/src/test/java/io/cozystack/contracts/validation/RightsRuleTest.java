package io.cozystack.contracts.validation;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The catalog's declared rights (spec.rights): what its charts render, rendered by the real Helm,
 * must be declared; what no catalog may hold is refused in the declaration. Each test breaks one
 * thing in a copy of the good fixture.
 */
class RightsRuleTest {
  static final String SOURCE = "sources/postgres-application.yaml";
  static final String CLUSTER_KIND = "      - {apiGroup: postgresql.cnpg.io, kind: Cluster}\n";

  @TempDir Path dir;

  private List<Finding> validate(CatalogFixture fixture) throws Exception {
    return CatalogValidator.validate(fixture.root);
  }

  /** Replaces a line of spec.rights in catalog.yaml and in the source's copy alike. */
  private CatalogFixture rights(String from, String to) {
    return CatalogFixture.copy(dir)
        .edit("catalog.yaml", from, to)
        .edit(SOURCE, from.replace("\n      ", "\n        ").indent(2), to.indent(2));
  }

  @Test
  void theGoodFixtureDeclaresEverythingItRenders() throws Exception {
    assertThat(validate(CatalogFixture.copy(dir))).isEmpty();
  }

  @Test
  void aRenderedKindTheCatalogDidNotDeclareIsNamedWithTheObject() throws Exception {
    var findings = validate(rights(CLUSTER_KIND, ""));

    assertThat(findings)
        .singleElement()
        .satisfies(f -> assertThat(f.rule()).isEqualTo("declared-rights"))
        .satisfies(f -> assertThat(f.file()).isEqualTo("charts/postgres"))
        .satisfies(
            f ->
                assertThat(f.message())
                    .contains("renders Cluster.postgresql.cnpg.io postgres-validate")
                    .contains("does not declare"))
        .satisfies(
            f ->
                assertThat(f.fix())
                    .contains("{apiGroup: \"postgresql.cnpg.io\", kind: Cluster}")
                    .contains("spec.rights.namespaced"));
  }

  @Test
  void aClusterRoleBindingIsNeverGrantedWhateverTheCatalogDeclares() throws Exception {
    var findings =
        validate(
            rights(
                CLUSTER_KIND,
                CLUSTER_KIND
                    + "      - {apiGroup: rbac.authorization.k8s.io, kind: ClusterRoleBinding}\n"));

    assertThat(findings)
        .singleElement()
        .satisfies(f -> assertThat(f.rule()).isEqualTo("declared-rights"))
        .satisfies(f -> assertThat(f.file()).isEqualTo("catalog.yaml"))
        .satisfies(
            f ->
                assertThat(f.message())
                    .contains("ClusterRoleBinding.rbac.authorization.k8s.io")
                    .contains("no catalog is granted"));
  }

  @Test
  void aCrdOfAGroupTheCatalogDidNotDeclareIsRefused() throws Exception {
    var fixture =
        CatalogFixture.copy(dir)
            .write(
                "charts/postgres/templates/crd.yaml",
                """
                apiVersion: apiextensions.k8s.io/v1
                kind: CustomResourceDefinition
                metadata: {name: tenants.apps.cozystack.io}
                spec: {group: apps.cozystack.io}
                """);

    assertThat(validate(fixture))
        .singleElement()
        .satisfies(f -> assertThat(f.rule()).isEqualTo("declared-rights"))
        .satisfies(
            f ->
                assertThat(f.message())
                    .contains("CustomResourceDefinition tenants.apps.cozystack.io")
                    .contains("of group apps.cozystack.io"));
  }

  @Test
  void aPlatformGroupCannotBeDeclaredForCrds() throws Exception {
    var findings =
        validate(
            rights(
                "    namespaced:\n",
                "    customResourceGroups: [apps.cozystack.io]\n    namespaced:\n"));

    assertThat(findings)
        .singleElement()
        .satisfies(f -> assertThat(f.rule()).isEqualTo("declared-rights"))
        .satisfies(f -> assertThat(f.message()).contains("an API group of the platform's"));
  }

  @Test
  void aComponentInstallingIntoAnUndeclaredNamespaceIsNamed() throws Exception {
    var findings =
        validate(
            CatalogFixture.copy(dir)
                .edit(
                    SOURCE,
                    "namespace: cozy-system\n            releaseName: postgres-rd",
                    "namespace: acme-system\n            releaseName: postgres-rd"));

    assertThat(findings)
        .filteredOn(f -> f.rule().equals("declared-rights"))
        .singleElement()
        .satisfies(f -> assertThat(f.file()).isEqualTo(SOURCE))
        .satisfies(
            f ->
                assertThat(f.message())
                    .contains("installs into namespace acme-system")
                    .contains("spec.rights.namespaces"));
  }

  @Test
  void aNamespaceOfKubernetesOrThePlatformCannotBeDeclared() throws Exception {
    var findings =
        validate(rights("    namespaced:\n", "    namespaces: [kube-system]\n    namespaced:\n"));

    assertThat(findings)
        .singleElement()
        .satisfies(f -> assertThat(f.rule()).isEqualTo("declared-rights"))
        .satisfies(f -> assertThat(f.file()).isEqualTo("catalog.yaml"))
        .satisfies(
            f ->
                assertThat(f.message())
                    .contains("spec.rights.namespaces lists kube-system")
                    .contains("never granted rights"));
  }

  @Test
  void anInstalledChartThatDoesNotRenderCannotBeCheckedAndSaysSo() throws Exception {
    var fixture =
        CatalogFixture.copy(dir)
            .write("charts/catalog/Chart.yaml", "apiVersion: v2\nname: catalog\nversion: 1.0.0\n")
            .write("charts/catalog/templates/x.yaml", "{{ fail \"no\" }}\n");

    assertThat(validate(fixture))
        .singleElement()
        .satisfies(f -> assertThat(f.rule()).isEqualTo("declared-rights"))
        .satisfies(f -> assertThat(f.file()).isEqualTo("charts/catalog"))
        .satisfies(f -> assertThat(f.message()).contains("cannot be checked").contains("no"));
  }

  @Test
  void aSourceWhoseRightsDifferFromTheManifestIsNamed() throws Exception {
    var findings =
        validate(CatalogFixture.copy(dir).edit(SOURCE, "kind: Cluster}", "kind: Pooler}"));

    assertThat(findings)
        .singleElement()
        .satisfies(f -> assertThat(f.rule()).isEqualTo("source-catalog"))
        .satisfies(f -> assertThat(f.message()).contains("spec.catalog.rights"))
        .satisfies(
            f ->
                assertThat(f.message())
                    .as("shown as the author wrote it, not as Java prints a record")
                    .contains("{\"apiGroup\":\"postgresql.cnpg.io\",\"kind\":\"Pooler\"}")
                    .doesNotContain("Kind[", "=null"));
  }
}
