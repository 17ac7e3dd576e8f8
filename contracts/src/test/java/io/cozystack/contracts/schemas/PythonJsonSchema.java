package io.cozystack.contracts.schemas;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The independent validator: Python's {@code jsonschema} package (draft 2020-12), pinned in {@code
 * src/test/python/requirements.txt} and installed from PyPI into {@code target/jsonschema-venv} by
 * {@code src/test/python/jsonschema-venv}, run as a process over a corpus. When Python, its venv
 * module or the package cannot be had, the test fails with the reason: it never skips.
 */
final class PythonJsonSchema {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static String python;

  /** One instance to judge against one of the corpus's schemas. */
  record Case(String id, String schema, JsonNode instance, boolean expectValid) {}

  /** The validator's verdict on one case. */
  record Verdict(Case c, boolean valid, List<String> errors) {
    boolean agrees() {
      return valid == c.expectValid();
    }

    String describe() {
      return c.id()
          + ": expected "
          + (c.expectValid() ? "valid" : "invalid")
          + ", jsonschema says "
          + (valid ? "valid" : "invalid " + errors)
          + "\n      instance: "
          + c.instance();
    }
  }

  /** The validator's name and version, and its verdict on every case, in order. */
  record Run(String validator, List<Verdict> verdicts) {
    List<Verdict> disagreements() {
      return verdicts.stream().filter(v -> !v.agrees()).toList();
    }
  }

  private PythonJsonSchema() {}

  static Path repoRoot() {
    Path dir = Path.of("").toAbsolutePath();
    while (dir != null
        && !(Files.isDirectory(dir.resolve("crds"))
            && Files.isDirectory(dir.resolve("contracts")))) {
      dir = dir.getParent();
    }
    if (dir == null) {
      throw new AssertionError(
          "cannot find the repository root above " + Path.of("").toAbsolutePath());
    }
    return dir;
  }

  /** The venv's python, made on first use. */
  static synchronized String python() throws IOException, InterruptedException {
    if (python == null) {
      Path contracts = repoRoot().resolve("contracts");
      Path script = contracts.resolve("src/test/python/jsonschema-venv");
      Process p =
          new ProcessBuilder(
                  "bash", script.toString(), contracts.resolve("target/jsonschema-venv").toString())
              .redirectErrorStream(true)
              .start();
      String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      if (!p.waitFor(10, TimeUnit.MINUTES) || p.exitValue() != 0) {
        throw new AssertionError(
            "The schema tests need Python 3 with the venv module and the jsonschema package from"
                + " PyPI (contracts/src/test/python/requirements.txt); .ci/run installs Python."
                + " Setting it up failed:\n"
                + out);
      }
      String[] lines = out.strip().split("\n");
      python = lines[lines.length - 1].strip();
    }
    return python;
  }

  /**
   * Judges every case with jsonschema, in one process. The corpus and the verdicts are left in
   * {@code target/jsonschema-corpus/<name>.json} and {@code <name>.verdicts.json} for a look.
   */
  static Run validate(String name, Map<String, ? extends JsonNode> schemas, List<Case> cases)
      throws IOException, InterruptedException {
    Path work = repoRoot().resolve("contracts/target/jsonschema-corpus");
    Files.createDirectories(work);
    Path corpus = work.resolve(name + ".json");
    ObjectNode root = JSON.createObjectNode();
    ObjectNode schemaNodes = root.putObject("schemas");
    schemas.forEach(schemaNodes::set);
    var caseNodes = root.putArray("cases");
    Map<String, Case> byId = new LinkedHashMap<>();
    for (Case c : cases) {
      if (byId.put(c.id(), c) != null) {
        throw new IllegalArgumentException("two cases named " + c.id());
      }
      ObjectNode n = caseNodes.addObject();
      n.put("id", c.id());
      n.put("schema", c.schema());
      n.set("instance", c.instance());
    }
    JSON.writeValue(corpus.toFile(), root);
    Path out = work.resolve(name + ".verdicts.json");
    Path err = work.resolve(name + ".stderr.txt");
    Process p =
        new ProcessBuilder(
                python(),
                repoRoot().resolve("contracts/src/test/python/validate.py").toString(),
                corpus.toString())
            .redirectOutput(out.toFile())
            .redirectError(err.toFile())
            .start();
    if (!p.waitFor(5, TimeUnit.MINUTES) || p.exitValue() != 0) {
      throw new AssertionError("validate.py failed:\n" + Files.readString(err));
    }
    JsonNode result = JSON.readTree(out.toFile());
    List<Verdict> verdicts = new ArrayList<>();
    for (JsonNode r : result.path("results")) {
      List<String> errors = new ArrayList<>();
      r.path("errors")
          .forEach(e -> errors.add(e.path("path").asText() + ": " + e.path("message").asText()));
      verdicts.add(
          new Verdict(byId.get(r.path("id").asText()), r.path("valid").asBoolean(), errors));
    }
    if (verdicts.size() != cases.size()) {
      throw new AssertionError(
          "validate.py judged " + verdicts.size() + " of " + cases.size() + " cases");
    }
    return new Run(result.path("validator").asText(), verdicts);
  }
}
