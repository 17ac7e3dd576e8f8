package io.cozystack.contracts.validation;

import io.cozystack.api.catalog.CatalogManifest;
import io.cozystack.api.v1alpha1.ArtifactNaming;
import io.cozystack.api.v1alpha1.Component;
import io.cozystack.api.v1alpha1.Library;
import io.cozystack.api.v1alpha1.Variant;
import io.cozystack.contracts.artifact.CatalogArtifact;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The paths a source copies from the published catalog ({@code source-path}): every library and
 * component path is a chart of the catalog, or the cozy-lib the artifact bundles at {@link
 * CatalogManifest#COZY_LIB_PATH}, which the catalog may not carry itself ({@code own-cozy-lib});
 * every values file exists.
 */
final class SourcePaths {
  private SourcePaths() {}

  /** The artifact carries the platform's cozy-lib where a copy of the catalog's own would be. */
  static void ownCozyLib(CatalogFiles files, List<Finding> findings) throws IOException {
    if (CatalogArtifact.carriesOwnCozyLib(files.root())) {
      findings.add(
          new Finding(
              CatalogManifest.COZY_LIB_PATH,
              0,
              "own-cozy-lib",
              "the catalog has its own "
                  + CatalogManifest.COZY_LIB_PATH
                  + ", where its published artifact carries the platform's cozy-lib, so"
                  + " `cozy-catalog package` and `push` refuse it",
              "remove the "
                  + CatalogManifest.COZY_LIB_PATH
                  + " directory; the pinned cozy-lib (spec.cozyLib) is added there when the"
                  + " catalog is packaged"));
    }
  }

  /** A variant's libraries, by the name components use; each path in the catalog or bundled. */
  static Map<String, Library> libraries(
      DeclaredSource source, Variant variant, CatalogFiles files, List<Finding> findings) {
    Map<String, Library> byName = new LinkedHashMap<>();
    for (Library library : ManifestRules.orEmpty(variant.libraries())) {
      if (library.path() == null || library.path().isEmpty()) {
        findings.add(
            new Finding(
                source.file(),
                files.line(source.file(), "libraries:"),
                "package-source",
                "a library of variant " + variant.name() + " has no path",
                "set its path, e.g. " + CatalogManifest.COZY_LIB_PATH));
        continue;
      }
      byName.put(ArtifactNaming.libraryName(library), library);
      libraryPath(source, variant, library, files, findings);
    }
    return byName;
  }

  private static void libraryPath(
      DeclaredSource source,
      Variant variant,
      Library library,
      CatalogFiles files,
      List<Finding> findings) {
    String path = ArtifactNaming.trimSlashes(library.path());
    if (!path.equals(CatalogManifest.COZY_LIB_PATH) && !files.isChart(path)) {
      findings.add(
          new Finding(
              source.file(),
              files.line(source.file(), "path", library.path()),
              "source-path",
              "library "
                  + ArtifactNaming.libraryName(library)
                  + " of variant "
                  + variant.name()
                  + " reads "
                  + path
                  + "/Chart.yaml, which the catalog does not have",
              "correct the path; the platform's cozy-lib is at "
                  + CatalogManifest.COZY_LIB_PATH
                  + " in the published catalog"));
    }
  }

  /**
   * Whether the component's path (set) is a chart of the catalog; findings for it and for every
   * values file it lacks. {@code where} names the component.
   */
  static boolean component(
      String file, String where, Component component, CatalogFiles files, List<Finding> findings) {
    String path = ArtifactNaming.trimSlashes(component.path());
    boolean chart = files.isChart(path);
    if (!chart) {
      findings.add(
          new Finding(
              file,
              files.line(file, "path", component.path()),
              "source-path",
              where + " copies " + path + ", which has no Chart.yaml in the catalog",
              "correct spec.variants[].components[].path to a chart directory, from the catalog"
                  + " root"));
    }
    for (String valuesFile : ManifestRules.orEmpty(component.valuesFiles())) {
      if (!files.exists(path + "/" + valuesFile)) {
        findings.add(
            new Finding(
                file,
                files.line(file, valuesFile),
                "source-path",
                where + " lists values file " + valuesFile + ", which " + path + " does not have",
                "add " + path + "/" + valuesFile + " or remove it from valuesFiles"));
      }
    }
    return chart;
  }
}
