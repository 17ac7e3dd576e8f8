package io.cozystack.contracts.validation;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Reads a catalog's files: strict YAML (an unknown field is an error, never dropped), and the line
 * a finding points at.
 */
final class CatalogFiles {
  static final ObjectMapper YAML =
      YAMLMapper.builder()
          .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
          .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
          .build();

  private final Path root;

  CatalogFiles(Path root) {
    this.root = root;
  }

  Path root() {
    return root;
  }

  boolean exists(String relative) {
    return Files.exists(root.resolve(relative));
  }

  String text(String relative) {
    try {
      return Files.readString(root.resolve(relative));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  <T> T read(String relative, Class<T> type) throws IOException {
    return YAML.readValue(root.resolve(relative).toFile(), type);
  }

  JsonNode tree(String relative) throws IOException {
    return YAML.readTree(root.resolve(relative).toFile());
  }

  /** The 1-based line of the first occurrence of {@code needle} in the file, or 0. */
  int line(String relative, String needle) {
    if (needle == null || !exists(relative)) {
      return 0;
    }
    List<String> lines = text(relative).lines().toList();
    for (int i = 0; i < lines.size(); i++) {
      if (lines.get(i).contains(needle)) {
        return i + 1;
      }
    }
    return 0;
  }

  /** The 1-based line of the first line in the file that {@code pattern} finds, or 0. */
  int line(String relative, Pattern pattern) {
    if (!exists(relative)) {
      return 0;
    }
    List<String> lines = text(relative).lines().toList();
    for (int i = 0; i < lines.size(); i++) {
      if (pattern.matcher(lines.get(i)).find()) {
        return i + 1;
      }
    }
    return 0;
  }

  /**
   * The line of {@code key: value}, the value whole (so postgres does not match postgres-rd),
   * quoted or not; 0 when there is none.
   */
  int line(String relative, String key, String value) {
    return line(
        relative,
        Pattern.compile(
            "\\b"
                + Pattern.quote(key)
                + ":\\s*[\"']?"
                + Pattern.quote(value)
                + "[\"']?(?=\\s*([,}\\]]|$))"));
  }

  /**
   * The line of the first {@code needle} below the first line {@code anchor} finds (from the top
   * when none does), or 0.
   */
  int lineAfter(String relative, Pattern anchor, String needle) {
    List<String> lines = text(relative).lines().toList();
    for (int i = Math.max(line(relative, anchor), 0); i < lines.size(); i++) {
      if (lines.get(i).contains(needle)) {
        return i + 1;
      }
    }
    return 0;
  }

  /** Whether {@code relative} is a chart directory inside the catalog. */
  boolean isChart(String relative) {
    return !List.of(relative.split("/")).contains("..") && exists(relative + "/Chart.yaml");
  }

  /** The documents of a YAML stream, without empty ones. */
  static List<JsonNode> documents(String yaml) throws IOException {
    List<JsonNode> documents = new ArrayList<>();
    if (yaml == null || yaml.isBlank()) {
      return documents;
    }
    try (var docs = YAML.readerFor(JsonNode.class).readValues(yaml)) {
      while (docs.hasNextValue()) {
        JsonNode doc = (JsonNode) docs.nextValue();
        if (doc != null && !doc.isNull() && !doc.isMissingNode()) {
          documents.add(doc);
        }
      }
    }
    return documents;
  }

  /**
   * The line a parse error points at: an unknown field's own line (a record is built only after its
   * whole object is read, so the parser's location is the object's end), else the parser's.
   */
  int line(String relative, com.fasterxml.jackson.core.JsonProcessingException e) {
    if (e instanceof com.fasterxml.jackson.databind.exc.PropertyBindingException unknown) {
      int line = line(relative, unknown.getPropertyName() + ":");
      if (line > 0) {
        return line;
      }
    }
    return e.getLocation() == null ? 0 : e.getLocation().getLineNr();
  }

  /** Files under {@code relative} (recursively) whose name ends with one of {@code suffixes}. */
  List<String> list(String relative, String... suffixes) {
    Path dir = root.resolve(relative);
    if (!Files.isDirectory(dir)) {
      return List.of();
    }
    try (Stream<Path> walk = Files.walk(dir)) {
      return walk.filter(Files::isRegularFile)
          .filter(p -> Stream.of(suffixes).anyMatch(s -> p.toString().endsWith(s)))
          .map(p -> root.relativize(p).toString())
          .sorted()
          .toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
