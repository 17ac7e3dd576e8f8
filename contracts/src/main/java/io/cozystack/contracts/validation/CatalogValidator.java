package io.cozystack.contracts.validation;

import com.fasterxml.jackson.core.JsonProcessingException;
import io.cozystack.api.catalog.CatalogManifest;
import io.cozystack.api.v1alpha1.ApplicationDefinition;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Validates a catalog directory against the contracts: the manifest, every application's definition
 * (K1, K6) and chart (K4), the K2 keys it reads and requires, the cozy-lib pin (K5), and the
 * PackageSources that install the catalog (every chartRef derived by them, every definition
 * installed by an {@code *-rd} component), and no cozy-lib of the catalog's own where its artifact
 * carries the platform's. The CLI and the operator use this same class.
 */
public final class CatalogValidator {
  private CatalogValidator() {}

  /** Every finding, in file order; empty when the catalog keeps the contracts. */
  public static List<Finding> validate(Path root) throws IOException {
    CatalogFiles files = new CatalogFiles(root);
    List<Finding> findings = new ArrayList<>();
    Optional<CatalogManifest> manifest = manifest(files, findings);
    if (manifest.isEmpty()) {
      return findings;
    }
    ManifestRules.check(manifest.get(), files, findings);
    Set<String> extensions =
        new HashSet<>(ManifestRules.orEmpty(manifest.get().spec().clusterExtensions()));
    Map<CatalogManifest.Application, ApplicationDefinition> definitions = new LinkedHashMap<>();
    for (CatalogManifest.Application app :
        ManifestRules.orEmpty(manifest.get().spec().applications())) {
      Optional<ApplicationDefinition> definition =
          ApplicationRules.check(app, extensions, files, findings);
      definition.ifPresent(d -> definitions.put(app, d));
      definition.ifPresent(d -> PlacementRule.check(manifest.get(), app, d, files, findings));
      var schema = definition.flatMap(d -> DefinitionCheck.check(d).schema());
      if (schema.isPresent()) {
        ChartRules.check(
            app, definition.get(), schema.get(), manifest.get(), extensions, files, findings);
      }
    }
    SourceRules.check(manifest.get(), definitions, files, findings);
    return findings;
  }

  /** Reads {@code catalog.yaml} strictly. */
  public static Optional<CatalogManifest> manifest(CatalogFiles files, List<Finding> findings)
      throws IOException {
    if (!files.exists(CatalogManifest.FILE)) {
      findings.add(
          new Finding(
              CatalogManifest.FILE,
              0,
              "manifest",
              "the catalog has no " + CatalogManifest.FILE,
              "add one; its schema is catalog.schema.json"));
      return Optional.empty();
    }
    try {
      CatalogManifest manifest = files.read(CatalogManifest.FILE, CatalogManifest.class);
      List<String> problems = ManifestShape.problems(manifest);
      for (String problem : problems) {
        findings.add(
            new Finding(
                CatalogManifest.FILE,
                files.line(CatalogManifest.FILE, problem.split(" ")[0].replaceAll(".*\\.", "")),
                "manifest",
                problem,
                "follow catalog.schema.json"));
      }
      return problems.isEmpty() ? Optional.of(manifest) : Optional.empty();
    } catch (JsonProcessingException e) {
      findings.add(
          new Finding(
              CatalogManifest.FILE,
              files.line(CatalogManifest.FILE, e),
              "manifest",
              ApplicationRules.firstLine(e.getOriginalMessage()),
              "follow catalog.schema.json (unknown fields are refused, not dropped)"));
      return Optional.empty();
    }
  }
}
