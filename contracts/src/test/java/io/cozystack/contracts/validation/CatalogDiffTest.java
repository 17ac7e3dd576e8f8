package io.cozystack.contracts.validation;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Breaking changes between two versions of the fixture catalog. */
class CatalogDiffTest {
  @TempDir Path dir;

  @Test
  void anUnchangedCatalogHasNoBreakingChanges() throws Exception {
    var old = CatalogFixture.copy(dir.resolve("old"));
    var same = CatalogFixture.copy(dir.resolve("new"));

    assertThat(CatalogDiff.diff(old.root, same.root)).isEmpty();
  }

  @Test
  void everyKindOfBreakingChangeIsNamed() throws Exception {
    var old = CatalogFixture.copy(dir.resolve("old"));
    var changed =
        CatalogFixture.copy(dir.resolve("new"))
            .edit(
                "charts/postgres-rd/cozyrds/postgres.yaml",
                "\"size\":{\"type\":\"string\",\"default\":\"10Gi\"},",
                "")
            .edit(
                "charts/postgres-rd/cozyrds/postgres.yaml",
                "\"enum\":[\"v16\",\"v17\"]",
                "\"enum\":[\"v17\"]")
            .edit("charts/postgres-rd/cozyrds/postgres.yaml", "\"default\":2}", "\"default\":3}")
            .edit(
                "charts/postgres-rd/cozyrds/postgres.yaml",
                "\"type\":\"object\",\"properties\"",
                "\"type\":\"object\",\"required\":[\"replicas\"],\"properties\"")
            .edit("catalog.yaml", "      kind: AcmeDump", "      kind: AcmeDumpV2");

    var findings = CatalogDiff.diff(old.root, changed.root);

    assertThat(findings)
        .extracting(Finding::rule)
        .containsExactlyInAnyOrder(
            "removed-field",
            "narrowed-enum",
            "changed-default",
            "new-required",
            "removed-strategy");
    assertThat(findings)
        .extracting(Finding::message)
        .anySatisfy(m -> assertThat(m).contains("spec.size"))
        .anySatisfy(m -> assertThat(m).contains("[v16]"));
  }

  @Test
  void aRemovedKindIsBreaking() throws Exception {
    var old = CatalogFixture.copy(dir.resolve("old"));
    var changed =
        CatalogFixture.copy(dir.resolve("new"))
            .edit(
                "catalog.yaml",
                "  applications:\n    - kind: Postgres\n      definition: charts/postgres-rd/cozyrds/postgres.yaml\n"
                    + "      chart: charts/postgres\n      requiredValues: [_namespace.host]\n",
                "  applications: []\n");

    assertThat(CatalogDiff.diff(old.root, changed.root))
        .singleElement()
        .satisfies(f -> assertThat(f.rule()).isEqualTo("removed-kind"))
        .satisfies(f -> assertThat(f.message()).contains("Postgres"));
  }

  @Test
  void anInvalidNewManifestIsReportedNotGuessed() throws Exception {
    var old = CatalogFixture.copy(dir.resolve("old"));
    var changed =
        CatalogFixture.copy(dir.resolve("new"))
            .edit("catalog.yaml", "  applications:\n", "  applications: []\n  x:\n")
            .edit("catalog.yaml", "  x:\n", "  oldApplications:\n");

    // The manifest above is invalid on purpose: the diff reports it rather than guessing.
    assertThat(CatalogDiff.diff(old.root, changed.root))
        .extracting(Finding::rule)
        .containsExactly("manifest");
  }
}
