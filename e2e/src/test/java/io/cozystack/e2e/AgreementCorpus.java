package io.cozystack.e2e;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.cozystack.api.v1alpha1.ApplicationDefinition;
import io.cozystack.contracts.definition.ApplicationCrdRenderer;
import io.cozystack.contracts.definition.SchemaDefaults;
import io.cozystack.contracts.schemas.KubeconformSchemas;
import io.cozystack.contracts.validation.DefinitionCheck;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * Manifests of the platform's kinds for judging the validator against the API server: the
 * repository's own (examples, the catalogs' definitions and sources, the kubeconform corpus) and,
 * for each, variants changed in one place: an unknown field, a bad name or label, and for the
 * fields it sets, each removed and each given a value its CRD's schema constrains (outside a
 * pattern, an enum, a length or a bound, or of the wrong type). No verdict is assumed here: the API
 * server gives it.
 */
final class AgreementCorpus {
  private static final YAMLMapper YAML = new YAMLMapper();

  private final Map<String, JsonNode> cases = new LinkedHashMap<>();
  private final Map<String, JsonNode> schemas = new LinkedHashMap<>();

  /** The manifests by case name (a file name), and the CRDs of the catalogs' kinds they use. */
  record Corpus(Map<String, JsonNode> cases, List<JsonNode> crds) {}

  /**
   * The group the catalogs' kinds are served under here: the CRD the operator renders for each
   * definition, with its group changed, so that the class never meets another's served kinds.
   */
  static final String GROUP = "agreement.example.org";

  private final List<JsonNode> catalogCrds = new ArrayList<>();

  private AgreementCorpus() {
    KubeconformSchemas.platformCrds().values().forEach(this::serve);
  }

  private void serve(JsonNode crd) {
    JsonNode spec = crd.path("spec");
    for (JsonNode version : spec.path("versions")) {
      schemas.put(
          spec.path("group").asText()
              + "/"
              + version.path("name").asText()
              + " "
              + spec.path("names").path("kind").asText(),
          version.path("schema").path("openAPIV3Schema"));
    }
  }

  static Corpus build(Path repo) throws IOException {
    AgreementCorpus corpus = new AgreementCorpus();
    for (Path file : bases(repo)) {
      String base = repo.relativize(file).toString().replaceAll("[^A-Za-z0-9]+", "-");
      for (JsonNode doc :
          YAML.readerFor(JsonNode.class).<JsonNode>readValues(file.toFile()).readAll()) {
        if (doc instanceof ObjectNode object && corpus.schemaOf(object) != null) {
          corpus.variants(base + "-" + object.path("kind").asText().toLowerCase(), object);
        }
      }
    }
    corpus.catalogKinds(repo);
    corpus.definitionSchemas();
    return new Corpus(corpus.cases, corpus.catalogCrds);
  }

  /**
   * Each catalog definition's kind: its CRD rendered, an instance with every default set, and
   * Cozystack's own manifests of the kind, each with its variants.
   */
  private void catalogKinds(Path repo) throws IOException {
    List<Path> definitions;
    try (Stream<Path> walk = Files.walk(repo.resolve("catalogs"))) {
      definitions =
          walk.filter(p -> p.toString().matches(".*/charts/[^/]+-rd/cozyrds/[^/]+\\.yaml"))
              .sorted()
              .toList();
    }
    for (Path file : definitions) {
      ApplicationDefinition definition =
          Serialization.unmarshal(Files.readString(file), ApplicationDefinition.class);
      ObjectNode values = DefinitionCheck.check(definition).schema().orElseThrow();
      ObjectNode crd =
          Serialization.jsonMapper()
              .valueToTree(ApplicationCrdRenderer.render(definition, values).crd());
      String plural = definition.getSpec().application().plural();
      ((ObjectNode) crd.get("metadata")).put("name", plural + "." + GROUP);
      ((ObjectNode) crd.get("spec")).put("group", GROUP);
      ((ObjectNode) crd.get("metadata")).putObject("labels").put("e2e", "agreement");
      catalogCrds.add(crd);
      serve(crd);
      String kind = definition.getSpec().application().kind();
      ObjectNode instance = YAML.createObjectNode();
      instance.put("apiVersion", GROUP + "/v1alpha1").put("kind", kind);
      instance.putObject("metadata").put("name", "defaults");
      instance.set("spec", SchemaDefaults.apply(values, YAML.createObjectNode()));
      variants("kind-" + plural + "-defaults", instance);
      for (Path example : examples(repo, definition.getSpec().application().singular())) {
        ObjectNode manifest = (ObjectNode) YAML.readTree(example.toFile());
        manifest.put("apiVersion", GROUP + "/v1alpha1");
        variants(
            "kind-" + plural + "-" + example.getFileName().toString().replace(".yaml", ""),
            manifest);
      }
    }
  }

  /**
   * A definition's schema the API server accepts as a definition but may refuse as the CRD it
   * serves: one property declared each way, refused (an unknown type, defaults their own schema
   * refuses, CEL that does not compile, list types and keys declared wrong, forbidden keywords) or
   * not (the same features declared right, and a rule with a Kubernetes-only function).
   */
  private void definitionSchemas() throws IOException {
    Map<String, String> properties = new LinkedHashMap<>();
    properties.put("unknown-type", "{\"type\":\"foo\"}");
    properties.put("default-type", "{\"type\":\"integer\",\"default\":\"big\"}");
    properties.put("default-enum", "{\"type\":\"string\",\"enum\":[\"a\"],\"default\":\"b\"}");
    properties.put(
        "default-pattern", "{\"type\":\"string\",\"pattern\":\"^[a-z]+$\",\"default\":\"A1\"}");
    properties.put("default-maximum", "{\"type\":\"integer\",\"maximum\":3,\"default\":4}");
    properties.put(
        "default-unknown-field",
        "{\"type\":\"object\",\"properties\":{\"a\":{\"type\":\"string\"}},\"default\":{\"b\":\"x\"}}");
    properties.put(
        "cel-syntax",
        "{\"type\":\"integer\",\"x-kubernetes-validations\":[{\"rule\":\"self >\"}]}");
    properties.put(
        "cel-undeclared",
        "{\"type\":\"integer\",\"x-kubernetes-validations\":[{\"rule\":\"other > 1\"}]}");
    properties.put(
        "list-map-no-keys",
        "{\"type\":\"array\",\"x-kubernetes-list-type\":\"map\",\"items\":{\"type\":\"object\",\"properties\":{\"name\":{\"type\":\"string\"}}}}");
    properties.put(
        "list-map-optional-key",
        "{\"type\":\"array\",\"x-kubernetes-list-type\":\"map\",\"x-kubernetes-list-map-keys\":[\"name\"],\"items\":{\"type\":\"object\",\"properties\":{\"name\":{\"type\":\"string\"}}}}");
    properties.put(
        "list-type-unknown",
        "{\"type\":\"array\",\"x-kubernetes-list-type\":\"bag\",\"items\":{\"type\":\"string\"}}");
    properties.put(
        "set-of-objects",
        "{\"type\":\"array\",\"x-kubernetes-list-type\":\"set\",\"items\":{\"type\":\"object\",\"properties\":{\"a\":{\"type\":\"string\"}}}}");
    properties.put(
        "keys-without-map",
        "{\"type\":\"array\",\"x-kubernetes-list-map-keys\":[\"a\"],\"items\":{\"type\":\"string\"}}");
    properties.put(
        "embedded-string", "{\"type\":\"string\",\"x-kubernetes-embedded-resource\":true}");
    properties.put("array-without-items", "{\"type\":\"array\"}");
    properties.put(
        "properties-and-additional",
        "{\"type\":\"object\",\"properties\":{\"a\":{\"type\":\"string\"}},\"additionalProperties\":{\"type\":\"string\"}}");
    properties.put(
        "unique-items",
        "{\"type\":\"array\",\"uniqueItems\":true,\"items\":{\"type\":\"string\"}}");
    properties.put("bad-pattern", "{\"type\":\"string\",\"pattern\":\"([a-z\"}");
    properties.put("enum-type", "{\"type\":\"integer\",\"enum\":[1,\"two\"]}");
    properties.put(
        "int-or-string-typed", "{\"type\":\"string\",\"x-kubernetes-int-or-string\":true}");
    properties.put("good-default", "{\"type\":\"integer\",\"minimum\":1,\"default\":3}");
    properties.put(
        "good-cel",
        "{\"type\":\"integer\",\"x-kubernetes-validations\":[{\"rule\":\"self > 0\",\"message\":\"positive\"}]}");
    properties.put(
        "good-cel-strings",
        "{\"type\":\"string\",\"x-kubernetes-validations\":[{\"rule\":\"self.lowerAscii() == self\"}]}");
    properties.put(
        "good-list-map",
        "{\"type\":\"array\",\"x-kubernetes-list-type\":\"map\",\"x-kubernetes-list-map-keys\":[\"name\"],\"items\":{\"type\":\"object\",\"required\":[\"name\"],\"properties\":{\"name\":{\"type\":\"string\"}}}}");
    properties.put(
        "good-set",
        "{\"type\":\"array\",\"x-kubernetes-list-type\":\"set\",\"items\":{\"type\":\"string\"}}");
    properties.put("good-int-or-string", "{\"x-kubernetes-int-or-string\":true}");
    properties.put(
        "good-open-object", "{\"type\":\"object\",\"x-kubernetes-preserve-unknown-fields\":true}");
    properties.put(
        "good-pattern", "{\"type\":\"string\",\"pattern\":\"^\\\\d+[a-z]?$\",\"default\":\"12a\"}");
    properties.put(
        "kubernetes-only-cel",
        "{\"type\":\"string\",\"x-kubernetes-validations\":[{\"rule\":\"quantity(self).isGreaterThan(quantity('1'))\"}]}");
    for (Map.Entry<String, String> property : properties.entrySet()) {
      ObjectNode definition = YAML.createObjectNode();
      definition.put("apiVersion", "cozystack.io/v1alpha1").put("kind", "ApplicationDefinition");
      definition.putObject("metadata").put("name", "schema-" + property.getKey());
      ObjectNode spec = definition.putObject("spec");
      spec.putObject("application")
          .put("kind", "Gadget")
          .put("plural", "gadgets")
          .put("singular", "gadget")
          .put(
              "openAPISchema",
              "{\"type\":\"object\",\"properties\":{\"field\":" + property.getValue() + "}}");
      spec.putObject("release")
          .put("prefix", "gadget-")
          .putObject("chartRef")
          .put("kind", "ExternalArtifact")
          .put("name", "gadget")
          .put("namespace", "cozy-public");
      cases.put("definition-schema-" + property.getKey(), definition);
    }
  }

  private static List<Path> examples(Path repo, String singular) throws IOException {
    Path dir = repo.resolve("catalogs/services/src/test/examples").resolve(singular);
    if (!Files.isDirectory(dir)) {
      return List.of();
    }
    try (Stream<Path> walk = Files.list(dir)) {
      return walk.filter(p -> p.toString().endsWith(".yaml")).sorted().toList();
    }
  }

  private static List<Path> bases(Path repo) throws IOException {
    List<Path> files = new ArrayList<>();
    for (String dir :
        List.of(
            "contracts/src/test/resources/examples", "contracts/src/test/resources/kubeconform")) {
      try (Stream<Path> walk = Files.walk(repo.resolve(dir))) {
        walk.filter(p -> p.toString().endsWith(".yaml")).sorted().forEach(files::add);
      }
    }
    try (Stream<Path> walk = Files.walk(repo.resolve("catalogs"))) {
      walk.filter(p -> p.toString().matches(".*/charts/[^/]+-rd/cozyrds/[^/]+\\.yaml"))
          .sorted()
          .forEach(files::add);
    }
    try (Stream<Path> walk = Files.walk(repo.resolve("catalogs"))) {
      walk.filter(p -> p.toString().matches(".*/charts/catalog/sources/[^/]+\\.yaml"))
          .sorted()
          .limit(6)
          .forEach(files::add);
    }
    return files;
  }

  private JsonNode schemaOf(JsonNode object) {
    return schemas.get(object.path("apiVersion").asText() + " " + object.path("kind").asText());
  }

  private void variants(String base, ObjectNode object) {
    cases.put(base, object);
    add(base, "unknown-field", object, o -> spec(o).put("unexpectedField", 1));
    add(base, "bad-name", object, o -> metadata(o).put("name", "Not_A_Name"));
    add(base, "bad-label", object, o -> metadata(o).putObject("labels").put("tier", "has space"));
    // Names some CRDs constrain with CEL: the singletons', a BackupDriver's, a Plan's length.
    add(base, "other-name", object, o -> metadata(o).put("name", "other"));
    add(base, "long-name", object, o -> metadata(o).put("name", "a".repeat(243)));
    if (object.path("spec").path("extensions").isObject()) {
      add(base, "upper-extension", object, o -> spec(o).with("extensions").put("Upper", "x"));
    }
    List<String> mutated = new ArrayList<>();
    fields(schemaOf(object).path("properties").path("spec"), object.path("spec"), "spec", mutated);
    for (String field : mutated.subList(0, Math.min(mutated.size(), 14))) {
      String[] parts = field.split("=", 2);
      add(base, parts[0].replaceAll("[^A-Za-z0-9]+", "-"), object, o -> set(o, parts[0], parts[1]));
    }
  }

  /**
   * For every field the object sets: "path=-" (remove it) and, where the schema constrains it,
   * "path=<value outside the constraint>".
   */
  private static void fields(JsonNode schema, JsonNode value, String path, List<String> out) {
    if (value.isObject()) {
      for (Iterator<Map.Entry<String, JsonNode>> it = value.fields(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> field = it.next();
        JsonNode child = schema.path("properties").path(field.getKey());
        if (child.isMissingNode()) {
          continue;
        }
        String at = path + "/" + field.getKey();
        out.add(at + "=-");
        breaking(child, field.getValue()).forEach(v -> out.add(at + "=" + v));
        fields(child, field.getValue(), at, out);
      }
    } else if (value.isArray() && value.size() > 0 && schema.path("items").isObject()) {
      breaking(schema.get("items"), value.get(0)).forEach(v -> out.add(path + "/0=" + v));
      fields(schema.get("items"), value.get(0), path + "/0", out);
    }
  }

  /** JSON texts that break one of the schema's constraints on this field. */
  private static List<String> breaking(JsonNode schema, JsonNode value) {
    List<String> values = new ArrayList<>();
    String type = schema.path("type").asText();
    if (schema.has("pattern")) {
      values.add("\"Not Valid!\"");
    }
    if (schema.has("enum")) {
      values.add("\"NotInTheEnum\"");
    }
    if (schema.has("maxLength")) {
      values.add("\"" + "a".repeat(schema.get("maxLength").asInt() + 1) + "\"");
    }
    if (schema.has("minLength")) {
      values.add("\"\"");
    }
    if (schema.has("minimum")) {
      values.add(String.valueOf(schema.get("minimum").asLong() - 1));
    }
    switch (type) {
      case "integer" -> values.add("\"seven\"");
      case "boolean" -> values.add("\"yes\"");
      case "string" -> values.add(value.isTextual() && !schema.has("pattern") ? "7" : "true");
      case "array" -> values.add("{}");
      case "object" -> values.add("[]");
      default -> {}
    }
    return values;
  }

  private void add(String base, String what, ObjectNode object, Consumer<ObjectNode> change) {
    ObjectNode copy = object.deepCopy();
    change.accept(copy);
    cases.putIfAbsent(base + "-" + what, copy);
  }

  /** Sets (or with "-" removes) the field at a '/'-separated path. */
  private static void set(ObjectNode object, String path, String json) {
    String[] segments = path.split("/");
    JsonNode parent = object;
    for (int i = 0; i < segments.length - 1; i++) {
      parent =
          parent.isArray() ? parent.get(Integer.parseInt(segments[i])) : parent.get(segments[i]);
    }
    String last = segments[segments.length - 1];
    JsonNode replacement;
    try {
      replacement = json.equals("-") ? null : YAML.readTree(json);
    } catch (IOException e) {
      replacement = TextNode.valueOf(json);
    }
    if (parent instanceof ObjectNode o) {
      if (replacement == null) {
        o.remove(last);
      } else {
        o.set(last, replacement);
      }
    } else if (parent instanceof com.fasterxml.jackson.databind.node.ArrayNode a) {
      int index = Integer.parseInt(last);
      if (replacement == null) {
        a.remove(index);
      } else {
        a.set(index, replacement);
      }
    }
  }

  private static ObjectNode spec(ObjectNode object) {
    return object.has("spec") && object.get("spec").isObject()
        ? (ObjectNode) object.get("spec")
        : object.putObject("spec");
  }

  private static ObjectNode metadata(ObjectNode object) {
    return (ObjectNode) object.get("metadata");
  }
}
