package io.cozystack.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * No Docker engine runs here, so the Dockerfiles are checked statically: a multi-stage build with
 * the wrapper from the repository root, and a run stage that starts the very jar the module builds
 * (the one the e2e suite runs), as a numeric non-root user. One image for the operator, one per
 * catalog for its backup drivers.
 */
class DockerfileTest {

  /** A Dockerfile, the module it builds, and the jar (the module's shade finalName) it runs. */
  record Image(String dockerfile, String module, String jar) {
    @Override
    public String toString() {
      return dockerfile;
    }
  }

  static Stream<Image> images() {
    return Stream.of(
        new Image("Dockerfile", "operator", "operator"),
        new Image("catalogs/services/Dockerfile", "catalogs/services", "services-backup-drivers"),
        new Image(
            "catalogs/virtualization/Dockerfile",
            "catalogs/virtualization",
            "virtualization-backup-drivers"));
  }

  /**
   * One JVM launch everywhere: the image's {@code JAVA_TOOL_OPTIONS}, the chart's {@code
   * operator.jvmOptions} (which the e2e tests and the footprint benchmark launch the jar with) and
   * {@code operator/bin/run}'s options are the same, and the run script gives the JVM the chart's
   * memory limit.
   */
  @Test
  void theImageTheChartAndTheRunScriptLaunchTheSameJvm() throws Exception {
    String chart = String.join(" ", OperatorJvm.options());
    assertThat(chart).contains("-XX:+UseSerialGC", "-XX:MaxRAMPercentage=");
    String image =
        Files.readAllLines(ControlPlane.repoRoot().resolve("Dockerfile")).stream()
            .filter(l -> l.startsWith("ENV JAVA_TOOL_OPTIONS="))
            .map(l -> l.substring("ENV JAVA_TOOL_OPTIONS=".length()).replace("\"", ""))
            .findFirst()
            .orElseThrow();
    assertThat(image).isEqualTo(chart);
    List<String> run = Files.readAllLines(ControlPlane.repoRoot().resolve("operator/bin/run"));
    assertThat(run).contains("jvm_options=\"" + chart + "\"");
    assertThat(run).contains("memory_limit=" + OperatorJvm.memoryLimit());
  }

  @ParameterizedTest
  @MethodSource("images")
  void buildsWithTheWrapperAndRunsTheJarAsNonRoot(Image image) throws Exception {
    List<String> lines =
        Files.readAllLines(ControlPlane.repoRoot().resolve(image.dockerfile())).stream()
            .map(String::trim)
            .filter(l -> !l.isEmpty() && !l.startsWith("#"))
            .toList();

    assertThat(lines.stream().filter(l -> l.startsWith("FROM "))).hasSize(2);
    assertThat(lines)
        .anyMatch(
            l ->
                l.startsWith("RUN ./mvnw ")
                    && l.contains(" -pl " + image.module() + " ")
                    && l.contains(" -am ")
                    && l.contains(" package"));
    String built = "/src/" + image.module() + "/target/" + image.jar() + ".jar";
    String copy =
        lines.stream()
            .filter(l -> l.startsWith("COPY --from=build") && l.contains(" " + built + " "))
            .findFirst()
            .orElseThrow(() -> new AssertionError(image + " copies no " + built));
    String installed = copy.substring(copy.lastIndexOf(' ') + 1);
    assertThat(installed).endsWith("/" + image.jar() + ".jar");
    String user =
        lines.stream().filter(l -> l.startsWith("USER ")).reduce((a, b) -> b).orElseThrow();
    assertThat(user).matches("USER [1-9][0-9]*:[1-9][0-9]*");
    assertThat(lines.get(lines.size() - 1))
        .isEqualTo("ENTRYPOINT [\"java\", \"-jar\", \"" + installed + "\"]");
    // The jar is the one the module's pom builds.
    assertThat(Files.readString(ControlPlane.repoRoot().resolve(image.module()).resolve("pom.xml")))
        .contains("<finalName>" + image.jar() + "</finalName>");
  }
}
