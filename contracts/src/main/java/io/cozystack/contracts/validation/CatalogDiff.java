package io.cozystack.contracts.validation;

import com.fasterxml.jackson.databind.JsonNode;
import io.cozystack.api.catalog.CatalogManifest;
import io.cozystack.api.v1alpha1.ApplicationDefinition;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Breaking changes between two versions of a catalog, as a tenant or a platform sees them: a
 * removed application or strategy kind, and per kind a removed field, a new required field, a
 * narrowed enum or a changed default in its values schema.
 */
public final class CatalogDiff {
  private CatalogDiff() {}

  public static List<Finding> diff(Path older, Path newer) throws IOException {
    List<Finding> findings = new ArrayList<>();
    CatalogFiles oldFiles = new CatalogFiles(older);
    CatalogFiles newFiles = new CatalogFiles(newer);
    Optional<CatalogManifest> before = CatalogValidator.manifest(oldFiles, findings);
    Optional<CatalogManifest> after = CatalogValidator.manifest(newFiles, findings);
    if (before.isEmpty() || after.isEmpty()) {
      return findings;
    }
    Map<String, CatalogManifest.Application> oldApps = apps(before.get());
    Map<String, CatalogManifest.Application> newApps = apps(after.get());
    for (var e : oldApps.entrySet()) {
      CatalogManifest.Application now = newApps.get(e.getKey());
      if (now == null) {
        findings.add(
            breaking(
                "removed-kind",
                "application kind "
                    + e.getKey()
                    + " was removed; its instances would stop being served",
                "keep the kind, or deprecate it for a release first"));
        continue;
      }
      Optional<JsonNode> was = schema(oldFiles, e.getValue());
      Optional<JsonNode> is = schema(newFiles, now);
      if (was.isPresent() && is.isPresent()) {
        compare(e.getKey(), "spec", was.get(), is.get(), findings);
      }
    }
    Set<String> newStrategies = strategies(after.get());
    for (String strategy : strategies(before.get())) {
      if (!newStrategies.contains(strategy)) {
        findings.add(
            breaking(
                "removed-strategy",
                "backup strategy kind "
                    + strategy
                    + " was removed; its BackupJobs would find no driver",
                "keep the driver, or hand the kind to another catalog first"));
      }
    }
    return findings;
  }

  private static void compare(
      String kind, String path, JsonNode was, JsonNode is, List<Finding> findings) {
    Set<String> required = names(is.path("required"));
    required.removeAll(names(was.path("required")));
    for (String field : required) {
      findings.add(
          breaking(
              "new-required",
              kind + ": " + path + "." + field + " is newly required; existing instances lack it",
              "give it a default instead of requiring it"));
    }
    for (Iterator<Map.Entry<String, JsonNode>> it = was.path("properties").fields();
        it.hasNext(); ) {
      Map.Entry<String, JsonNode> p = it.next();
      String at = path + "." + p.getKey();
      JsonNode now = is.path("properties").get(p.getKey());
      if (now == null) {
        findings.add(
            breaking(
                "removed-field",
                kind + ": " + at + " was removed; instances that set it would be refused",
                "keep the field (deprecated) until no instance sets it"));
        continue;
      }
      Set<String> lost = names(p.getValue().path("enum"));
      lost.removeAll(names(now.path("enum")));
      if (now.has("enum") && !lost.isEmpty()) {
        findings.add(
            breaking(
                "narrowed-enum",
                kind + ": " + at + " no longer accepts " + lost,
                "keep the old values accepted"));
      }
      if (p.getValue().has("default") && !p.getValue().get("default").equals(now.get("default"))) {
        findings.add(
            breaking(
                "changed-default",
                kind
                    + ": the default of "
                    + at
                    + " changed from "
                    + p.getValue().get("default")
                    + " to "
                    + now.get("default")
                    + "; instances that relied on it change on upgrade",
                "keep the default, or document the change as breaking"));
      }
      compare(kind, at, p.getValue(), now, findings);
    }
  }

  private static Finding breaking(String rule, String message, String fix) {
    return new Finding(CatalogManifest.FILE, 0, rule, message, fix);
  }

  private static Set<String> names(JsonNode array) {
    Set<String> names = new HashSet<>();
    array.forEach(n -> names.add(n.asText()));
    return names;
  }

  private static Map<String, CatalogManifest.Application> apps(CatalogManifest manifest) {
    return ManifestRules.orEmpty(manifest.spec().applications()).stream()
        .collect(
            Collectors.toMap(CatalogManifest.Application::kind, Function.identity(), (a, b) -> a));
  }

  private static Set<String> strategies(CatalogManifest manifest) {
    return ManifestRules.orEmpty(manifest.spec().strategies()).stream()
        .map(s -> s.apiGroup() + "/" + s.kind())
        .collect(Collectors.toSet());
  }

  private static Optional<JsonNode> schema(CatalogFiles files, CatalogManifest.Application app) {
    try {
      ApplicationDefinition definition = files.read(app.definition(), ApplicationDefinition.class);
      return DefinitionCheck.check(definition).schema().map(JsonNode.class::cast);
    } catch (IOException e) {
      return Optional.empty();
    }
  }
}
