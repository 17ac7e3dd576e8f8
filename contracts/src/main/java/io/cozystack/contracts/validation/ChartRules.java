package io.cozystack.contracts.validation;

import com.fasterxml.jackson.databind.JsonNode;
import io.cozystack.api.catalog.CatalogManifest;
import io.cozystack.api.v1alpha1.ApplicationDefinition;
import io.cozystack.api.values.ValuesKeys;
import java.io.IOException;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An application's chart: a strict values schema consistent with its definition (K4), only K2 keys
 * the platform writes read by its templates, and the catalog's cozy-lib pin (K5).
 */
final class ChartRules {
  private static final Pattern VALUES_KEY =
      Pattern.compile(
          "\\.Values\\.(_cluster|_namespace)\\.([A-Za-z0-9-]+)"
              + "|index\\s+\\.Values\\.(_cluster|_namespace)\\s+\"([A-Za-z0-9-]+)\"");

  private ChartRules() {}

  static void check(
      CatalogManifest.Application app,
      ApplicationDefinition definition,
      JsonNode definitionSchema,
      CatalogManifest manifest,
      Set<String> extensions,
      CatalogFiles files,
      List<Finding> findings)
      throws IOException {
    String chart = app.chart();
    if (!files.exists(chart + "/Chart.yaml")) {
      findings.add(
          new Finding(
              CatalogManifest.FILE,
              files.line(CatalogManifest.FILE, chart),
              "chart",
              "the chart of " + app.kind() + " (" + chart + "/Chart.yaml) does not exist",
              "add the chart or correct spec.applications[].chart"));
      return;
    }
    valuesSchema(app, definitionSchema, files, findings);
    templates(chart, extensions, files, findings);
    cozyLibPin(chart, manifest, files, findings);
    renders(chart, ChartRender.releaseName(definition), files, findings);
  }

  /**
   * The chart renders with the real Helm as an instance's release would, its defaults valid against
   * its values schema.
   */
  private static void renders(
      String chart, String release, CatalogFiles files, List<Finding> findings) throws IOException {
    ChartRender.render(files.root().resolve(chart), release)
        .ifPresent(
            error ->
                findings.add(
                    new Finding(
                        chart,
                        0,
                        "chart-renders",
                        "helm template fails: " + error,
                        "fix the chart until `helm template` renders it with default values")));
  }

  private static void valuesSchema(
      CatalogManifest.Application app,
      JsonNode definitionSchema,
      CatalogFiles files,
      List<Finding> findings)
      throws IOException {
    String file = app.chart() + "/values.schema.json";
    if (!files.exists(file)) {
      findings.add(
          new Finding(
              file,
              0,
              "k4-values-schema",
              "the chart has no values.schema.json, so Helm drops unknown keys silently",
              "add a strict values.schema.json generated from the definition's openAPISchema"));
      return;
    }
    JsonNode chartSchema = files.tree(file);
    if (!chartSchema.path("additionalProperties").isBoolean()
        || chartSchema.path("additionalProperties").asBoolean()) {
      findings.add(
          new Finding(
              file,
              files.line(file, "additionalProperties"),
              "k4-values-schema",
              "the values schema is not strict: an unknown or renamed key would pass",
              "set \"additionalProperties\": false at its root"));
    }
    Map<String, String> want = propertyTypes(definitionSchema);
    Map<String, String> have = propertyTypes(chartSchema);
    for (Map.Entry<String, String> e : want.entrySet()) {
      String type = have.get(e.getKey());
      if (type == null) {
        findings.add(
            new Finding(
                file,
                0,
                "k4-values-schema",
                "property "
                    + e.getKey()
                    + " of "
                    + app.kind()
                    + "'s openAPISchema is missing from the chart's values schema",
                "add it to values.schema.json (same type: " + e.getValue() + ")"));
      } else if (!type.equals(e.getValue())) {
        findings.add(
            new Finding(
                file,
                files.line(file, "\"" + e.getKey() + "\""),
                "k4-values-schema",
                "property "
                    + e.getKey()
                    + " is "
                    + type
                    + " here, "
                    + e.getValue()
                    + " in the definition",
                "use the same type in both"));
      }
    }
    Set<String> subcharts = new TreeSet<>();
    files
        .tree(app.chart() + "/Chart.yaml")
        .path("dependencies")
        .forEach(d -> subcharts.add(d.path("name").asText()));
    for (String extra : have.keySet()) {
      // _cluster/_namespace are the platform's; a subchart's key is added by Helm itself.
      if (!want.containsKey(extra) && !extra.startsWith("_") && !subcharts.contains(extra)) {
        findings.add(
            new Finding(
                file,
                files.line(file, "\"" + extra + "\""),
                "k4-values-schema",
                "property "
                    + extra
                    + " is not in "
                    + app.kind()
                    + "'s openAPISchema, so tenants cannot set it",
                "add it to the definition's openAPISchema or remove it from the chart"));
      }
    }
  }

  private static Map<String, String> propertyTypes(JsonNode schema) {
    Map<String, String> types = new java.util.TreeMap<>();
    for (Iterator<Map.Entry<String, JsonNode>> it = schema.path("properties").fields();
        it.hasNext(); ) {
      Map.Entry<String, JsonNode> p = it.next();
      types.put(p.getKey(), p.getValue().path("type").asText("any"));
    }
    return types;
  }

  private static void templates(
      String chart, Set<String> extensions, CatalogFiles files, List<Finding> findings) {
    for (String template : files.list(chart + "/templates", ".yaml", ".tpl", ".txt")) {
      List<String> lines = files.text(template).lines().toList();
      Set<String> reported = new TreeSet<>();
      for (int i = 0; i < lines.size(); i++) {
        Matcher m = VALUES_KEY.matcher(lines.get(i));
        while (m.find()) {
          String section = m.group(1) != null ? m.group(1) : m.group(3);
          String key = m.group(2) != null ? m.group(2) : m.group(4);
          String reference = section + "." + key;
          if (reported.add(reference)) {
            int line = i + 1;
            ValuesKeys.problem(reference, extensions)
                .ifPresent(
                    p ->
                        findings.add(
                            new Finding(
                                template,
                                line,
                                "k2-known-key",
                                "the template reads " + p.replace("' is", "', which is"),
                                "correct the key, or list it in spec.clusterExtensions if the"
                                    + " platform sets it in ClusterValues spec.extensions")));
          }
        }
      }
    }
  }

  private static void cozyLibPin(
      String chart, CatalogManifest manifest, CatalogFiles files, List<Finding> findings)
      throws IOException {
    String file = chart + "/Chart.yaml";
    for (JsonNode dependency : files.tree(file).path("dependencies")) {
      if ("cozy-lib".equals(dependency.path("name").asText())
          && !manifest.spec().cozyLib().version().equals(dependency.path("version").asText())) {
        findings.add(
            new Finding(
                file,
                files.line(file, "cozy-lib"),
                "cozy-lib-pin",
                "the chart depends on cozy-lib "
                    + dependency.path("version").asText()
                    + ", the catalog pins "
                    + manifest.spec().cozyLib().version(),
                "depend on cozy-lib " + manifest.spec().cozyLib().version()));
      }
    }
  }
}
