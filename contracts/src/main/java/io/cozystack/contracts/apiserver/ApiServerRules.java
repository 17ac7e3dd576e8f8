package io.cozystack.contracts.apiserver;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.cozystack.contracts.definition.SchemaDefaults;
import io.cozystack.contracts.schemas.KubeconformSchemas;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What the API server says when an object is created: for a kind one of the known CRDs serves (the
 * platform's, plus any given), every violation of its schema, its CEL rules and the metadata rules,
 * found without a cluster. The verdict agrees with a server-side dry run; the e2e suite proves that
 * on a corpus.
 */
public final class ApiServerRules {
  /** A served version of a CRD: its schema and whether it has a status subresource. */
  private record Served(JsonNode schema, boolean statusSubresource) {}

  /**
   * The verdict: {@code known} when a CRD serves the kind; its violations (empty: accepted); and
   * rules that could not be evaluated here (a Kubernetes-only CEL function).
   */
  public record Result(boolean known, List<Violation> violations, List<String> unchecked) {
    public boolean accepted() {
      return violations.isEmpty();
    }
  }

  private final Map<String, Served> served = new HashMap<>();

  private ApiServerRules(Collection<JsonNode> crds) {
    crds.forEach(this::add);
  }

  /** The rules of the platform's own CRDs. */
  public static ApiServerRules platform() {
    return new ApiServerRules(KubeconformSchemas.platformCrds().values());
  }

  /** The platform's rules and those of {@code crds} (CustomResourceDefinition manifests). */
  public static ApiServerRules platformAnd(Collection<JsonNode> crds) {
    ApiServerRules rules = platform();
    crds.forEach(rules::add);
    return rules;
  }

  private void add(JsonNode crd) {
    JsonNode spec = crd.path("spec");
    for (JsonNode version : spec.path("versions")) {
      if (!version.path("served").asBoolean(true)) {
        continue;
      }
      String apiVersion = spec.path("group").asText() + "/" + version.path("name").asText();
      served.put(
          apiVersion + " " + spec.path("names").path("kind").asText(),
          new Served(
              version.path("schema").path("openAPIV3Schema"),
              version.path("subresources").has("status")));
    }
  }

  /** Whether a CRD this knows serves {@code apiVersion} and {@code kind}. */
  public boolean serves(String apiVersion, String kind) {
    return served.containsKey(apiVersion + " " + kind);
  }

  /** The API server's verdict on creating {@code object}. */
  public Result create(JsonNode object) {
    Served kind =
        served.get(object.path("apiVersion").asText() + " " + object.path("kind").asText());
    if (kind == null || !object.isObject()) {
      return new Result(false, List.of(), List.of());
    }
    List<Violation> violations = new ArrayList<>();
    MetadataRules.check(object.path("metadata"), violations);
    ObjectNode body = object.deepCopy();
    if (kind.statusSubresource()) {
      body.remove("status"); // a create through the main resource drops status
    }
    SchemaDefaults.applyInPlace(kind.schema(), body);
    ObjectNode fields = body.deepCopy();
    fields.remove(List.of("apiVersion", "kind", "metadata"));
    SchemaRules.check(kind.schema(), fields, "", violations);
    List<String> unchecked = new ArrayList<>();
    if (violations.isEmpty()) {
      // The API server evaluates CEL only on an object its schema accepted, as here.
      CelRules.check(kind.schema(), body, "", violations, unchecked);
    }
    return new Result(true, List.copyOf(violations), List.copyOf(unchecked));
  }

  /**
   * The API server's verdict on a CRD schema ({@code openAPIV3Schema}) before it serves the kind:
   * violations name paths from the schema's root ({@code properties[spec].properties[size].type}).
   */
  public static Result schema(JsonNode openApiV3Schema) {
    List<Violation> violations = new ArrayList<>();
    List<String> unchecked = new ArrayList<>();
    CrdSchemaRules.check(openApiV3Schema, "", violations, unchecked);
    return new Result(true, List.copyOf(violations), List.copyOf(unchecked));
  }

  /** The error a CEL rule's compilation gives here, if any. */
  public static Optional<String> celCompileError(String rule) {
    return CelRules.compileError(rule);
  }
}
