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
        .contains("fix: build the catalog against contract version 2")
        .contains("1 finding(s)");
  }

  @Test
  void validateSaysWhatTheApiServerWillRefuseOnTheFieldsLine() {
    var fixture =
        CatalogFixture.copy(dir)
            .edit(
                "charts/postgres-rd/cozyrds/postgres.yaml", "prefix: postgres-", "prefix: bad.pg-");

    Run run = run("validate", fixture.root.toString());

    assertThat(run.exit()).isEqualTo(CatalogCli.FINDINGS);
    assertThat(run.out())
        .contains(
            "charts/postgres-rd/cozyrds/postgres.yaml:12: [api-server] ApplicationDefinition"
                + " postgres would be refused by the API server: spec.release.prefix: Invalid"
                + " value: \"bad.pg-\": should match '^[a-z0-9-]*$'");
  }

  @Test
  void checkJudgesManifestsOfThePlatformsKindsAndSkipsOthers() throws Exception {
    java.nio.file.Files.writeString(
        dir.resolve("objects.yaml"),
        """
        apiVersion: v1
        kind: ConfigMap
        metadata: {name: not-ours}
        ---
        apiVersion: backups.cozystack.io/v1alpha1
        kind: BackupJob
        metadata: {name: adhoc}
        spec:
          applicationRef: {apiGroup: apps.cozystack.io, kind: Postgres, name: db}
        """);

    Run run = run("check", dir.resolve("objects.yaml").toString());

    assertThat(run.exit()).isEqualTo(CatalogCli.FINDINGS);
    assertThat(run.out())
        .contains("checked 1 object(s); skipped 1")
        .contains(
            "objects.yaml:8: [api-server] BackupJob adhoc would be refused by the API server:"
                + " spec.backupClassName: Required value")
        .contains("fix: set spec.backupClassName");
  }

  @Test
  void aServedCrdTheApiServerWouldRefuseIsAnErrorAndAnUnjudgedRuleAWarningThatOnlyStrictFails()
      throws Exception {
    String definition =
        """
        apiVersion: cozystack.io/v1alpha1
        kind: ApplicationDefinition
        metadata: {name: gadget}
        spec:
          application:
            kind: Gadget
            plural: gadgets
            singular: gadget
            openAPISchema: '{"type":"object","properties":{"size":%s}}'
          release:
            prefix: gadget-
            chartRef: {kind: ExternalArtifact, name: gadget, namespace: cozy-public}
        """;
    java.nio.file.Files.writeString(
        dir.resolve("refused.yaml"),
        definition.formatted("{\"type\":\"integer\",\"default\":\"big\"}"));
    java.nio.file.Files.writeString(
        dir.resolve("unjudged.yaml"),
        definition.formatted(
            "{\"type\":\"string\",\"x-kubernetes-validations\":[{\"rule\":\"isQuantity(self)\"}]}"));

    Run refused = run("check", dir.resolve("refused.yaml").toString());
    Run unjudged = run("check", dir.resolve("unjudged.yaml").toString());
    Run strict = run("check", "--strict", dir.resolve("unjudged.yaml").toString());

    assertThat(refused.exit()).isEqualTo(CatalogCli.FINDINGS);
    assertThat(refused.out())
        .contains(
            "refused.yaml:9: [served-crd] the API server would refuse CRD gadgets.apps.cozystack.io")
        .contains("spec.application.openAPISchema.properties[size].default: Invalid value");
    assertThat(unjudged.exit()).isEqualTo(CatalogCli.OK);
    assertThat(unjudged.out())
        .contains("[served-crd] warning: not judged here")
        .contains("1 of them warnings");
    assertThat(strict.exit()).isEqualTo(CatalogCli.FINDINGS);
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
  void githubOutputAnnotatesTheFindingsLineFromTheWorkingDirectory() {
    var fixture =
        CatalogFixture.copy(dir)
            .edit("catalog.yaml", "contractVersion: 1", "contractVersion: 7")
            .edit(CatalogValidatorTest.SOURCE, "contractVersion: 1", "contractVersion: 7");
    String catalog = Path.of("").toAbsolutePath().relativize(fixture.root).toString();

    Run run = run("validate", "--output", "github", catalog);

    assertThat(run.exit()).isEqualTo(CatalogCli.FINDINGS);
    assertThat(run.out().lines().filter(l -> l.startsWith("::error ")))
        .hasSize(1)
        .first()
        .asString()
        .startsWith(
            "::error file="
                + catalog
                + "/catalog.yaml,line=9,title=cozy-catalog [contract-window]::")
        .contains("%0Afix: build the catalog against contract version 2");
    assertThat(run.out()).contains("1 finding(s)");
  }

  @Test
  void githubOutputOfAGoodCatalogHasNoAnnotation() {
    Run run = run("validate", "--output", "github", CatalogFixture.copy(dir).root.toString());

    assertThat(run.exit()).isEqualTo(CatalogCli.OK);
    assertThat(run.out()).doesNotContain("::error").contains("no findings");
  }

  @Test
  void githubAnnotationsEscapeWhatWouldEndTheCommand() {
    var finding = new Finding("charts/a,b.yaml", 3, "k2-known-key", "50% of\nit: bad", "fix: it");

    String line = GithubAnnotations.error(finding, Path.of("/elsewhere/cat"));

    assertThat(line)
        .isEqualTo(
            "::error file=/elsewhere/cat/charts/a%2Cb.yaml,line=3,title=cozy-catalog [k2-known-key]"
                + "::50%25 of%0Ait: bad%0Afix: fix: it");
  }

  @Test
  void schemasWritesOneJsonSchemaPerKindInKubeconformsLayout() throws Exception {
    Run run = run("schemas", dir.resolve("out").toString());

    assertThat(run.exit()).isEqualTo(CatalogCli.OK);
    assertThat(run.out())
        .contains(
            "wrote "
                + io.cozystack.contracts.schemas.KubeconformSchemas.platform().size()
                + " JSON Schemas");
    var schema =
        new ObjectMapper()
            .readTree(dir.resolve("out/cozystack.io/applicationdefinition_v1alpha1.json").toFile());
    assertThat(schema.at("/properties/kind/enum/0").asText()).isEqualTo("ApplicationDefinition");
    assertThat(schema.at("/properties/apiVersion/enum/0").asText())
        .isEqualTo("cozystack.io/v1alpha1");
    assertThat(schema.at("/additionalProperties").asBoolean(true)).isFalse();
    assertThat(
            schema
                .at(
                    "/properties/spec/properties/release/properties/labels/additionalProperties/type/0")
                .asText())
        .isEqualTo("string");
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
