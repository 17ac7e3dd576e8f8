package io.cozystack.contracts.validation;

import io.cozystack.contracts.artifact.CatalogArtifact;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code cozy-catalog package}: the catalog's Flux artifact layer as a file, and its digest. */
@Command(
    name = "package",
    mixinStandardHelpOptions = true,
    description = {
      "Validate a catalog and write it as the tar+gzip layer Flux's OCIRepository extracts, with"
          + " the platform's cozy-lib at library/cozy-lib/. Prints the layer's sha256 digest;"
          + " the same content always gives the same bytes and digest."
    })
final class PackageCommand implements Callable<Integer> {
  @Mixin PublishInput input;

  @Option(
      names = "--output",
      paramLabel = "<file.tar.gz>",
      description = "Where to write it. Default: <catalog-dir>/target/catalog.tar.gz.")
  Path output;

  @Override
  public Integer call() {
    Path dir = input.directory();
    try {
      int validation = input.validate("packaged");
      if (validation != CatalogCli.OK) {
        return validation;
      }
      Path file = output != null ? output : dir.resolve("target").resolve("catalog.tar.gz");
      CatalogArtifact artifact = CatalogArtifact.pack(dir, Optional.of(file));
      artifact.writeTo(file);
      System.out.println(
          artifact.digest()
              + " "
              + file
              + " ("
              + artifact.size()
              + " bytes, "
              + artifact.entries().size()
              + " entries)");
      return CatalogCli.OK;
    } catch (IOException e) {
      return PublishInput.fail("package", e);
    }
  }
}
