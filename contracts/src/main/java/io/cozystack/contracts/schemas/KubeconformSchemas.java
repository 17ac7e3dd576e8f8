package io.cozystack.contracts.schemas;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.cozystack.api.ApiTypes;
import io.fabric8.kubernetes.api.model.HasMetadata;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * Per-kind JSON Schemas derived from the CRDs, in the layout kubeconform's {@code -schema-location}
 * reads: {@code <group>/<kind lowercase>_<version>.json}, one per served version, so {@code
 * -schema-location '<dir>/{{.Group}}/{{.ResourceKind}}_{{.ResourceAPIVersion}}.json'} finds them.
 * Each is the CRD's {@code openAPIV3Schema} through {@link OpenApiToJsonSchema} (strict: closed
 * where the CRD is), with {@code apiVersion} and {@code kind} pinned to the kind's and {@code
 * metadata} checked as the API server checks names, labels and annotations.
 *
 * <p>The CRDs are this platform's, the committed files of {@code crds/}, bundled in the jar under
 * {@value #CRDS}.
 */
public final class KubeconformSchemas {
  /** Where the jar carries the committed CRDs (one file per {@link ApiTypes#ALL} type). */
  public static final String CRDS = "/io/cozystack/contracts/crds/";

  /** The {@code -schema-location} template, relative to the directory the schemas are in. */
  public static final String LOCATION_TEMPLATE =
      "{{.Group}}/{{.ResourceKind}}_{{.ResourceAPIVersion}}.json";

  private static final ObjectMapper JSON =
      new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
  private static final YAMLMapper YAML = new YAMLMapper();

  private KubeconformSchemas() {}

  /** The platform's CRDs, as bundled: file name to parsed manifest. */
  public static Map<String, JsonNode> platformCrds() {
    Map<String, JsonNode> crds = new TreeMap<>();
    for (Class<? extends HasMetadata> type : ApiTypes.ALL) {
      String name = HasMetadata.getGroup(type) + "_" + HasMetadata.getPlural(type) + ".yaml";
      try (InputStream in = KubeconformSchemas.class.getResourceAsStream(CRDS + name)) {
        if (in == null) {
          throw new IllegalStateException(
              "the CRD " + name + " is not bundled under " + CRDS + " (a broken build)");
        }
        crds.put(name, YAML.readTree(in));
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    return crds;
  }

  /** Relative path ({@code group/kind_version.json}) to schema, for every version of a CRD. */
  public static Map<String, ObjectNode> fromCrd(JsonNode crd) {
    JsonNode spec = crd.path("spec");
    String group = spec.path("group").asText();
    String kind = spec.path("names").path("kind").asText();
    if (group.isEmpty() || kind.isEmpty()) {
      throw new IllegalArgumentException(
          "not a CustomResourceDefinition (no spec.group or spec.names.kind)");
    }
    Map<String, ObjectNode> result = new TreeMap<>();
    for (JsonNode version : spec.path("versions")) {
      if (!version.path("served").asBoolean(true)) {
        continue;
      }
      String name = version.path("name").asText();
      JsonNode openApi = version.path("schema").path("openAPIV3Schema");
      result.put(
          group + "/" + kind.toLowerCase(Locale.ROOT) + "_" + name + ".json",
          kindSchema(group, name, kind, openApi));
    }
    return result;
  }

  /** The schema of one kind at one version, from its CRD's {@code openAPIV3Schema}. */
  static ObjectNode kindSchema(String group, String version, String kind, JsonNode openApi) {
    ObjectNode converted = OpenApiToJsonSchema.convert(openApi);
    ObjectNode root = JSON.createObjectNode();
    root.put("$schema", OpenApiToJsonSchema.DRAFT_2020_12);
    root.put("title", kind + " (" + group + "/" + version + "), from its CustomResourceDefinition");
    root.put("type", "object");
    ObjectNode properties = root.putObject("properties");
    properties
        .putObject("apiVersion")
        .put("type", "string")
        .putArray("enum")
        .add(group + "/" + version);
    properties.putObject("kind").put("type", "string").putArray("enum").add(kind);
    properties.set("metadata", OpenApiToJsonSchema.objectMeta());
    converted
        .path("properties")
        .fields()
        .forEachRemaining(e -> properties.set(e.getKey(), e.getValue()));
    var required = root.putArray("required").add("apiVersion").add("kind");
    converted
        .path("required")
        .forEach(
            r -> {
              if (!"apiVersion".equals(r.asText()) && !"kind".equals(r.asText())) {
                required.add(r);
              }
            });
    converted
        .fields()
        .forEachRemaining(
            e -> {
              if (!root.has(e.getKey())) {
                root.set(e.getKey(), e.getValue());
              }
            });
    return root;
  }

  /** Every platform kind's schema, by relative path. */
  public static Map<String, ObjectNode> platform() {
    Map<String, ObjectNode> all = new TreeMap<>();
    platformCrds().values().forEach(crd -> all.putAll(fromCrd(crd)));
    return all;
  }

  /** Writes {@code schemas} under {@code dir}; returns how many files were written. */
  public static int write(Map<String, ObjectNode> schemas, Path dir) throws IOException {
    for (Map.Entry<String, ObjectNode> e : schemas.entrySet()) {
      Path file = dir.resolve(e.getKey());
      Files.createDirectories(file.getParent());
      Files.writeString(file, JSON.writeValueAsString(e.getValue()) + "\n");
    }
    return schemas.size();
  }
}
