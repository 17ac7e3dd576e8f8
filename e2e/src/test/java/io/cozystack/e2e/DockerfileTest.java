package io.cozystack.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * No Docker engine runs here, so the Dockerfile is checked statically: a multi-stage build with the
 * wrapper, and a run stage that starts the very jar the e2e suite runs, as a numeric non-root user.
 */
class DockerfileTest {

  @Test
  void buildsWithTheWrapperAndRunsTheJarAsNonRoot() throws Exception {
    List<String> lines =
        Files.readAllLines(ControlPlane.repoRoot().resolve("Dockerfile")).stream()
            .map(String::trim)
            .filter(l -> !l.isEmpty() && !l.startsWith("#"))
            .toList();

    assertThat(lines.stream().filter(l -> l.startsWith("FROM "))).hasSize(2);
    assertThat(lines).anyMatch(l -> l.startsWith("RUN ./mvnw ") && l.contains("-pl operator"));
    assertThat(lines)
        .anyMatch(
            l ->
                l.startsWith("COPY --from=build")
                    && l.contains("/src/operator/target/operator.jar"));
    String user =
        lines.stream().filter(l -> l.startsWith("USER ")).reduce((a, b) -> b).orElseThrow();
    assertThat(user).matches("USER [1-9][0-9]*:[1-9][0-9]*");
    assertThat(lines.get(lines.size() - 1))
        .isEqualTo("ENTRYPOINT [\"java\", \"-jar\", \"/opt/operator/operator.jar\"]");
  }
}
