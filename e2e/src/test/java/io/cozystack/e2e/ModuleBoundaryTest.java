package io.cozystack.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Proves the module boundary rule fires: a copy of the real build (its POMs, wrapper and enforcer
 * configuration) with one forbidden dependency added must fail, naming the edge; the unchanged copy
 * must pass. Runs Maven offline against the local repository the outer build filled.
 */
class ModuleBoundaryTest {
  @TempDir Path copy;

  @Test
  void unchangedBuildPassesTheRule() throws Exception {
    copyBuild();
    Result result = validate("catalogs/services");
    assertThat(result.exitCode()).as(result.output()).isZero();
  }

  @Test
  void catalogDependingOnOperatorFails() throws Exception {
    copyBuild();
    addDependency("catalogs/virtualization/pom.xml", "operator", "jar");
    Result result = validate("catalogs/virtualization");
    assertThat(result.exitCode()).isNotZero();
    assertThat(result.output())
        .contains("Forbidden module edge: catalog-virtualization may depend on contracts only")
        .contains("io.cozystack:operator");
  }

  @Test
  void catalogDependingOnAnotherCatalogFails() throws Exception {
    copyBuild();
    addDependency("catalogs/services/pom.xml", "catalog-platform", "jar");
    Result result = validate("catalogs/services");
    assertThat(result.exitCode()).isNotZero();
    assertThat(result.output())
        .contains("Forbidden module edge: catalog-services")
        .contains("io.cozystack:catalog-platform");
  }

  @Test
  void contractsDependingOnAModuleOfOursFails() throws Exception {
    copyBuild();
    // Any other module depends on contracts, so only the parent POM can show this without a cycle.
    addDependency("contracts/pom.xml", "cozy-parent", "pom");
    Result result = validate("contracts");
    assertThat(result.exitCode()).isNotZero();
    assertThat(result.output())
        .contains("Forbidden module edge: contracts may depend on no module of this project")
        .contains("io.cozystack:cozy-parent");
  }

  private record Result(int exitCode, String output) {}

  private Result validate(String module) throws IOException, InterruptedException {
    Path log = copy.resolve("maven.log");
    Process maven =
        new ProcessBuilder(
                copy.resolve("mvnw").toString(),
                "-B",
                "-o",
                "-q",
                "validate",
                "-pl",
                module,
                "-am",
                "-Dspotless.check.skip=true")
            .directory(copy.toFile())
            .redirectErrorStream(true)
            .redirectOutput(log.toFile())
            .start();
    assertThat(maven.waitFor(5, TimeUnit.MINUTES)).isTrue();
    return new Result(maven.exitValue(), Files.readString(log, StandardCharsets.UTF_8));
  }

  private void addDependency(String pom, String artifactId, String type) throws IOException {
    Path file = copy.resolve(pom);
    String dependency =
        "<dependencies>\n    <dependency>\n      <groupId>io.cozystack</groupId>\n"
            + "      <artifactId>"
            + artifactId
            + "</artifactId>\n      <version>${project.version}</version>\n"
            + "      <type>"
            + type
            + "</type>\n    </dependency>";
    String text = Files.readString(file);
    assertThat(text).contains("<dependencies>");
    Files.writeString(file, text.replace("<dependencies>", dependency));
  }

  /** Copies what Maven needs to validate: every pom.xml, the wrapper and .mvn/. */
  private void copyBuild() throws IOException {
    Path root = ControlPlane.repoRoot();
    List<String> poms =
        List.of(
            "pom.xml",
            "contracts/pom.xml",
            "operator/pom.xml",
            "catalogs/platform/pom.xml",
            "catalogs/virtualization/pom.xml",
            "catalogs/services/pom.xml",
            "e2e/pom.xml");
    for (String pom : poms) {
      copyFile(root, pom);
    }
    copyFile(root, "mvnw");
    copy.resolve("mvnw").toFile().setExecutable(true);
    try (Stream<Path> files = Files.walk(root.resolve(".mvn"))) {
      for (Path f : files.filter(Files::isRegularFile).toList()) {
        copyFile(root, root.relativize(f).toString());
      }
    }
  }

  private void copyFile(Path root, String relative) throws IOException {
    Path target = copy.resolve(relative);
    Files.createDirectories(target.getParent());
    Files.copy(root.resolve(relative), target, StandardCopyOption.REPLACE_EXISTING);
  }
}
