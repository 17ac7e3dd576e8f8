package io.cozystack.contracts.validation;

import io.cozystack.api.v1alpha1.ArtifactNaming;
import io.cozystack.api.v1alpha1.Component;
import io.cozystack.api.v1alpha1.Variant;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * What the declared sources make together ({@code package-source}): no source waits for itself
 * through the variants' dependsOn, and no artifact name is derived twice.
 */
final class SourceGraph {
  private SourceGraph() {}

  /** A source that waits for itself, directly or through others, never installs. */
  static void cycles(List<DeclaredSource> sources, CatalogFiles files, List<Finding> findings) {
    Map<String, Set<String>> edges = new TreeMap<>();
    for (DeclaredSource source : sources) {
      Set<String> targets = new TreeSet<>();
      source.variants().forEach(v -> targets.addAll(ManifestRules.orEmpty(v.dependsOn())));
      edges.put(source.name(), targets);
    }
    for (DeclaredSource source : sources) {
      if (reaches(source.name(), source.name(), edges, new HashSet<>())) {
        findings.add(
            new Finding(
                source.file(),
                files.line(source.file(), "dependsOn:"),
                "package-source",
                "PackageSource "
                    + source.name()
                    + " depends on itself through its variants' dependsOn",
                "break the cycle; a Package waiting for itself is never installed"));
      }
    }
  }

  private static boolean reaches(
      String from, String target, Map<String, Set<String>> edges, Set<String> seen) {
    for (String next : edges.getOrDefault(from, Set.of())) {
      if (next.equals(target)) {
        return true;
      }
      if (seen.add(next) && reaches(next, target, edges, seen)) {
        return true;
      }
    }
    return false;
  }

  /**
   * Every artifact the sources derive, by name, from the components with a name of their own and a
   * path; a name derived twice is a collision the platform refuses.
   */
  static Map<String, DerivedArtifact> derive(
      List<DeclaredSource> sources, CatalogFiles files, List<Finding> findings) {
    Map<String, DerivedArtifact> derived = new LinkedHashMap<>();
    for (DeclaredSource source : sources) {
      Set<String> variants = new HashSet<>();
      for (Variant variant : source.variants()) {
        if (variant.name() != null && variants.add(variant.name())) {
          derive(source, variant, derived, files, findings);
        }
      }
    }
    return derived;
  }

  private static void derive(
      DeclaredSource source,
      Variant variant,
      Map<String, DerivedArtifact> derived,
      CatalogFiles files,
      List<Finding> findings) {
    Set<String> components = new HashSet<>();
    for (Component component : ManifestRules.orEmpty(variant.components())) {
      if (component.name() == null
          || !components.add(component.name())
          || component.path() == null
          || component.path().isEmpty()) {
        continue;
      }
      String artifact =
          ArtifactNaming.artifactName(source.name(), variant.name(), component.name());
      DerivedArtifact d = new DerivedArtifact(source, variant, component, artifact);
      DerivedArtifact earlier = derived.putIfAbsent(artifact, d);
      if (earlier != null) {
        findings.add(
            new Finding(
                source.file(),
                files.line(source.file(), "name", component.name()),
                "package-source",
                d.describe()
                    + " derives artifact "
                    + artifact
                    + ", as "
                    + earlier.describe()
                    + " does; the platform refuses the later one (NameCollision)",
                "rename the source, variant or component (\".\" and \"-\" derive the same"
                    + " name)"));
      }
    }
  }
}
