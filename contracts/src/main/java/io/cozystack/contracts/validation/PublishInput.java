package io.cozystack.contracts.validation;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * The catalog directory {@code package} and {@code push} take, and the validation that guards them:
 * a catalog with findings is not published unless {@code --skip-validation}.
 */
final class PublishInput {
  @Spec(Spec.Target.MIXEE)
  CommandSpec spec;

  @Parameters(
      index = "0",
      paramLabel = "<catalog-dir>",
      description = "The catalog's root (with catalog.yaml).")
  Path dir;

  @Option(
      names = "--skip-validation",
      description = "Publish even when the validator reports findings.")
  boolean skipValidation;

  /** The directory, or a usage error (exit 2) when it is not one. */
  Path directory() {
    if (!Files.isDirectory(dir)) {
      throw new CommandLine.ParameterException(spec.commandLine(), dir + " is not a directory");
    }
    return dir;
  }

  /** {@link CatalogCli#OK} to go on, or {@link CatalogCli#FINDINGS} after printing them. */
  int validate(String verb) throws IOException {
    if (skipValidation) {
      return CatalogCli.OK;
    }
    List<Finding> all = CatalogValidator.validate(directory());
    all.stream().filter(f -> !f.isError()).forEach(f -> System.out.println(f.describe()));
    List<Finding> findings = all.stream().filter(Finding::isError).toList();
    if (findings.isEmpty()) {
      return CatalogCli.OK;
    }
    findings.forEach(f -> System.out.println(f.describe()));
    System.out.println(
        dir
            + ": "
            + findings.size()
            + " finding(s); not "
            + verb
            + " (fix them, or pass --skip-validation)");
    return CatalogCli.FINDINGS;
  }

  /** Prints a failure the way the CLI reports errors: one message, no stack trace. */
  static int fail(String command, IOException e) {
    System.err.println("cozy-catalog " + command + ": " + e.getMessage());
    return CatalogCli.ERROR;
  }
}
