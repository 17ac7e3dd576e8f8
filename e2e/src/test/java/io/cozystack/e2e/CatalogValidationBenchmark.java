package io.cozystack.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import io.cozystack.contracts.validation.CatalogValidator;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code cozy-catalog validate} on a catalog with N applications ({@code -Dbenchmark.apps}, default
 * 50), made of copies of the services catalog's Postgres: wall time of the jar, split into JVM
 * start (the jar's {@code --version}) and work, and the in-process validation time.
 */
class CatalogValidationBenchmark {
  @TempDir Path dir;

  @Test
  void validateAFiftyAppCatalog() throws Exception {
    int apps = Integer.getInteger("benchmark.apps", 50);
    Path catalog = generate(apps);
    Path jar = ControlPlane.repoRoot().resolve("contracts/target/cozy-catalog.jar");

    long inProcessStart = System.nanoTime();
    assertThat(CatalogValidator.validate(catalog)).isEmpty();
    double firstInProcess = (System.nanoTime() - inProcessStart) / 1e9;
    inProcessStart = System.nanoTime();
    CatalogValidator.validate(catalog);
    double warmInProcess = (System.nanoTime() - inProcessStart) / 1e9;

    double startup = run(jar, "--version");
    double total = run(jar, "validate", catalog.toString());
    System.out.printf(
        "%n[benchmark] cozy-catalog validate, %d applications: %.2f s wall (JVM start %.2f s, work %.2f s)%n"
            + "[benchmark] in-process: first run %.3f s, warm run %.3f s (%.1f ms per application)%n",
        apps,
        total,
        startup,
        total - startup,
        firstInProcess,
        warmInProcess,
        warmInProcess * 1000 / apps);
  }

  private static double run(Path jar, String... args) throws Exception {
    List<String> command = new ArrayList<>(List.of(javaBinary(), "-jar", jar.toString()));
    command.addAll(List.of(args));
    long start = System.nanoTime();
    Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
    String output = new String(process.getInputStream().readAllBytes());
    assertThat(process.waitFor()).as(output).isZero();
    return (System.nanoTime() - start) / 1e9;
  }

  private static String javaBinary() {
    return Path.of(System.getProperty("java.home"), "bin", "java").toString();
  }

  /**
   * N Postgres copies: each its own chart {@code charts/postgres<i>}, every definition in the one
   * {@code charts/postgres-rd} chart, and one PackageSource with a component per chart (so every
   * chartRef is an artifact the catalog derives).
   */
  private Path generate(int apps) throws IOException {
    Path source = ControlPlane.repoRoot().resolve("catalogs/services");
    Path target = dir.resolve("catalog");
    String definition =
        Files.readString(source.resolve("charts/postgres-rd/cozyrds/postgres.yaml"));
    copy(source.resolve("charts/postgres-rd"), target.resolve("charts/postgres-rd"));
    Files.delete(target.resolve("charts/postgres-rd/cozyrds/postgres.yaml"));
    StringBuilder entries = new StringBuilder();
    StringBuilder components = new StringBuilder();
    for (int i = 0; i < apps; i++) {
      String kind = "Postgres" + i;
      String name = "postgres" + i;
      Files.writeString(
          target.resolve("charts/postgres-rd/cozyrds/" + name + ".yaml"),
          definition
              .replace("kind: Postgres", "kind: " + kind)
              .replace("name: postgres", "name: " + name)
              .replace("-default-postgres\n", "-default-" + name + "\n")
              .replace("plural: postgreses", "plural: " + name + "s")
              .replace("singular: postgres", "singular: " + name)
              .replace("prefix: postgres-", "prefix: " + name + "-"));
      copy(source.resolve("charts/postgres"), target.resolve("charts/" + name));
      entries.append(
          """
              - kind: %s
                definition: charts/postgres-rd/cozyrds/%s.yaml
                chart: charts/%s
                requiredValues: [_namespace.host]
          """
              .formatted(kind, name, name));
      components.append(
          """
                  - name: %s
                    path: charts/%s
                    libraries: ["cozy-lib"]
          """
              .formatted(name, name));
    }
    String sourceFile = "charts/catalog/sources/postgres-application.yaml";
    String packageSource = Files.readString(source.resolve(sourceFile));
    Files.createDirectories(target.resolve(sourceFile).getParent());
    Files.writeString(
        target.resolve(sourceFile),
        packageSource.substring(0, packageSource.indexOf("      components:\n"))
            + "      components:\n"
            + components
            + """
                    - name: postgres-rd
                      path: charts/postgres-rd
                      install: {namespace: cozy-system, releaseName: postgres-rd}
            """);
    String manifest = Files.readString(source.resolve("catalog.yaml"));
    String head = manifest.substring(0, manifest.indexOf("  applications:\n"));
    String tail =
        manifest.substring(
            manifest.indexOf("  strategies:"), manifest.indexOf("  packageSources:"));
    Files.writeString(
        target.resolve("catalog.yaml"),
        head
            + "  applications:\n"
            + entries
            + tail
            + "  packageSources:\n    - "
            + sourceFile
            + "\n");
    return target;
  }

  private static void copy(Path from, Path to) throws IOException {
    try (Stream<Path> walk = Files.walk(from)) {
      for (Path p : walk.toList()) {
        Path t = to.resolve(from.relativize(p).toString());
        if (Files.isDirectory(p)) {
          Files.createDirectories(t);
        } else {
          Files.copy(p, t);
        }
      }
    }
  }
}
