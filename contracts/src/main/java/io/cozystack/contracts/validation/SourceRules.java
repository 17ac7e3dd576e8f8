package io.cozystack.contracts.validation;

import io.cozystack.api.catalog.CatalogManifest;
import io.cozystack.api.v1alpha1.ApplicationDefinition;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The PackageSources a catalog ships (spec.packageSources), read as the platform reads them from
 * the catalog's published artifact (its root is the catalog directory, with the platform's cozy-lib
 * added at {@link CatalogManifest#COZY_LIB_PATH}): each source keeps the PackageSource rules
 * ({@link SourceStructure}, {@link ComponentRules}), every path it copies exists ({@link
 * SourcePaths}), its spec.catalog is the manifest's ({@link SourceCatalogRule}); every
 * application's chartRef is an artifact these sources derive from the application's own chart
 * ({@link ChartRefRule}); and every definition is installed by a {@code *-rd} component whose chart
 * renders it ({@link RdComponentRule}); and every chart it installs renders only what its declared
 * rights cover ({@link RightsRule}).
 */
final class SourceRules {
  private SourceRules() {}

  static void check(
      CatalogManifest manifest,
      Map<CatalogManifest.Application, ApplicationDefinition> definitions,
      CatalogFiles files,
      List<Finding> findings)
      throws IOException {
    SourcePaths.ownCozyLib(files, findings);
    List<DeclaredSource> sources = SourceReader.read(manifest, files, findings);
    // A declared source that could not be read may derive any name: judge chartRefs without it
    // and every definition would be blamed for the one broken file.
    boolean complete =
        sources.size() == ManifestRules.orEmpty(manifest.spec().packageSources()).size();
    Set<String> own = sources.stream().map(DeclaredSource::name).collect(Collectors.toSet());
    for (DeclaredSource source : sources) {
      SourceStructure.check(source, sources.get(0), own, files, findings);
      SourceCatalogRule.check(source, manifest, files, findings);
    }
    SourceGraph.cycles(sources, files, findings);
    Map<String, DerivedArtifact> derived = SourceGraph.derive(sources, files, findings);
    if (!complete) {
      return;
    }
    for (Map.Entry<CatalogManifest.Application, ApplicationDefinition> e : definitions.entrySet()) {
      ChartRefRule.check(e.getKey(), e.getValue(), derived, files, findings);
    }
    RdComponentRule.check(definitions, derived.values(), files, findings);
    RightsRule.check(manifest, definitions, derived.values(), files, findings);
  }
}
