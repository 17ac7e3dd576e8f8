package io.cozystack.contracts.schemas;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.cozystack.api.backups.driver.DriverRegistrationSpec;
import io.cozystack.api.backups.driver.StrategyHandoff;
import io.cozystack.api.catalog.CatalogManifest;
import io.cozystack.api.properties.PropertyRequirement;
import io.cozystack.api.v1alpha1.ApplicationDefinitionSpec;
import io.cozystack.api.v1alpha1.ClusterValuesSpec;
import io.cozystack.api.v1alpha1.Dashboard;
import io.cozystack.api.values.NamespaceValues;
import io.cozystack.contracts.schemas.PythonJsonSchema.Case;
import io.cozystack.contracts.schemas.PythonJsonSchema.Run;
import io.cozystack.contracts.schemas.PythonJsonSchema.Verdict;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The published contract schemas ({@code src/main/resources/io/cozystack/contracts/schemas/}), as
 * committed, judged by an independent validator: Python's jsonschema (draft 2020-12), never our own
 * code. It must accept every manifest of those kinds in the repository, accept every valid variant
 * and reject every invalid one of a generated corpus ({@link VariantCorpus}), and the schemas of
 * CRD specs must say exactly what the CRDs say.
 */
class PublishedSchemasTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final YAMLMapper YAML = new YAMLMapper();
  private static final Path ROOT = PythonJsonSchema.repoRoot();
  private static final Path SCHEMAS =
      ROOT.resolve("contracts/src/main/resources/io/cozystack/contracts/schemas");

  /** Schema name (file name without .schema.json) to the Java type it was generated from. */
  static final Map<String, Class<?>> TYPES = new LinkedHashMap<>();

  static {
    TYPES.put("k1-applicationdefinition-spec", ApplicationDefinitionSpec.class);
    TYPES.put("k2-clustervalues-spec", ClusterValuesSpec.class);
    TYPES.put("k2-namespacevalues", NamespaceValues.class);
    TYPES.put("k3-property-requirement", PropertyRequirement.class);
    TYPES.put("k5-cozylib-pin", CatalogManifest.CozyLib.class);
    TYPES.put("k6-dashboard", Dashboard.class);
    TYPES.put("sdk-backup-driver-registration", DriverRegistrationSpec.class);
    TYPES.put("sdk-strategy-handoff", StrategyHandoff.class);
    TYPES.put("catalog", CatalogManifest.class);
  }

  static Map<String, JsonNode> schemas() throws IOException {
    Map<String, JsonNode> schemas = new TreeMap<>();
    for (String name : TYPES.keySet()) {
      schemas.put(name, JSON.readTree(SCHEMAS.resolve(name + ".schema.json").toFile()));
    }
    return schemas;
  }

  /** A manifest of the repository (one YAML document), where it is. */
  record Manifest(String where, JsonNode doc) {}

  static List<Manifest> repositoryManifests() throws IOException {
    List<Path> files = new ArrayList<>();
    for (String root : List.of("catalogs", "contracts/src/test/resources/catalogs")) {
      try (Stream<Path> walk = Files.walk(ROOT.resolve(root))) {
        walk.filter(Files::isRegularFile)
            .filter(p -> !p.toString().contains("/target/"))
            .filter(
                p -> {
                  String s = ROOT.relativize(p).toString();
                  return s.endsWith("/catalog.yaml")
                      || s.matches(".*/charts/[^/]+-rd/cozyrds/[^/]+\\.ya?ml")
                      || s.matches(".*/sources/[^/]+\\.ya?ml");
                })
            .forEach(files::add);
      }
    }
    try (Stream<Path> list = Files.list(ROOT.resolve("contracts/src/test/resources/examples"))) {
      list.filter(p -> p.toString().endsWith(".yaml")).forEach(files::add);
    }
    List<Manifest> manifests = new ArrayList<>();
    for (Path file : files.stream().sorted().toList()) {
      int i = 0;
      try (var docs = YAML.readValues(YAML.createParser(file.toFile()), JsonNode.class)) {
        while (docs.hasNext()) {
          JsonNode doc = docs.next();
          if (doc != null && doc.isObject()) {
            manifests.add(new Manifest(ROOT.relativize(file) + "#" + i, doc));
          }
          i++;
        }
      }
    }
    return manifests;
  }

  /** What of a manifest each schema judges: schema name, and where in the manifest. */
  static List<Case> casesOf(Manifest m) {
    List<Case> cases = new ArrayList<>();
    String kind = m.doc().path("kind").asText();
    JsonNode spec = m.doc().path("spec");
    switch (kind) {
      case "ApplicationDefinition" -> {
        cases.add(new Case(m.where() + " spec", "k1-applicationdefinition-spec", spec, true));
        if (spec.has("dashboard")) {
          cases.add(
              new Case(m.where() + " spec.dashboard", "k6-dashboard", spec.get("dashboard"), true));
        }
      }
      case "Catalog" -> {
        cases.add(new Case(m.where(), "catalog", m.doc(), true));
        cases.add(
            new Case(m.where() + " spec.cozyLib", "k5-cozylib-pin", spec.path("cozyLib"), true));
        requirements(m.where() + " spec.requires", spec.path("requires"), cases);
      }
      case "ClusterValues" ->
          cases.add(new Case(m.where() + " spec", "k2-clustervalues-spec", spec, true));
      case "BackupDriver" ->
          cases.add(new Case(m.where() + " spec", "sdk-backup-driver-registration", spec, true));
      case "PackageSource" ->
          requirements(
              m.where() + " spec.catalog.requires", spec.path("catalog").path("requires"), cases);
      default -> {}
    }
    return cases;
  }

  private static void requirements(String where, JsonNode list, List<Case> cases) {
    for (int i = 0; i < list.size(); i++) {
      cases.add(new Case(where + "[" + i + "]", "k3-property-requirement", list.get(i), true));
    }
  }

  /** Every manifest of a contract kind in the repository, and the platform's hand-off table. */
  static List<Case> repositoryCases() throws IOException {
    List<Case> cases = new ArrayList<>();
    for (Manifest m : repositoryManifests()) {
      cases.addAll(casesOf(m));
    }
    for (StrategyHandoff h : StrategyHandoff.TABLE) {
      cases.add(
          new Case(
              "StrategyHandoff.TABLE " + h.kind(),
              "sdk-strategy-handoff",
              JSON.valueToTree(h),
              true));
    }
    return cases;
  }

  /** The hand-written full instances under schema-corpus/. */
  static List<Case> fullInstances() throws IOException {
    List<Case> cases = new ArrayList<>();
    for (String name : TYPES.keySet()) {
      Path file = ROOT.resolve("contracts/src/test/resources/schema-corpus/" + name + ".yaml");
      int i = 0;
      try (var docs = YAML.readValues(YAML.createParser(file.toFile()), JsonNode.class)) {
        while (docs.hasNext()) {
          cases.add(new Case("schema-corpus/" + name + ".yaml#" + i++, name, docs.next(), true));
        }
      }
    }
    return cases;
  }

  private static void assertAgreement(Run run, List<Case> cases, String what) {
    Map<String, long[]> bySchema = new TreeMap<>();
    for (Verdict v : run.verdicts()) {
      long[] n = bySchema.computeIfAbsent(v.c().schema(), k -> new long[2]);
      n[v.c().expectValid() ? 0 : 1]++;
    }
    System.out.printf("[schemas] %s: %d cases judged by %s%n", what, cases.size(), run.validator());
    bySchema.forEach(
        (k, n) -> System.out.printf("[schemas]   %-32s %5d valid %5d invalid%n", k, n[0], n[1]));
    assertThat(run.disagreements())
        .as("cases where %s disagrees with the expected verdict", run.validator())
        .extracting(Verdict::describe)
        .isEmpty();
  }

  @Test
  void everyContractManifestInTheRepositoryIsValid() throws Exception {
    List<Case> cases = new ArrayList<>(repositoryCases());
    cases.addAll(fullInstances());
    Map<String, Long> perSchema =
        cases.stream()
            .collect(Collectors.groupingBy(Case::schema, TreeMap::new, Collectors.counting()));
    // The repository has ADs, catalogs, requirements, a ClusterValues, a BackupDriver, the table.
    assertThat(perSchema.get("k1-applicationdefinition-spec")).isGreaterThanOrEqualTo(6);
    assertThat(perSchema.get("catalog")).isGreaterThanOrEqualTo(4);
    assertThat(perSchema).containsOnlyKeys(TYPES.keySet());

    assertAgreement(
        PythonJsonSchema.validate("repository-manifests", schemas(), cases),
        cases,
        "repository manifests");
  }

  @Test
  void theGeneratedVariantsAreJudgedAsTheTypesMeanThem() throws Exception {
    List<Case> bases = new ArrayList<>(repositoryCases());
    bases.addAll(fullInstances());
    List<Case> cases = new ArrayList<>();
    for (Case base : bases) {
      cases.addAll(
          VariantCorpus.of(base.schema(), base.id(), TYPES.get(base.schema()), base.instance()));
    }
    assertThat(cases).filteredOn(Case::expectValid).hasSizeGreaterThan(500);
    assertThat(cases).filteredOn(c -> !c.expectValid()).hasSizeGreaterThan(1000);

    assertAgreement(
        PythonJsonSchema.validate("generated-variants", schemas(), cases),
        cases,
        "generated variants");
  }

  /** What issue 16 measured, by hand: each must hold whatever the generated corpus covers. */
  @Test
  void theCasesTheIssueFound() throws Exception {
    JsonNode ad = fullInstances().get(0).instance();
    List<Case> cases = new ArrayList<>();
    cases.add(new Case("labels: a map of strings", "k1-applicationdefinition-spec", ad, true));
    cases.add(
        new Case(
            "prefix bad.prefix-",
            "k1-applicationdefinition-spec",
            with(ad, "release", r -> r.put("prefix", "bad.prefix-")),
            false));
    cases.add(
        new Case(
            "tabs: [WORKLOADS]",
            "k1-applicationdefinition-spec",
            with(ad, "dashboard", d -> d.putArray("tabs").add("WORKLOADS")),
            false));
    cases.add(
        new Case(
            "tabs: [workloads]",
            "k1-applicationdefinition-spec",
            with(ad, "dashboard", d -> d.putArray("tabs").add("workloads")),
            true));
    cases.add(
        new Case(
            "waitStrategy: POLLER",
            "k1-applicationdefinition-spec",
            with(ad, "release", r -> r.put("waitStrategy", "POLLER")),
            false));
    JsonNode values = JSON.createObjectNode().put("rootHost", "example.org");
    cases.add(
        new Case(
            "spec.extensions",
            "k2-clustervalues-spec",
            with(values, null, v -> v.putObject("extensions").put("my-catalog-feature", "on")),
            true));
    cases.add(
        new Case(
            "spec.extensions with a number",
            "k2-clustervalues-spec",
            with(values, null, v -> v.putObject("extensions").put("replicas", 3)),
            false));
    cases.add(new Case("no rootHost", "k2-clustervalues-spec", JSON.createObjectNode(), false));

    Run run = PythonJsonSchema.validate("issue-16-cases", schemas(), cases);

    assertThat(run.disagreements()).extracting(Verdict::describe).isEmpty();
  }

  private static JsonNode with(
      JsonNode base, String field, java.util.function.Consumer<ObjectNode> edit) {
    ObjectNode copy = base.deepCopy();
    edit.accept(field == null ? copy : (ObjectNode) copy.get(field));
    return copy;
  }

  /**
   * A contract type that is a CRD's spec has, as a published schema, exactly what that CRD says:
   * the committed CRD under crds/, through the same conversion, gives the same schema.
   */
  @Test
  void theSchemasOfCrdSpecsSayWhatTheCrdsSay() throws Exception {
    Map<String, String[]> crdBacked = new LinkedHashMap<>();
    crdBacked.put(
        "k1-applicationdefinition-spec",
        new String[] {"cozystack.io_applicationdefinitions.yaml", "/spec"});
    crdBacked.put(
        "k6-dashboard",
        new String[] {"cozystack.io_applicationdefinitions.yaml", "/spec/properties/dashboard"});
    crdBacked.put(
        "k2-clustervalues-spec", new String[] {"cozystack.io_clustervalues.yaml", "/spec"});
    crdBacked.put(
        "sdk-backup-driver-registration",
        new String[] {"backups.cozystack.io_backupdrivers.yaml", "/spec"});
    Map<String, JsonNode> schemas = schemas();
    for (var e : crdBacked.entrySet()) {
      JsonNode crd = YAML.readTree(ROOT.resolve("crds").resolve(e.getValue()[0]).toFile());
      JsonNode openApi =
          crd.at("/spec/versions/0/schema/openAPIV3Schema/properties" + e.getValue()[1]);
      ObjectNode expected = OpenApiToJsonSchema.convert(openApi);
      expected.remove("description");
      ObjectNode published = schemas.get(e.getKey()).deepCopy();
      published.remove(List.of("$schema", "$id", "title", "description"));

      assertThat(published).as(e.getKey() + " against " + e.getValue()[0]).isEqualTo(expected);
    }
  }
}
