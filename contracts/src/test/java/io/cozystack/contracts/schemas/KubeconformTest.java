package io.cozystack.contracts.schemas;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.cozystack.contracts.validation.CatalogCli;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The real kubeconform (built from its Go module by {@code e2e/bin/control-plane tool kubeconform},
 * pinned in {@code e2e/control-plane/versions.env}, cached) with the schemas {@code cozy-catalog
 * schemas} writes into {@code target/kubeconform/}: it accepts every manifest of the platform's
 * kinds in the repository and rejects each invalid one, naming the field.
 */
class KubeconformTest {
  private static final Path ROOT = PythonJsonSchema.repoRoot();
  private static final Path SCHEMAS = ROOT.resolve("contracts/target/kubeconform");
  private static final Path CASES = ROOT.resolve("contracts/src/test/resources/kubeconform");
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final YAMLMapper YAML = new YAMLMapper();
  private static String kubeconform;

  @BeforeAll
  static void schemasAndKubeconform() throws Exception {
    assertThat(CatalogCli.run("schemas", SCHEMAS.toString())).isEqualTo(CatalogCli.OK);
    Process p =
        new ProcessBuilder(
                "bash", ROOT.resolve("e2e/bin/control-plane").toString(), "tool", "kubeconform")
            .redirectErrorStream(true)
            .start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (!p.waitFor(15, TimeUnit.MINUTES) || p.exitValue() != 0) {
      throw new AssertionError(
          "kubeconform is built from its Go module by `e2e/bin/control-plane tool kubeconform`"
              + " (needs Go; .ci/run has it). That failed:\n"
              + out);
    }
    String[] lines = out.strip().split("\n");
    kubeconform = lines[lines.length - 1].strip();
  }

  /** kubeconform's verdict on every resource of the files: one JSON object per resource. */
  private static List<JsonNode> kubeconform(List<Path> files) throws Exception {
    return kubeconform(SCHEMAS, files);
  }

  private static List<JsonNode> kubeconform(Path schemas, List<Path> files) throws Exception {
    List<String> command = new ArrayList<>();
    command.addAll(
        List.of(
            kubeconform,
            "-strict",
            "-verbose",
            "-output",
            "json",
            "-schema-location",
            schemas + "/" + KubeconformSchemas.LOCATION_TEMPLATE));
    files.forEach(f -> command.add(f.toString()));
    Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor(2, TimeUnit.MINUTES)).isTrue();
    List<JsonNode> resources = new ArrayList<>();
    JSON.readTree(out).path("resources").forEach(resources::add);
    return resources;
  }

  @Test
  void theSchemasAreWrittenInKubeconformsLayout() {
    assertThat(SCHEMAS.resolve("cozystack.io/applicationdefinition_v1alpha1.json")).isRegularFile();
    assertThat(SCHEMAS.resolve("backups.cozystack.io/backupjob_v1alpha1.json")).isRegularFile();
    assertThat(SCHEMAS.resolve("strategy.backups.cozystack.io/job_v1alpha1.json")).isRegularFile();
  }

  @Test
  void everyManifestOfThePlatformsKindsInTheRepositoryIsValid() throws Exception {
    Set<String> groups =
        KubeconformSchemas.platformCrds().values().stream()
            .map(crd -> crd.path("spec").path("group").asText())
            .collect(Collectors.toCollection(TreeSet::new));
    List<Path> files = new ArrayList<>();
    for (String dir : List.of("catalogs", "contracts/src/test/resources")) {
      try (Stream<Path> walk = Files.walk(ROOT.resolve(dir))) {
        walk.filter(Files::isRegularFile)
            .filter(p -> p.toString().endsWith(".yaml"))
            .filter(
                p -> !p.toString().contains("/target/") && !p.toString().contains("/templates/"))
            .filter(p -> !p.startsWith(CASES.resolve("invalid")))
            .sorted()
            .forEach(files::add);
      }
    }
    // The documents of the platform's groups, by file and name; the rest is not kubeconform's here.
    List<String> expected = new ArrayList<>();
    List<Path> ours = new ArrayList<>();
    for (Path file : files) {
      boolean any = false;
      try (var docs = YAML.readValues(YAML.createParser(file.toFile()), JsonNode.class)) {
        while (docs.hasNext()) {
          JsonNode doc = docs.next();
          String apiVersion = doc == null ? "" : doc.path("apiVersion").asText();
          if (apiVersion.contains("/")
              && groups.contains(apiVersion.substring(0, apiVersion.indexOf('/')))) {
            expected.add(
                file
                    + " "
                    + doc.path("kind").asText()
                    + " "
                    + doc.path("metadata").path("name").asText());
            any = true;
          }
        }
      } catch (IOException notYaml) {
        // A template or a values file that is no manifest.
      }
      if (any) {
        ours.add(file);
      }
    }
    assertThat(expected).as("manifests of the platform's kinds").hasSizeGreaterThan(25);

    List<JsonNode> resources = kubeconform(ours);

    List<String> judged =
        resources.stream()
            .filter(r -> groups.contains(r.path("version").asText().split("/")[0]))
            .map(
                r ->
                    r.path("filename").asText()
                        + " "
                        + r.path("kind").asText()
                        + " "
                        + r.path("name").asText())
            .toList();
    assertThat(judged).containsExactlyInAnyOrderElementsOf(expected);
    assertThat(resources)
        .filteredOn(r -> groups.contains(r.path("version").asText().split("/")[0]))
        .filteredOn(r -> !"statusValid".equals(r.path("status").asText()))
        .extracting(r -> r.path("filename").asText() + ": " + r.path("msg").asText())
        .isEmpty();
    System.out.printf(
        "[schemas] kubeconform accepts all %d manifests of the platform's kinds in %d files%n",
        expected.size(), ours.size());
  }

  @Test
  void theCatalogsKindsHaveSchemasThatAcceptCozystacksManifestsAndNameAnUnknownField(
      @org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
    Path schemas = dir.resolve("schemas");
    assertThat(
            CatalogCli.run(
                "schemas",
                schemas.toString(),
                "--crds",
                ROOT.resolve("catalogs/services/charts").toString()))
        .isEqualTo(CatalogCli.OK);
    assertThat(schemas.resolve("apps.cozystack.io/postgres_v1alpha1.json")).isRegularFile();
    Path misspelt = dir.resolve("misspelt.yaml");
    Files.writeString(
        misspelt,
        "apiVersion: apps.cozystack.io/v1alpha1\nkind: Postgres\nmetadata: {name: db}\n"
            + "spec: {replicas: 2, versoin: v17}\n");
    List<Path> files = new ArrayList<>();
    try (Stream<Path> walk = Files.walk(ROOT.resolve("catalogs/services/src/test/examples"))) {
      walk.filter(p -> p.toString().endsWith(".yaml")).sorted().forEach(files::add);
    }
    files.add(misspelt);
    List<JsonNode> invalid =
        kubeconform(schemas, files).stream()
            .filter(r -> !"statusValid".equals(r.path("status").asText()))
            .toList();
    assertThat(invalid)
        .extracting(r -> r.path("filename").asText() + ": " + r.path("msg").asText())
        .singleElement()
        .asString()
        .contains("misspelt.yaml")
        .contains("versoin");
    assertThat(files).hasSizeGreaterThan(10);
  }

  @Test
  void invalidManifestsAreRejectedNamingTheField() throws Exception {
    List<Path> files;
    try (Stream<Path> list = Files.list(CASES.resolve("invalid"))) {
      files = list.filter(p -> p.toString().endsWith(".yaml")).sorted().toList();
    }
    assertThat(files).hasSizeGreaterThanOrEqualTo(8);
    for (Path file : files) {
      String expect = Files.readAllLines(file).get(0).replaceFirst("^# expect: ", "");

      List<JsonNode> resources = kubeconform(List.of(file));

      assertThat(resources).as(file.toString()).hasSize(1);
      assertThat(resources.get(0).path("status").asText())
          .as(file.toString())
          .isEqualTo("statusInvalid");
      assertThat(resources.get(0).path("msg").asText()).as(file.toString()).contains(expect);
    }
  }
}
