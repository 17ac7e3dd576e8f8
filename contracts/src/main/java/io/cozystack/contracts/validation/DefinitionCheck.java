package io.cozystack.contracts.validation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.cozystack.api.v1alpha1.ApplicationDefinition;
import io.cozystack.api.v1alpha1.ApplicationDefinitionApplication;
import io.cozystack.api.v1alpha1.ReleaseAnnotations;
import io.cozystack.api.v1alpha1.TenantAccess;
import io.cozystack.api.values.ValuesKeys;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Checks an ApplicationDefinition against K1 before anything is served: names (and what they
 * derive, {@link DefinitionNames}), the values schema (parsable, an object, structural, no reserved
 * top-level key), release timeouts. Returns every problem, each naming its field.
 */
public final class DefinitionCheck {
  private static final Pattern KIND = Pattern.compile("^[A-Z][A-Za-z0-9]{0,62}$");
  private static final Pattern RESOURCE = Pattern.compile("^[a-z]([a-z0-9]{0,61}[a-z0-9])?$");
  private static final Pattern FLUX_DURATION = Pattern.compile("^([0-9]+(\\.[0-9]+)?(ms|s|m|h))+$");

  /** A valid definition's parsed values schema, or the problems found. */
  public record Result(Optional<ObjectNode> schema, List<String> problems) {
    public boolean valid() {
      return problems.isEmpty();
    }
  }

  private DefinitionCheck() {}

  public static Result check(ApplicationDefinition definition) {
    List<String> problems = new ArrayList<>();
    ApplicationDefinitionApplication app = definition.getSpec().application();
    if (!KIND.matcher(app.kind()).matches()) {
      problems.add(
          "spec.application.kind '"
              + app.kind()
              + "' must be CamelCase: a capital letter, then letters and digits");
    }
    checkResource("spec.application.plural", app.plural(), problems);
    checkResource("spec.application.singular", app.singular(), problems);
    if (app.plural().equals(app.singular())) {
      problems.add(
          "spec.application.plural and singular must differ (both '" + app.plural() + "')");
    }
    DefinitionNames.check(definition, problems);
    checkAnnotations(definition, problems);
    Optional<ObjectNode> schema = parseSchema(app.openAPISchema(), problems);
    return new Result(problems.isEmpty() ? schema : Optional.empty(), List.copyOf(problems));
  }

  private static void checkResource(String field, String value, List<String> problems) {
    if (!RESOURCE.matcher(value).matches()) {
      problems.add(
          field
              + " '"
              + value
              + "' must be a lowercase name of letters and digits, starting with a letter");
    }
  }

  private static void checkAnnotations(ApplicationDefinition definition, List<String> problems) {
    Map<String, String> annotations = definition.getMetadata().getAnnotations();
    if (annotations == null) {
      return;
    }
    for (String key :
        List.of(ReleaseAnnotations.INSTALL_TIMEOUT, ReleaseAnnotations.UPGRADE_TIMEOUT)) {
      String value = annotations.get(key);
      if (value != null && !FLUX_DURATION.matcher(value).matches()) {
        problems.add(
            "annotation " + key + " '" + value + "' must be a duration such as 15m or 1h30m");
      }
    }
    String writeLevel = annotations.get(TenantAccess.WRITE_LEVEL);
    if (writeLevel != null && !TenantAccess.WRITE_LEVELS.contains(writeLevel)) {
      problems.add(
          "annotation "
              + TenantAccess.WRITE_LEVEL
              + " '"
              + writeLevel
              + "' must be one of "
              + String.join(", ", TenantAccess.WRITE_LEVELS));
    }
    String wait = annotations.get(ReleaseAnnotations.DISABLE_WAIT);
    if (wait != null && !wait.equalsIgnoreCase("true") && !wait.equalsIgnoreCase("false")) {
      problems.add(
          "annotation "
              + ReleaseAnnotations.DISABLE_WAIT
              + " '"
              + wait
              + "' must be true or false");
    }
  }

  private static Optional<ObjectNode> parseSchema(String text, List<String> problems) {
    JsonNode schema;
    try {
      schema = Serialization.jsonMapper().readTree(text);
    } catch (Exception e) {
      problems.add(
          "spec.application.openAPISchema is not valid JSON: "
              + e.getMessage().lines().findFirst().orElse(""));
      return Optional.empty();
    }
    if (!(schema instanceof ObjectNode object) || !"object".equals(schema.path("type").asText())) {
      problems.add(
          "spec.application.openAPISchema must be a JSON object schema with \"type\": \"object\"");
      return Optional.empty();
    }
    structural("spec.application.openAPISchema", object, problems);
    reservedProperties(object, problems);
    return Optional.of(object);
  }

  /**
   * Top-level keys starting with {@code _} are the platform's ({@code _cluster}, {@code
   * _namespace}): Flux would merge an instance's value for one over the projected values, so a
   * schema may not offer them.
   */
  private static void reservedProperties(JsonNode schema, List<String> problems) {
    for (Iterator<String> it = schema.path("properties").fieldNames(); it.hasNext(); ) {
      String key = it.next();
      if (ValuesKeys.reserved(key)) {
        problems.add(
            "spec.application.openAPISchema.properties."
                + key
                + " is reserved: top-level keys starting with _ carry the platform's values"
                + " (_cluster, _namespace) and an instance cannot set them; rename the property");
      }
    }
  }

  /** Kubernetes' structural rule, as far as it matters here: every node states its type. */
  private static void structural(String path, JsonNode node, List<String> problems) {
    boolean typed =
        node.has("type")
            || node.path("x-kubernetes-int-or-string").asBoolean(false)
            || node.path("x-kubernetes-preserve-unknown-fields").asBoolean(false);
    if (!typed) {
      problems.add(path + " has no \"type\" (a structural schema needs one on every property)");
    }
    JsonNode properties = node.path("properties");
    for (Iterator<Map.Entry<String, JsonNode>> it = properties.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> e = it.next();
      structural(path + ".properties." + e.getKey(), e.getValue(), problems);
    }
    if (node.path("items").isObject()) {
      structural(path + ".items", node.get("items"), problems);
    }
    if (node.path("additionalProperties").isObject()) {
      structural(path + ".additionalProperties", node.get("additionalProperties"), problems);
    }
  }
}
