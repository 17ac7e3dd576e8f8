package io.cozystack.contracts.validation;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import io.cozystack.contracts.apiserver.ApiServerRules;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code cozy-catalog check <file-or-dir>...}: says, without a cluster, whether the API server
 * would accept each manifest of a platform kind (and of the kinds of any CRDs or
 * ApplicationDefinitions given with {@code --crds}): its CRD's schema, CEL rules and the metadata
 * rules. Documents of other kinds are counted and skipped.
 */
@Command(
    name = "check",
    description =
        "Check manifests of the platform's kinds as the API server will on create: schema, CEL"
            + " rules, metadata.")
final class CheckCommand implements Callable<Integer> {
  @Parameters(
      paramLabel = "<file-or-dir>",
      arity = "1..*",
      description =
          "YAML files, directories searched for *.yaml and *.yml (charts' templates/ left out:"
              + " render them first), or - for standard input.")
  List<Path> paths;

  @Option(
      names = "--crds",
      paramLabel = "<file-or-dir>",
      description =
          "CustomResourceDefinitions, or ApplicationDefinitions (as the CRD the operator renders"
              + " for their kind), whose kinds are checked too.")
  List<Path> crds = new ArrayList<>();

  @Option(
      names = "--output",
      description =
          "text, json, or github (GitHub Actions ::error annotations). Default: ${DEFAULT-VALUE}.")
  CatalogCli.Output output = CatalogCli.Output.text;

  @Option(names = "--strict", description = "Fail on warnings too (rules it could not judge).")
  boolean strict;

  @Override
  public Integer call() throws Exception {
    Path base = Path.of("").toAbsolutePath();
    List<Finding> findings = new ArrayList<>();
    ApiServerRules rules = ApiServerRules.platformAnd(customResourceDefinitions(findings));
    int checked = 0;
    int skipped = 0;
    for (Path file : files(paths)) {
      boolean stdin = file.toString().equals("-");
      String relative = stdin ? "<stdin>" : relative(base, file);
      String text =
          stdin
              ? new String(System.in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8)
              : Files.readString(file);
      List<JsonNode> documents;
      try {
        documents = CatalogFiles.documents(text);
      } catch (JsonProcessingException e) {
        findings.add(
            new Finding(
                relative,
                e.getLocation() == null ? 0 : e.getLocation().getLineNr(),
                "yaml",
                "not valid YAML: " + ApplicationRules.firstLine(e.getOriginalMessage()),
                "correct the YAML syntax"));
        continue;
      }
      YamlLines lines = YamlLines.of(text);
      for (int i = 0; i < documents.size(); i++) {
        ApiServerRules.Result result =
            ApiServerRule.check(rules, relative, lines, i, documents.get(i), findings);
        if (result.known()) {
          checked++;
          if (result.accepted()) {
            servedCrd(
                relative,
                lines.line(i, "spec.application.openAPISchema"),
                documents.get(i),
                findings);
          }
        } else {
          skipped++;
        }
      }
    }
    if (output == CatalogCli.Output.text) {
      System.out.println(
          "checked " + checked + " object(s); skipped " + skipped + " of kinds no CRD here serves");
    }
    return CatalogCli.report(findings, output, "check", base, strict);
  }

  /** An ApplicationDefinition the API server accepts: the CRD it serves, judged too. */
  private static void servedCrd(String file, int line, JsonNode doc, List<Finding> findings) {
    if (!"ApplicationDefinition".equals(doc.path("kind").asText())) {
      return;
    }
    try {
      var definition =
          CatalogFiles.YAML.treeToValue(doc, io.cozystack.api.v1alpha1.ApplicationDefinition.class);
      DefinitionCheck.check(definition)
          .schema()
          .ifPresent(s -> findings.addAll(ServedCrdRule.judge(file, line, definition, s)));
    } catch (JsonProcessingException e) {
      // The API server accepted it, so only a field the operator does not know is left: validate's.
    }
  }

  private List<JsonNode> customResourceDefinitions(List<Finding> findings) throws IOException {
    List<JsonNode> found = new ArrayList<>();
    for (Path file : files(crds)) {
      List<String> problems = new ArrayList<>();
      for (JsonNode doc : CatalogFiles.documents(Files.readString(file))) {
        ServedKinds.crd(doc, problems).ifPresent(found::add);
      }
      for (String problem : problems) {
        findings.add(
            new Finding(
                relative(Path.of("").toAbsolutePath(), file),
                0,
                "k1-definition",
                problem,
                "correct the definition; cozy-catalog validate names each field"));
      }
    }
    return found;
  }

  static List<Path> files(List<Path> paths) throws IOException {
    List<Path> files = new ArrayList<>();
    for (Path path : paths) {
      if (Files.isDirectory(path)) {
        try (Stream<Path> walk = Files.walk(path)) {
          walk.filter(Files::isRegularFile)
              .filter(p -> p.toString().endsWith(".yaml") || p.toString().endsWith(".yml"))
              .filter(p -> !chartTemplate(p))
              .sorted()
              .forEach(files::add);
        }
      } else {
        files.add(path);
      }
    }
    return files;
  }

  /**
   * A file under a chart's {@code templates/}: Go templates, not manifests until Helm renders them
   * ({@code helm template ... | cozy-catalog check -}).
   */
  private static boolean chartTemplate(Path file) {
    for (Path dir = file.getParent(); dir != null; dir = dir.getParent()) {
      if (dir.getFileName() != null
          && dir.getFileName().toString().equals("templates")
          && Files.exists(dir.resolveSibling("Chart.yaml"))) {
        return true;
      }
    }
    return false;
  }

  private static String relative(Path base, Path file) {
    Path absolute = file.toAbsolutePath().normalize();
    return absolute.startsWith(base) ? base.relativize(absolute).toString() : absolute.toString();
  }
}
