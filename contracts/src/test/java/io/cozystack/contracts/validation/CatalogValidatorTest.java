package io.cozystack.contracts.validation;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Each rule of the validator, failing on a changed copy of a catalog that passes. */
class CatalogValidatorTest {
  /** The fixture's PackageSource, whose spec.catalog repeats the manifest. */
  static final String SOURCE = "sources/postgres-application.yaml";

  @TempDir Path dir;

  private List<Finding> validate(CatalogFixture fixture) throws Exception {
    return CatalogValidator.validate(fixture.root);
  }

  @Test
  void theGoodCatalogHasNoFindings() throws Exception {
    assertThat(validate(CatalogFixture.copy(dir))).isEmpty();
  }

  @Test
  void anUnknownManifestFieldIsRefusedWithItsLine() throws Exception {
    var findings =
        validate(
            CatalogFixture.copy(dir)
                .edit("catalog.yaml", "  cozyLib:", "  cozyLibs: x\n  cozyLib:"));

    assertThat(findings)
        .singleElement()
        .satisfies(f -> assertThat(f.rule()).isEqualTo("manifest"))
        .satisfies(f -> assertThat(f.message()).contains("cozyLibs"))
        .satisfies(f -> assertThat(f.line()).isEqualTo(15));
  }

  @Test
  void aReleasePrefixTheApiServerRefusesIsAFinding() throws Exception {
    var findings =
        validate(
            CatalogFixture.copy(dir)
                .edit(
                    "charts/postgres-rd/cozyrds/postgres.yaml",
                    "prefix: postgres-",
                    "prefix: bad.prefix-"));

    assertThat(findings)
        .anySatisfy(
            f ->
                assertThat(f.message())
                    .contains("spec.release.prefix 'bad.prefix-' must be empty or start with"));
  }

  @Test
  void anUnknownPlatformPropertyIsNamedWithTheKnownOnes() throws Exception {
    var findings =
        validate(
            CatalogFixture.copy(dir)
                .edit("catalog.yaml", "storage.defaultClass", "storage.teleport"));

    assertThat(findings)
        .singleElement()
        .satisfies(
            f -> assertThat(f.message()).contains("storage.teleport").contains("storage.rwx"));
  }

  @Test
  void aContractVersionOutsideTheWindowIsRefused() throws Exception {
    var findings =
        validate(
            CatalogFixture.copy(dir)
                .edit("catalog.yaml", "contractVersion: 1", "contractVersion: 4")
                .edit(SOURCE, "contractVersion: 1", "contractVersion: 4"));

    assertThat(findings).extracting(Finding::rule).containsExactly("contract-window");
    assertThat(findings.get(0).line()).isEqualTo(9);
  }

  @Test
  void computePlanePlacementNeedsTheContractVersionThatIntroducedIt() throws Exception {
    String definition = "charts/postgres-rd/cozyrds/postgres.yaml";
    var findings =
        validate(
            CatalogFixture.copy(dir)
                .edit(definition, "spec:\n", "spec:\n  placement: ComputePlane\n"));

    assertThat(findings).extracting(Finding::rule).containsExactly("k1-placement");
    assertThat(findings.get(0).file()).isEqualTo(definition);
    assertThat(findings.get(0).fix()).contains("contractVersion to 2");
    assertThat(
            validate(
                CatalogFixture.copy(dir.resolve("v2"))
                    .edit(definition, "spec:\n", "spec:\n  placement: ComputePlane\n")
                    .edit("catalog.yaml", "contractVersion: 1", "contractVersion: 2")
                    .edit(SOURCE, "contractVersion: 1", "contractVersion: 2")))
        .isEmpty();
  }

  @Test
  void aCozyLibPinOutsideTheWindowAndAChartThatDisagreesAreBothFound() throws Exception {
    var findings =
        validate(CatalogFixture.copy(dir).edit("catalog.yaml", "version: 1.0.0", "version: 2.0.0"));

    assertThat(findings).extracting(Finding::rule).containsExactly("cozy-lib-pin", "cozy-lib-pin");
    assertThat(findings.get(1).file()).isEqualTo("charts/postgres/Chart.yaml");
  }

  @Test
  void aVersionPropertyNeedsAMinimumAndAFlagTakesNone() throws Exception {
    var findings =
        validate(
            CatalogFixture.copy(dir)
                .edit("catalog.yaml", "      minVersion: \"1.32\"\n", "")
                .edit(
                    "catalog.yaml",
                    "      reason: every",
                    "      minVersion: \"1.0\"\n      reason: every")
                .edit(SOURCE, "        minVersion: \"1.32\"\n", "")
                .edit(
                    SOURCE,
                    "storage.defaultClass\n",
                    "storage.defaultClass\n        minVersion: \"1.0\"\n"));

    assertThat(findings).extracting(Finding::rule).containsOnly("property-requirement").hasSize(2);
  }

  @Test
  void aBadDefinitionIsReportedInItsFile() throws Exception {
    var findings =
        validate(
            CatalogFixture.copy(dir)
                .edit(
                    "charts/postgres-rd/cozyrds/postgres.yaml",
                    "singular: postgres",
                    "singular: postgreses"));

    assertThat(findings)
        .singleElement()
        .satisfies(f -> assertThat(f.file()).isEqualTo("charts/postgres-rd/cozyrds/postgres.yaml"))
        .satisfies(f -> assertThat(f.rule()).isEqualTo("k1-definition"))
        .satisfies(f -> assertThat(f.message()).contains("plural and singular must differ"));
  }

  @Test
  void aManifestKindThatTheDefinitionDoesNotServeIsFound() throws Exception {
    var findings =
        validate(CatalogFixture.copy(dir).edit("catalog.yaml", "kind: Postgres", "kind: Postgre"));

    assertThat(findings).extracting(Finding::rule).containsExactly("k1-definition");
  }

  @Test
  void requiredValuesMustBeKnownKeysAndAgreeWithTheDefinition() throws Exception {
    var findings =
        validate(
            CatalogFixture.copy(dir)
                .edit(
                    "catalog.yaml",
                    "requiredValues: [_namespace.host]",
                    "requiredValues: [_namespace.hostname]"));

    assertThat(findings)
        .extracting(Finding::rule)
        .containsExactly("k2-required-values", "k2-required-values");
    assertThat(findings.get(0).message()).contains("_namespace.hostname");
  }

  @Test
  void aChartWithoutAStrictValuesSchemaIsFound() throws Exception {
    assertThat(validate(CatalogFixture.copy(dir).delete("charts/postgres/values.schema.json")))
        .extracting(Finding::rule)
        .containsExactly("k4-values-schema");
    assertThat(
            validate(
                CatalogFixture.copy(dir.resolve("lax"))
                    .edit(
                        "charts/postgres/values.schema.json",
                        "\"additionalProperties\": false",
                        "\"additionalProperties\": true")))
        .singleElement()
        .satisfies(f -> assertThat(f.message()).contains("not strict"));
  }

  @Test
  void theChartSchemaMustMatchTheDefinitionProperty() throws Exception {
    var findings =
        validate(
            CatalogFixture.copy(dir)
                .edit(
                    "charts/postgres/values.schema.json",
                    "\"size\": {\"type\": \"string\"",
                    "\"disk\": {\"type\": \"string\"")
                .edit(
                    "charts/postgres/values.schema.json",
                    "\"replicas\": {\"type\": \"integer\"",
                    "\"replicas\": {\"type\": \"string\""));

    assertThat(findings)
        .extracting(Finding::message)
        .anySatisfy(m -> assertThat(m).contains("size").contains("missing from the chart"))
        .anySatisfy(m -> assertThat(m).contains("disk").contains("not in Postgres's openAPISchema"))
        .anySatisfy(
            m -> assertThat(m).contains("replicas is string here, integer in the definition"));
  }

  @Test
  void aTemplateThatReadsAnUnknownK2KeyIsFoundAtItsLine() throws Exception {
    var findings =
        validate(
            CatalogFixture.copy(dir)
                .edit(
                    "charts/postgres/templates/cluster.yaml",
                    "\"cluster-domain\"",
                    "\"cluster-domian\""));

    assertThat(findings)
        .singleElement()
        .satisfies(f -> assertThat(f.rule()).isEqualTo("k2-known-key"))
        .satisfies(f -> assertThat(f.line()).isEqualTo(8))
        .satisfies(f -> assertThat(f.message()).contains("_cluster.cluster-domian"));
  }

  @Test
  void aDeclaredClusterExtensionMayBeRead() throws Exception {
    var fixture =
        CatalogFixture.copy(dir)
            .edit(
                "charts/postgres/templates/cluster.yaml",
                "\"cluster-domain\"",
                "\"acme-backup-bucket\"");
    assertThat(validate(fixture)).extracting(Finding::rule).containsExactly("k2-known-key");

    fixture.edit(
        "catalog.yaml",
        "  strategies:",
        "  clusterExtensions: [acme-backup-bucket]\n  strategies:");
    assertThat(validate(fixture)).isEmpty();
  }

  @Test
  void aChartThatHelmCannotRenderIsFound() throws Exception {
    var broken =
        CatalogFixture.copy(dir.resolve("broken"))
            .edit(
                "charts/postgres/templates/cluster.yaml",
                "{{ .Values.replicas }}",
                "{{ .Values.replicas ");
    var badDefault =
        CatalogFixture.copy(dir.resolve("default"))
            .edit(
                "charts/postgres/values.schema.json",
                "\"default\": 2}",
                "\"default\": 2, \"minimum\": 3}");

    assertThat(validate(broken))
        .singleElement()
        .satisfies(f -> assertThat(f.rule()).isEqualTo("chart-renders"))
        .satisfies(f -> assertThat(f.message()).contains("cluster.yaml"));
    assertThat(validate(badDefault))
        .singleElement()
        .satisfies(f -> assertThat(f.rule()).isEqualTo("chart-renders"))
        .satisfies(f -> assertThat(f.message()).contains("replicas"));
  }

  @Test
  void chartsRenderAsTheReleaseOfAnInstanceAndAModuleAsItsDefinitionsName() throws Exception {
    String guard =
        "{{- if ne .Release.Name \"postgres-postgres\" }}"
            + "{{ fail (printf \"released as %s\" .Release.Name) }}{{ end }}\n";
    var instance =
        CatalogFixture.copy(dir.resolve("instance"))
            .write("charts/postgres/templates/name.yaml", guard);
    var module =
        CatalogFixture.copy(dir.resolve("module"))
            .write("charts/postgres/templates/name.yaml", guard)
            .edit(
                "charts/postgres-rd/cozyrds/postgres.yaml",
                "  release:",
                "  dashboard: {category: PaaS, singular: P, plural: Ps, module: true}\n  release:");

    assertThat(validate(instance))
        .singleElement()
        .satisfies(f -> assertThat(f.rule()).isEqualTo("chart-renders"))
        .satisfies(f -> assertThat(f.message()).contains("released as postgres-validate"));
    assertThat(validate(module)).isEmpty();
  }

  @Test
  void aStrategyKindHandedToAnotherCatalogCannotBeClaimed() throws Exception {
    var findings =
        validate(
            CatalogFixture.copy(dir)
                .edit(
                    "catalog.yaml",
                    "apiGroup: strategy.acme.io",
                    "apiGroup: strategy.backups.cozystack.io")
                .edit("catalog.yaml", "kind: AcmeDump", "kind: CNPG"));

    assertThat(findings)
        .singleElement()
        .satisfies(f -> assertThat(f.rule()).isEqualTo("strategy-handoff"))
        .satisfies(f -> assertThat(f.message()).contains("cozystack.services"));
  }

  @Test
  void aMissingManifestIsOneFinding() throws Exception {
    assertThat(validate(CatalogFixture.copy(dir).delete("catalog.yaml")))
        .singleElement()
        .satisfies(f -> assertThat(f.message()).contains("no catalog.yaml"));
  }

  @Test
  void aCatalogCarryingItsOwnCozyLibIsFoundUnlessItLeavesItOut() throws Exception {
    var own =
        CatalogFixture.copy(dir.resolve("own"))
            .write("library/cozy-lib/Chart.yaml", "name: cozy-lib\n");
    var ignored =
        CatalogFixture.copy(dir.resolve("ignored"))
            .write("library/cozy-lib/Chart.yaml", "name: cozy-lib\n")
            .write(".cozyignore", "library/cozy-lib\n");

    assertThat(validate(own))
        .singleElement()
        .satisfies(f -> assertThat(f.rule()).isEqualTo("own-cozy-lib"))
        .satisfies(f -> assertThat(f.file()).isEqualTo("library/cozy-lib"))
        .satisfies(f -> assertThat(f.line()).isZero())
        .satisfies(
            f ->
                assertThat(f.message())
                    .contains("its own library/cozy-lib")
                    .contains("`cozy-catalog package` and `push` refuse it"))
        .satisfies(
            f ->
                assertThat(f.fix())
                    .contains("remove the library/cozy-lib directory")
                    .contains("added there when the catalog is packaged"));
    // .cozyignore leaves it out of the artifact, which then packs: nothing to report.
    assertThat(validate(ignored)).isEmpty();
  }
}
