package io.cozystack.contracts.validation;

import io.cozystack.contracts.schemas.KubeconformSchemas;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * {@code cozy-catalog schemas <out-dir>}: writes a JSON Schema for every kind of the platform's
 * CRDs (those this jar carries), in the layout kubeconform's {@code -schema-location} reads. The
 * kinds a catalog's ApplicationDefinitions serve are not written yet: their CRDs are rendered by
 * the operator.
 */
@Command(
    name = "schemas",
    description =
        "Write the platform kinds' JSON Schemas (from their CRDs) for kubeconform, as"
            + " <out-dir>/<group>/<kind>_<version>.json.")
final class SchemasCommand implements Callable<Integer> {
  @Parameters(paramLabel = "<out-dir>", description = "Where to write them (created if missing).")
  Path out;

  @Override
  public Integer call() throws Exception {
    int n = KubeconformSchemas.write(KubeconformSchemas.platform(), out);
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
