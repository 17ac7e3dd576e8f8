package io.cozystack.contracts.validation;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonStreamContext;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedList;
import java.util.List;
import java.util.Map;

/**
 * The line of every field of a YAML stream's documents, so that a finding about {@code
 * spec.components[0].name} points at that line (or, for a field that is missing, at the nearest
 * enclosing one that is there).
 */
final class YamlLines {
  private static final YAMLFactory YAML = new YAMLFactory();

  /** Per document: the path's segments joined by NUL, to its 1-based line. */
  private final List<Map<String, Integer>> documents = new ArrayList<>();

  private YamlLines() {}

  static YamlLines of(String text) {
    YamlLines lines = new YamlLines();
    try (JsonParser parser = YAML.createParser(text)) {
      Map<String, Integer> current = null;
      for (JsonToken token = parser.nextToken(); token != null; token = parser.nextToken()) {
        JsonStreamContext parent = parser.getParsingContext().getParent();
        if (token.isStructStart() && parent != null && parent.inRoot()) {
          current = new HashMap<>();
          lines.documents.add(current);
        }
        if (current != null && token != JsonToken.END_OBJECT && token != JsonToken.END_ARRAY) {
          current.putIfAbsent(
              key(segments(parser.getParsingContext(), token)),
              parser.currentTokenLocation().getLineNr());
        }
      }
    } catch (IOException e) {
      // A file that does not parse has its own finding; its lines are simply unknown.
    }
    return lines;
  }

  /**
   * The line of {@code field} (Kubernetes' field path: {@code a.b[0].c}, {@code
   * metadata.labels[x/y]}) in document {@code document}, or of its nearest enclosing field; 0 when
   * none is known.
   */
  int line(int document, String field) {
    if (document >= documents.size()) {
      return 0;
    }
    List<String> path = parse(field);
    for (int n = path.size(); n > 0; n--) {
      Integer line = documents.get(document).get(key(path.subList(0, n)));
      if (line != null) {
        return line;
      }
    }
    return 0;
  }

  private static List<String> segments(JsonStreamContext context, JsonToken token) {
    LinkedList<String> segments = new LinkedList<>();
    // For a START token the parser has already entered the new (unnamed) container.
    JsonStreamContext at = token.isStructStart() ? context.getParent() : context;
    for (; at != null && !at.inRoot(); at = at.getParent()) {
      if (at.inObject()) {
        if (at.getCurrentName() != null) {
          segments.addFirst(at.getCurrentName());
        }
      } else if (at.inArray()) {
        segments.addFirst(String.valueOf(at.getCurrentIndex()));
      }
    }
    return segments;
  }

  /** {@code a.b[0].c} and {@code m[x.y/z]} to their segments. */
  static List<String> parse(String field) {
    List<String> segments = new ArrayList<>();
    StringBuilder segment = new StringBuilder();
    for (int i = 0; i < field.length(); i++) {
      char c = field.charAt(i);
      if (c == '.' || c == '[') {
        if (segment.length() > 0) {
          segments.add(segment.toString());
          segment.setLength(0);
        }
        if (c == '[') {
          int end = field.indexOf(']', i);
          end = end < 0 ? field.length() : end;
          segments.add(field.substring(i + 1, end));
          i = end;
        }
      } else {
        segment.append(c);
      }
    }
    if (segment.length() > 0) {
      segments.add(segment.toString());
    }
    return segments;
  }

  private static String key(List<String> segments) {
    return String.join("\u0000", segments);
  }
}
