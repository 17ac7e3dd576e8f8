package io.cozystack.contracts.validation;

import com.fasterxml.jackson.databind.JsonNode;
import io.cozystack.api.catalog.CatalogManifest;
import io.cozystack.api.v1alpha1.ArtifactNaming;
import io.cozystack.api.v1alpha1.Component;
import io.cozystack.api.v1alpha1.Library;
import io.cozystack.api.v1alpha1.Variant;
import java.io.IOException;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One named component of a variant: it has a path (checked by {@link SourcePaths}), vendors only
 * libraries the variant declares and every repository-less dependency of its chart, and when it is
 * installed names a namespace and depends only on installed components of the same variant.
 */
final class ComponentRules {
  private ComponentRules() {}

  static void check(
      DeclaredSource source,
      Variant variant,
      Component component,
      Map<String, Library> libraries,
      CatalogFiles files,
      List<Finding> findings)
      throws IOException {
    String file = source.file();
    String where = "component " + component.name() + " of variant " + variant.name();
    if (component.path() == null || component.path().isEmpty()) {
      findings.add(
          new Finding(
              file,
              files.line(file, "name", component.name()),
              "package-source",
              where + " has no path, so it derives no artifact",
              "set its path to the chart's directory, from the catalog root"));
      return;
    }
    boolean chart = SourcePaths.component(file, where, component, files, findings);
    Set<String> vendored = new HashSet<>(ManifestRules.orEmpty(component.libraries()));
    declared(file, where, variant, vendored, libraries, files, findings);
    if (chart) {
      dependencies(file, where, component, vendored, files, findings);
    }
    if (component.install() != null) {
      install(file, where, variant, component, files, findings);
    }
  }

  /** Every library the component vendors is one the variant declares. */
  private static void declared(
      String file,
      String where,
      Variant variant,
      Set<String> vendored,
      Map<String, Library> libraries,
      CatalogFiles files,
      List<Finding> findings) {
    for (String library : vendored) {
      if (!libraries.containsKey(library)) {
        findings.add(
            new Finding(
                file,
                files.line(file, library),
                "package-source",
                where
                    + " vendors library "
                    + library
                    + ", which variant "
                    + variant.name()
                    + " does not declare; the platform would skip it",
                "declare it in the variant's libraries, e.g. {name: cozy-lib, path: "
                    + CatalogManifest.COZY_LIB_PATH
                    + "}"));
      }
    }
  }

  /**
   * A dependency with no repository and no copy in the chart's charts/ exists only if the platform
   * vendors it.
   */
  private static void dependencies(
      String file,
      String where,
      Component component,
      Set<String> vendored,
      CatalogFiles files,
      List<Finding> findings)
      throws IOException {
    String path = ArtifactNaming.trimSlashes(component.path());
    for (JsonNode dependency : files.tree(path + "/Chart.yaml").path("dependencies")) {
      String name = dependency.path("name").asText();
      if (dependency.path("repository").asText("").isEmpty()
          && !files.exists(path + "/charts/" + name)
          && !vendored.contains(name)) {
        findings.add(
            new Finding(
                file,
                files.line(file, "name", component.name()),
                "package-source",
                where
                    + ": its chart "
                    + path
                    + " depends on "
                    + name
                    + ", which the component does not vendor, so the chart would not render",
                "add libraries: [\"" + name + "\"] to the component"));
      }
    }
  }

  private static void install(
      String file,
      String where,
      Variant variant,
      Component component,
      CatalogFiles files,
      List<Finding> findings) {
    if (component.install().namespace() == null || component.install().namespace().isEmpty()) {
      findings.add(
          new Finding(
              file,
              files.line(file, "install:"),
              "package-source",
              where + " is installed but names no install.namespace",
              "set install.namespace (an -rd component installs into "
                  + ArtifactNaming.SYSTEM_NAMESPACE
                  + ")"));
    }
    for (String target : ManifestRules.orEmpty(component.install().dependsOn())) {
      boolean installed =
          ManifestRules.orEmpty(variant.components()).stream()
              .anyMatch(c -> target.equals(c.name()) && c.install() != null);
      if (!installed) {
        findings.add(
            new Finding(
                file,
                files.line(file, target),
                "package-source",
                where
                    + " depends on "
                    + target
                    + ", which is not an installed component of the variant; the Package would"
                    + " fail with DependsOnFailed",
                "name an installed component of the same variant"));
      }
    }
  }
}
