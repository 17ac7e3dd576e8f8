package io.cozystack.contracts.apiserver;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The object metadata rules of a created custom resource: its name (or generateName) a DNS
 * subdomain, label keys and values, annotation keys and their total size, and no field the API
 * server does not know.
 */
public final class MetadataRules {
  private static final Pattern SUBDOMAIN =
      Pattern.compile("^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$");
  private static final Pattern QUALIFIED_NAME =
      Pattern.compile("^([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]$");
  private static final Pattern LABEL_VALUE =
      Pattern.compile("^(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?$");
  private static final int ANNOTATIONS_BYTES = 256 * 1024;
  private static final Set<String> FIELDS =
      Set.of(
          "name",
          "generateName",
          "namespace",
          "labels",
          "annotations",
          "finalizers",
          "ownerReferences",
          "uid",
          "resourceVersion",
          "generation",
          "creationTimestamp",
          "deletionTimestamp",
          "deletionGracePeriodSeconds",
          "managedFields",
          "selfLink");

  private MetadataRules() {}

  static void check(JsonNode metadata, List<Violation> out) {
    if (!metadata.isObject()) {
      out.add(new Violation("metadata", "Required value: name or generateName is required"));
      return;
    }
    for (Iterator<String> it = metadata.fieldNames(); it.hasNext(); ) {
      String field = it.next();
      if (!FIELDS.contains(field)) {
        out.add(new Violation("metadata." + field, "unknown field \"metadata." + field + "\""));
      }
    }
    name(metadata, out);
    labels(metadata.path("labels"), "metadata.labels", out);
    annotations(metadata.path("annotations"), out);
  }

  private static void name(JsonNode metadata, List<Violation> out) {
    String name = metadata.path("name").asText("");
    if (name.isEmpty()) {
      if (metadata.path("generateName").asText("").isEmpty()) {
        out.add(new Violation("metadata.name", "Required value: name or generateName is required"));
      }
      return;
    }
    if (name.length() > 253 || !SUBDOMAIN.matcher(name).matches()) {
      out.add(
          new Violation(
              "metadata.name",
              "Invalid value: \""
                  + name
                  + "\": a lowercase RFC 1123 subdomain of at most 253 characters (lowercase"
                  + " letters, digits, '-' and '.', starting and ending with a letter or digit)"));
    }
  }

  /**
   * What the API server would refuse in {@code labels} were they an object's labels, each named
   * under {@code field} (labels a spec asks to be set on what the operator writes).
   */
  public static List<Violation> labels(Map<String, String> labels, String field) {
    List<Violation> out = new ArrayList<>();
    ObjectNode node = JsonNodeFactory.instance.objectNode();
    labels.forEach(node::put);
    labels(node, field, out);
    return out;
  }

  private static void labels(JsonNode labels, String field, List<Violation> out) {
    for (Iterator<Map.Entry<String, JsonNode>> it = labels.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> label = it.next();
      String path = JsonTypes.key(field, label.getKey());
      key(label.getKey(), path, out);
      String value = label.getValue().isTextual() ? label.getValue().asText() : null;
      if (value == null || value.length() > 63 || !LABEL_VALUE.matcher(value).matches()) {
        out.add(
            new Violation(
                path,
                "Invalid value: "
                    + label.getValue()
                    + ": a label value is a string of at most 63 characters: letters, digits,"
                    + " '-', '_' and '.', starting and ending with a letter or digit"));
      }
    }
  }

  private static void annotations(JsonNode annotations, List<Violation> out) {
    long bytes = 0;
    for (Iterator<Map.Entry<String, JsonNode>> it = annotations.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> annotation = it.next();
      String path = JsonTypes.key("metadata.annotations", annotation.getKey());
      key(annotation.getKey(), path, out);
      if (!annotation.getValue().isTextual()) {
        out.add(new Violation(path, "Invalid value: an annotation value is a string"));
      }
      bytes += annotation.getKey().getBytes(StandardCharsets.UTF_8).length;
      bytes += annotation.getValue().asText().getBytes(StandardCharsets.UTF_8).length;
    }
    if (bytes > ANNOTATIONS_BYTES) {
      out.add(
          new Violation(
              "metadata.annotations",
              "Too long: annotations may not be more than " + ANNOTATIONS_BYTES + " bytes"));
    }
  }

  /** A qualified name: an optional DNS-subdomain prefix and '/', then a name of at most 63. */
  private static void key(String key, String path, List<Violation> out) {
    int slash = key.indexOf('/');
    String prefix = slash < 0 ? "" : key.substring(0, slash);
    String name = slash < 0 ? key : key.substring(slash + 1);
    boolean prefixOk =
        slash < 0
            || (!prefix.isEmpty() && prefix.length() <= 253 && SUBDOMAIN.matcher(prefix).matches());
    if (!prefixOk
        || name.isEmpty()
        || name.length() > 63
        || !QUALIFIED_NAME.matcher(name).matches()) {
      out.add(
          new Violation(
              path,
              "Invalid value: \""
                  + key
                  + "\": a key is an optional DNS subdomain prefix and '/', then a name of at"
                  + " most 63 characters: letters, digits, '-', '_' and '.', starting and ending"
                  + " with a letter or digit"));
    }
  }
}
