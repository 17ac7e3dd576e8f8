package io.cozystack.contracts.validation;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The catalog's PackageSources: each a valid source reading the published catalog, every path it
 * copies present, every chartRef one of its artifacts, every definition installed by an -rd chart.
 * Each test breaks one thing in a copy of the good fixture.
 */
class SourceRulesTest {
  static final String SOURCE = "sources/postgres-application.yaml";
  static final String DEFINITION = "charts/postgres-rd/cozyrds/postgres.yaml";

  @TempDir Path dir;

  private CatalogFixture fixture() {
    return CatalogFixture.copy(dir);
  }

  private static List<Finding> validate(CatalogFixture fixture) throws Exception {
    return CatalogValidator.validate(fixture.root);
  }

  @Test
  void aChartRefThatNoSourceDerivesIsNamedWithTheArtifactOfTheChart() throws Exception {
    var findings =
        validate(
            fixture()
                .edit(
                    DEFINITION,
                    "name: acme-postgres-application-default-postgres",
                    "name: acme-postgres-application-default-postgresql"));

    assertThat(findings)
        .singleElement()
        .satisfies(f -> assertThat(f.rule()).isEqualTo("chart-ref"))
        .satisfies(f -> assertThat(f.file()).isEqualTo(DEFINITION))
        .satisfies(f -> assertThat(f.line()).isEqualTo(13))
        .satisfies(
            f ->
                assertThat(f.message())
                    .contains("acme-postgres-application-default-postgresql")
                    .contains("no PackageSource of the catalog derives"))
        .satisfies(
            f ->
                assertThat(f.fix())
                    .contains("acme-postgres-application-default-postgres,")
                    .contains("component postgres of variant default"));
  }

  @Test
  void aChartRefToAnotherComponentsArtifactIsNotTheApplicationsChart() throws Exception {
    var findings =
        validate(
            fixture()
                .edit(
                    DEFINITION,
                    "name: acme-postgres-application-default-postgres,",
                    "name: acme-postgres-application-default-postgres-rd,"));

    assertThat(findings)
        .singleElement()
        .satisfies(f -> assertThat(f.rule()).isEqualTo("chart-ref"))
        .satisfies(
            f ->
                assertThat(f.message())
                    .contains(
                        "copies charts/postgres-rd, not the application's chart charts/postgres"));
  }

  @Test
  void aChartRefOutsideCozySystemIsRefused() throws Exception {
    var findings =
        validate(fixture().edit(DEFINITION, "namespace: cozy-system", "namespace: acme"));

    assertThat(findings)
        .singleElement()
        .satisfies(f -> assertThat(f.rule()).isEqualTo("chart-ref"))
        .satisfies(f -> assertThat(f.message()).contains("ExternalArtifacts in cozy-system"));
  }

  @Test
  void aComponentPathThatDoesNotExistIsFoundAtItsLine() throws Exception {
    var findings =
        validate(fixture().edit(SOURCE, "path: charts/postgres\n", "path: apps/postgres\n"));

    assertThat(findings)
        .extracting(Finding::rule)
        .contains("source-path")
        .doesNotContain("package-source");
    assertThat(findings)
        .filteredOn(f -> f.rule().equals("source-path"))
        .singleElement()
        .satisfies(f -> assertThat(f.file()).isEqualTo(SOURCE))
        .satisfies(f -> assertThat(f.line()).isEqualTo(32))
        .satisfies(f -> assertThat(f.message()).contains("apps/postgres"));
    // The chartRef's component now copies another directory than the application's chart.
    assertThat(findings)
        .filteredOn(f -> f.rule().equals("chart-ref"))
        .singleElement()
        .satisfies(f -> assertThat(f.message()).contains("not the application's chart"));
  }

  @Test
  void aLibraryPathIsTheBundledCozyLibOrAChartOfTheCatalog() throws Exception {
    var findings = validate(fixture().edit(SOURCE, "path: library/cozy-lib", "path: lib/cozy-lib"));

    assertThat(findings)
        .singleElement()
        .satisfies(f -> assertThat(f.rule()).isEqualTo("source-path"))
        .satisfies(f -> assertThat(f.line()).isEqualTo(29))
        .satisfies(f -> assertThat(f.message()).contains("lib/cozy-lib/Chart.yaml"))
        .satisfies(f -> assertThat(f.fix()).contains("library/cozy-lib"));
  }

  @Test
  void aChartThatDependsOnCozyLibMustHaveItVendored() throws Exception {
    var undeclared =
        validate(
            CatalogFixture.copy(dir.resolve("undeclared"))
                .edit(SOURCE, "libraries: [\"cozy-lib\"]", "libraries: [\"cozy-libs\"]"));
    var notListed =
        validate(
            CatalogFixture.copy(dir.resolve("unlisted"))
                .edit(SOURCE, "          libraries: [\"cozy-lib\"]\n", ""));

    assertThat(undeclared)
        .extracting(Finding::message)
        .anySatisfy(m -> assertThat(m).contains("vendors library cozy-libs"))
        .anySatisfy(m -> assertThat(m).contains("depends on cozy-lib"));
    assertThat(notListed)
        .singleElement()
        .satisfies(f -> assertThat(f.rule()).isEqualTo("package-source"))
        .satisfies(f -> assertThat(f.message()).contains("depends on cozy-lib"))
        .satisfies(f -> assertThat(f.fix()).contains("libraries: [\"cozy-lib\"]"));
  }

  @Test
  void aDefinitionThatNoRdComponentInstallsIsFound() throws Exception {
    var findings =
        validate(
            fixture()
                .edit(
                    SOURCE,
                    "          install:\n            namespace: cozy-system\n"
                        + "            releaseName: postgres-rd\n",
                    ""));

    assertThat(findings)
        .singleElement()
        .satisfies(f -> assertThat(f.rule()).isEqualTo("rd-component"))
        .satisfies(f -> assertThat(f.file()).isEqualTo(DEFINITION))
        .satisfies(f -> assertThat(f.message()).contains("nothing installs"))
        .satisfies(f -> assertThat(f.fix()).contains("releaseName: postgres-rd"));
  }

  @Test
  void anRdChartThatDoesNotRenderTheDefinitionIsFound() throws Exception {
    var findings =
        validate(
            fixture()
                .edit(
                    "charts/postgres-rd/templates/cozyrds.yaml",
                    "\"cozyrds/*.yaml\"",
                    "\"definitions/*.yaml\""));

    assertThat(findings)
        .singleElement()
        .satisfies(f -> assertThat(f.rule()).isEqualTo("rd-component"))
        .satisfies(f -> assertThat(f.message()).contains("does not render " + DEFINITION));
  }

  @Test
  void anRdChartRendersOnlyListedDefinitions() throws Exception {
    var fixture = fixture();
    var extra =
        java.nio.file.Files.readString(fixture.root.resolve(DEFINITION))
            .replace("name: postgres\n", "name: mysql\n");
    java.nio.file.Files.writeString(
        fixture.root.resolve("charts/postgres-rd/cozyrds/mysql.yaml"), extra);

    assertThat(validate(fixture))
        .singleElement()
        .satisfies(f -> assertThat(f.rule()).isEqualTo("rd-component"))
        .satisfies(f -> assertThat(f.file()).isEqualTo("charts/postgres-rd"))
        .satisfies(f -> assertThat(f.message()).contains("ApplicationDefinition mysql"));
  }

  @Test
  void aDependencyTheCatalogDoesNotShipWouldWaitForever() throws Exception {
    var findings =
        validate(
            fixture()
                .edit(
                    SOURCE,
                    "    - name: default\n",
                    "    - name: default\n      dependsOn: [cozystack.postgres-operator]\n"));

    assertThat(findings)
        .singleElement()
        .satisfies(f -> assertThat(f.rule()).isEqualTo("package-source"))
        .satisfies(f -> assertThat(f.line()).isEqualTo(27))
        .satisfies(
            f ->
                assertThat(f.message())
                    .contains("cozystack.postgres-operator")
                    .contains("does not ship"));
  }

  @Test
  void aSourceThatDependsOnItselfIsACycle() throws Exception {
    var findings =
        validate(
            fixture()
                .edit(
                    SOURCE,
                    "    - name: default\n",
                    "    - name: default\n      dependsOn: [acme.postgres-application]\n"));

    assertThat(findings)
        .singleElement()
        .satisfies(f -> assertThat(f.message()).contains("depends on itself"));
  }

  @Test
  void specCatalogMustRepeatTheManifest() throws Exception {
    var drifted =
        validate(
            CatalogFixture.copy(dir.resolve("drifted"))
                .edit(SOURCE, "version: 1.2.0", "version: 1.1.0")
                .edit(SOURCE, "minVersion: \"1.32\"", "minVersion: \"1.30\""));
    var missing =
        validate(
            CatalogFixture.copy(dir.resolve("missing"))
                .edit(SOURCE, "  catalog:\n    name: acme.databases\n", "  x-catalog:\n"));

    assertThat(drifted)
        .extracting(Finding::rule)
        .containsExactly("source-catalog", "source-catalog");
    assertThat(drifted.get(0).message()).contains("spec.catalog.version").contains("1.2.0");
    assertThat(drifted.get(0).line()).isEqualTo(13);
    assertThat(drifted.get(1).message()).contains("spec.catalog.requires");
    assertThat(missing)
        .singleElement()
        .satisfies(f -> assertThat(f.rule()).isEqualTo("package-source"))
        .satisfies(f -> assertThat(f.message()).contains("x-catalog"));
  }

  @Test
  void aSourceWithoutSpecCatalogCannotBeJudged() throws Exception {
    var findings =
        validate(
            fixture()
                .edit(
                    SOURCE,
                    "  catalog:\n    name: acme.databases\n    version: 1.2.0\n"
                        + "    minPlatformVersion: 0.1.0\n    contractVersion: 1\n"
                        + "    requires:\n      - property: storage.defaultClass\n"
                        + "      - property: kubernetes.version\n        minVersion: \"1.32\"\n"
                        + "    rights:\n      clusterScoped:\n"
                        + "        - {apiGroup: cozystack.io, kind: ApplicationDefinition}\n"
                        + "      namespaced:\n"
                        + "        - {apiGroup: postgresql.cnpg.io, kind: Cluster}\n",
                    ""));

    assertThat(findings)
        .singleElement()
        .satisfies(f -> assertThat(f.rule()).isEqualTo("source-catalog"))
        .satisfies(f -> assertThat(f.message()).contains("no spec.catalog"));
  }

  @Test
  void theSourceReadsTheCatalogsOwnOciArtifactFromItsRoot() throws Exception {
    var findings =
        validate(
            fixture()
                .edit(SOURCE, "kind: OCIRepository", "kind: GitRepository")
                .edit(SOURCE, "path: /\n", "path: packages\n"));

    assertThat(findings)
        .singleElement()
        .satisfies(f -> assertThat(f.rule()).isEqualTo("package-source"))
        .satisfies(f -> assertThat(f.line()).isEqualTo(6))
        .satisfies(
            f ->
                assertThat(f.message())
                    .contains("GitRepository, not OCIRepository")
                    .contains("base path is packages"));
  }

  @Test
  void aCatalogWithoutSourcesInstallsNothing() throws Exception {
    var findings =
        validate(
            fixture()
                .edit(
                    "catalog.yaml",
                    "  packageSources:\n    - sources/postgres-application.yaml\n",
                    ""));

    assertThat(findings).extracting(Finding::rule).containsExactly("chart-ref", "rd-component");
    assertThat(findings.get(0).message()).contains("spec.packageSources derives none");
  }

  @Test
  void aDeclaredSourceThatIsMissingOrInvalidIsFound() throws Exception {
    var missing =
        validate(
            CatalogFixture.copy(dir.resolve("missing"))
                .edit("catalog.yaml", "sources/postgres-application.yaml", "sources/pg.yaml"));
    var unknownField =
        validate(
            CatalogFixture.copy(dir.resolve("unknown"))
                .edit(SOURCE, "    - name: default\n", "    - name: default\n      labels: {}\n"));
    var outside =
        validate(
            CatalogFixture.copy(dir.resolve("outside"))
                .edit("catalog.yaml", "sources/postgres-application.yaml", "../x.yaml"));

    assertThat(missing)
        .singleElement()
        .satisfies(f -> assertThat(f.file()).isEqualTo("catalog.yaml"))
        .satisfies(f -> assertThat(f.line()).isEqualTo(31))
        .satisfies(
            f -> assertThat(f.message()).contains("sources/pg.yaml").contains("does not exist"));
    assertThat(unknownField)
        .singleElement()
        .satisfies(f -> assertThat(f.file()).isEqualTo(SOURCE))
        .satisfies(f -> assertThat(f.line()).isEqualTo(27))
        .satisfies(f -> assertThat(f.message()).contains("labels"));
    assertThat(outside)
        .singleElement()
        .satisfies(f -> assertThat(f.rule()).isEqualTo("manifest"))
        .satisfies(f -> assertThat(f.message()).contains("../x.yaml"));
  }

  @Test
  void installDependsOnNamesAnInstalledComponentOfTheVariant() throws Exception {
    var findings =
        validate(
            fixture()
                .edit(
                    SOURCE,
                    "            releaseName: postgres-rd\n",
                    "            releaseName: postgres-rd\n            dependsOn: [postgres]\n"));

    assertThat(findings)
        .singleElement()
        .satisfies(f -> assertThat(f.rule()).isEqualTo("package-source"))
        .satisfies(f -> assertThat(f.message()).contains("DependsOnFailed"));
  }

  @Test
  void twoComponentsDerivingOneArtifactNameCollide() throws Exception {
    var findings =
        validate(
            fixture()
                .edit(
                    SOURCE,
                    "        - name: postgres-rd\n",
                    "        - name: postgres.rd\n          path: charts/postgres-rd\n"
                        + "        - name: postgres-rd\n"));

    assertThat(findings)
        .filteredOn(f -> f.rule().equals("package-source"))
        .singleElement()
        .satisfies(f -> assertThat(f.line()).isEqualTo(36))
        .satisfies(
            f ->
                assertThat(f.message())
                    .contains("acme-postgres-application-default-postgres-rd")
                    .contains("NameCollision"));
  }
}
