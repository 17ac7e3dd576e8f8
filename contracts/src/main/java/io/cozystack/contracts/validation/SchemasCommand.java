package io.cozystack.contracts.validation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.cozystack.contracts.schemas.KubeconformSchemas;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code cozy-catalog schemas <out-dir>}: writes a JSON Schema for every kind of the platform's
 * CRDs (those this jar carries), and with {@code --crds} for the kinds of further CRDs and of
 * ApplicationDefinitions (from the CRD the operator renders for each), in the layout kubeconform's
 * {@code -schema-location} reads.
 */
@Command(
    name = "schemas",
    description =
        "Write the platform kinds' JSON Schemas (from their CRDs) for kubeconform, as"
            + " <out-dir>/<group>/<kind>_<version>.json.")
final class SchemasCommand implements Callable<Integer> {
  @Parameters(paramLabel = "<out-dir>", description = "Where to write them (created if missing).")
  Path out;

  @Option(
      names = "--crds",
      paramLabel = "<file-or-dir>",
      description =
          "CustomResourceDefinitions, or ApplicationDefinitions (a catalog's charts directory),"
              + " whose kinds' schemas are written too.")
  List<Path> crds = new ArrayList<>();

  @Override
  public Integer call() throws Exception {
    Map<String, ObjectNode> schemas = new TreeMap<>(KubeconformSchemas.platform());
    for (Path file : CheckCommand.files(crds)) {
      List<String> problems = new ArrayList<>();
      for (JsonNode doc : CatalogFiles.documents(Files.readString(file))) {
        ServedKinds.crd(doc, problems)
            .ifPresent(crd -> schemas.putAll(KubeconformSchemas.fromCrd(crd)));
      }
      problems.forEach(p -> System.err.println(file + ": " + p));
    }
    int n = KubeconformSchemas.write(schemas, out);
    System.out.println("schemas: wrote " + n + " JSON Schemas to " + out);
    System.out.println(
        "kubeconform -strict -schema-location '"
            + out
            + "/"
            + KubeconformSchemas.LOCATION_TEMPLATE
            + "' <manifests>");
    return CatalogCli.OK;
  }
}
