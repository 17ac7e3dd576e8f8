package io.cozystack.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The CI job docs/catalog-authors.md tells catalog authors to copy, run as written on this
 * repository's services catalog: every {@code run} step of the documented workflow, in order, with
 * the job's environment ({@code JAR} pointed at the jar this build made); the {@code uses} steps
 * (checkout, setting up Java and Go) are what this machine already is.
 */
class CatalogCiJobTest {
  private static final Path ROOT = ControlPlane.repoRoot();

  @Test
  void theDocumentedJobPassesOnTheServicesCatalog() throws Exception {
    JsonNode job = documentedJob();
    Map<String, String> env = new java.util.HashMap<>();
    for (Iterator<Map.Entry<String, JsonNode>> it = job.path("env").fields(); it.hasNext(); ) {
      var e = it.next();
      env.put(e.getKey(), e.getValue().asText());
    }
    env.put("JAR", ROOT.resolve("contracts/target/cozy-catalog.jar").toString());
    env.put("PATH", javaBin() + ":" + System.getenv("PATH"));
    List<String> ran = new ArrayList<>();
    for (JsonNode step : job.path("steps")) {
      if (!step.has("run")) {
        continue;
      }
      String name = step.path("name").asText();
      Process p =
          builder(List.of("bash", "-eo", "pipefail", "-c", step.get("run").asText()), env).start();
      String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      assertThat(p.waitFor(15, TimeUnit.MINUTES)).as(name).isTrue();
      assertThat(p.exitValue()).as("step '" + name + "' of the documented job:\n" + out).isZero();
      ran.add(name);
    }
    assertThat(ran).hasSizeGreaterThanOrEqualTo(4);
    System.out.println("[ci-job] the documented job's steps all pass: " + ran);
  }

  private static ProcessBuilder builder(List<String> command, Map<String, String> env) {
    ProcessBuilder builder = new ProcessBuilder(command).directory(ROOT.toFile());
    builder.environment().putAll(env);
    return builder.redirectErrorStream(true);
  }

  private static String javaBin() {
    return Path.of(System.getProperty("java.home"), "bin").toString();
  }

  /** The one job of the YAML block in section 5 of docs/catalog-authors.md. */
  private static JsonNode documentedJob() throws Exception {
    String doc = Files.readString(ROOT.resolve("docs/catalog-authors.md"));
    Matcher block = Pattern.compile("(?s)```yaml\\n(name: catalog\\n.*?)```").matcher(doc);
    assertThat(block.find()).as("the CI job in docs/catalog-authors.md").isTrue();
    JsonNode workflow = new YAMLMapper().readTree(block.group(1));
    return workflow.path("jobs").path("catalog");
  }
}
