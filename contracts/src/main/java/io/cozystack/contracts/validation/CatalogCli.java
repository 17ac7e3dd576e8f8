package io.cozystack.contracts.validation;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code cozy-catalog}: validates a catalog against the contracts, lists the breaking changes
 * between two versions of one, writes the platform kinds' JSON Schemas for kubeconform, or packages
 * and pushes a catalog as a Flux OCI artifact. Exit codes: 0 no findings, 1 findings, 2 usage, I/O
 * or registry error.
 */
@Command(
    name = "cozy-catalog",
    mixinStandardHelpOptions = true,
    description =
        "Checks a catalog against the platform's contracts (K1-K6) and publishes it as a Flux OCI"
            + " artifact.",
    subcommands = {
      CatalogCli.Validate.class,
      CatalogCli.Diff.class,
      CheckCommand.class,
      SchemasCommand.class,
      PackageCommand.class,
      PushCommand.class
    },
    versionProvider = CatalogCli.Version.class,
    exitCodeOnInvalidInput = 2,
    exitCodeOnExecutionException = 2)
public final class CatalogCli {
  public static final int OK = 0;
  public static final int FINDINGS = 1;
  public static final int ERROR = 2;

  public static void main(String[] args) {
    // The CLI logs nothing; keep SLF4J from warning that no logging backend is on the classpath.
    System.setProperty("slf4j.internal.verbosity", "ERROR");
    System.exit(run(args));
  }

  /** Runs the CLI and returns its exit code (for tests). */
  public static int run(String... args) {
    return new CommandLine(new CatalogCli()).execute(args);
  }

  /** The platform and contract versions this validator judges by. */
  static final class Version implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
      return new String[] {
        "cozy-catalog "
            + io.cozystack.api.Contracts.PLATFORM_VERSION
            + " (contract version "
            + io.cozystack.api.Contracts.VERSION
            + ", cozy-lib "
            + io.cozystack.api.Contracts.COZY_LIB_VERSION
            + ")"
      };
    }
  }

  /** Text, JSON, or GitHub Actions workflow commands (annotations on the offending line). */
  enum Output {
    text,
    json,
    github
  }

  /**
   * Prints the findings; {@code base} is the directory their files are relative to (the catalog),
   * which GitHub annotations prefix so that the file is named from the working directory.
   */
  static int report(List<Finding> findings, Output output, String what, Path base)
      throws Exception {
    return report(findings, output, what, base, false);
  }

  /**
   * Prints the findings and returns the exit code: {@link #FINDINGS} when one is an error, or (with
   * {@code strict}) a warning.
   */
  static int report(List<Finding> findings, Output output, String what, Path base, boolean strict)
      throws Exception {
    long errors = findings.stream().filter(Finding::isError).count();
    String summary =
        what
            + ": "
            + (findings.isEmpty()
                ? "no findings"
                : findings.size()
                    + " finding(s)"
                    + (errors == findings.size()
                        ? ""
                        : ", " + (findings.size() - errors) + " of them warnings"));
    if (output == Output.github) {
      findings.forEach(f -> System.out.println(GithubAnnotations.error(f, base)));
      System.out.println(summary);
    } else if (output == Output.json) {
      System.out.println(
          new ObjectMapper()
              .enable(SerializationFeature.INDENT_OUTPUT)
              .writeValueAsString(java.util.Map.of("findings", findings)));
    } else {
      findings.forEach(f -> System.out.println(f.describe()));
      System.out.println(summary);
    }
    return errors > 0 || (strict && !findings.isEmpty()) ? FINDINGS : OK;
  }

  static Path directory(Path dir) {
    if (!Files.isDirectory(dir)) {
      throw new CommandLine.ParameterException(
          new CommandLine(new CatalogCli()), dir + " is not a directory");
    }
    return dir;
  }

  @Command(name = "validate", description = "Validate a catalog directory.")
  static final class Validate implements Callable<Integer> {
    @Parameters(
        paramLabel = "<catalog-dir>",
        description = "The catalog's root (with catalog.yaml).")
    Path dir;

    @Option(
        names = "--output",
        description =
            "text, json, or github (GitHub Actions ::error annotations on each finding's file and"
                + " line). Default: ${DEFAULT-VALUE}.")
    Output output = Output.text;

    @Option(
        names = "--strict",
        description = "Fail on warnings too (rules the validator could not judge).")
    boolean strict;

    @Override
    public Integer call() throws Exception {
      return report(CatalogValidator.validate(directory(dir)), output, dir.toString(), dir, strict);
    }
  }

  @Command(name = "diff", description = "List breaking changes from <old-dir> to <new-dir>.")
  static final class Diff implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "<old-dir>")
    Path older;

    @Parameters(index = "1", paramLabel = "<new-dir>")
    Path newer;

    @Option(
        names = "--output",
        description =
            "text, json, or github (GitHub Actions ::error annotations, files in <new-dir>)."
                + " Default: ${DEFAULT-VALUE}.")
    Output output = Output.text;

    @Override
    public Integer call() throws Exception {
      return report(
          CatalogDiff.diff(directory(older), directory(newer)),
          output,
          older + " -> " + newer,
          newer);
    }
  }
}
