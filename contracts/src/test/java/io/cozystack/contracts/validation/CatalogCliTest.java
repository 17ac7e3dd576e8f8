package io.cozystack.contracts.validation;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The CLI end to end: exit codes, human output with file, line and fix, JSON output. */
class CatalogCliTest {
  @TempDir Path dir;

  private record Run(int exit, String out) {}

  private static Run run(String... args) {
    PrintStream original = System.out;
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
    try {
      int exit = CatalogCli.run(args);
      return new Run(exit, out.toString(StandardCharsets.UTF_8));
    } finally {
      System.setOut(original);
    }
  }

  @Test
  void aGoodCatalogExitsZero() {
    Run run = run("validate", CatalogFixture.copy(dir).root.toString());

    assertThat(run.exit()).isEqualTo(CatalogCli.OK);
    assertThat(run.out()).contains("no findings");
  }

  @Test
  void findingsExitOneWithFileLineAndFix() {
    var fixture =
        CatalogFixture.copy(dir)
            .edit("catalog.yaml", "contractVersion: 1", "contractVersion: 7")
            .edit(CatalogValidatorTest.SOURCE, "contractVersion: 1", "contractVersion: 7");

    Run run = run("validate", fixture.root.toString());

    assertThat(run.exit()).isEqualTo(CatalogCli.FINDINGS);
    assertThat(run.out())
        .contains("catalog.yaml:9: [contract-window]")
        .contains("fix: build the catalog against contract version 1")
        .contains("1 finding(s)");
  }

  @Test
  void jsonOutputListsTheFindings() throws Exception {
    var fixture =
        CatalogFixture.copy(dir)
            .edit("catalog.yaml", "contractVersion: 1", "contractVersion: 7")
            .edit(CatalogValidatorTest.SOURCE, "contractVersion: 1", "contractVersion: 7");

    Run run = run("validate", "--output", "json", fixture.root.toString());

    var json = new ObjectMapper().readTree(run.out());
    assertThat(run.exit()).isEqualTo(CatalogCli.FINDINGS);
    assertThat(json.path("findings").get(0).path("rule").asText()).isEqualTo("contract-window");
    assertThat(json.path("findings").get(0).path("line").asInt()).isEqualTo(9);
  }

  @Test
  void aMissingDirectoryOrABadOptionIsAUsageError() {
    assertThat(run("validate", dir.resolve("nowhere").toString()).exit())
        .isEqualTo(CatalogCli.ERROR);
    assertThat(run("validate", "--output", "xml", dir.toString()).exit())
        .isEqualTo(CatalogCli.ERROR);
    assertThat(run("frobnicate").exit()).isEqualTo(CatalogCli.ERROR);
  }

  @Test
  void diffExitsOneOnABreakingChange() {
    var old = CatalogFixture.copy(dir.resolve("old"));
    var changed =
        CatalogFixture.copy(dir.resolve("new"))
            .edit("catalog.yaml", "      kind: AcmeDump", "      kind: Other");

    Run run = run("diff", old.root.toString(), changed.root.toString());

    assertThat(run.exit()).isEqualTo(CatalogCli.FINDINGS);
    assertThat(run.out()).contains("[removed-strategy]").contains("strategy.acme.io/AcmeDump");
  }
}
