package io.cozystack.contracts.validation;

import io.cozystack.api.v1alpha1.ArtifactNaming;
import io.cozystack.api.v1alpha1.Component;
import io.cozystack.api.v1alpha1.Library;
import io.cozystack.api.v1alpha1.PackageSourceRef;
import io.cozystack.api.v1alpha1.Variant;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * The shape of one declared source ({@code package-source}): it reads the catalog's artifact from
 * its root through the OCIRepository every source of the catalog uses, its variants and their
 * components have names of their own, and a variant depends only on the catalog's own sources.
 */
final class SourceStructure {
  private static final String WANTED_REF =
      "{kind: OCIRepository, name: <the catalog's repository>, namespace: "
          + ArtifactNaming.SYSTEM_NAMESPACE
          + ", path: /}";

  private SourceStructure() {}

  /** {@code own}: the names of every source the catalog declares; {@code first}: the first one. */
  static void check(
      DeclaredSource source,
      DeclaredSource first,
      Set<String> own,
      CatalogFiles files,
      List<Finding> findings)
      throws IOException {
    sourceRef(source, first, files, findings);
    variants(source, own, files, findings);
  }

  /**
   * The published catalog is one OCI artifact whose root is the catalog directory: every source
   * reads it through the same OCIRepository in cozy-system, from its root.
   */
  private static void sourceRef(
      DeclaredSource source, DeclaredSource first, CatalogFiles files, List<Finding> findings) {
    PackageSourceRef ref = source.source().getSpec().sourceRef();
    if (ref == null) {
      findings.add(
          new Finding(
              source.file(),
              files.line(source.file(), "spec:"),
              "package-source",
              "PackageSource " + source.name() + " has no spec.sourceRef, so it generates nothing",
              "set spec.sourceRef to " + WANTED_REF));
      return;
    }
    List<String> problems = problems(ref);
    if (!problems.isEmpty()) {
      findings.add(
          new Finding(
              source.file(),
              files.line(source.file(), "sourceRef:"),
              "package-source",
              "spec.sourceRef of PackageSource "
                  + source.name()
                  + ": "
                  + String.join("; ", problems),
              "set spec.sourceRef to " + WANTED_REF));
      return;
    }
    sameRepository(source, first, files, findings);
  }

  private static List<String> problems(PackageSourceRef ref) {
    List<String> problems = new ArrayList<>();
    if (ref.kind() != PackageSourceRef.SourceKind.OCIRepository) {
      problems.add("kind is " + ref.kind() + ", not OCIRepository");
    }
    if (ref.name() == null || ref.name().isEmpty()) {
      problems.add("name is missing");
    }
    if (!ArtifactNaming.SYSTEM_NAMESPACE.equals(ref.namespace())) {
      problems.add("namespace is " + ref.namespace() + ", not " + ArtifactNaming.SYSTEM_NAMESPACE);
    }
    if (ref.kind() != null && !ArtifactNaming.basePath(ref).isEmpty()) {
      problems.add(
          "its base path is "
              + ArtifactNaming.basePath(ref)
              + ", not the artifact's root, where the catalog's files are");
    }
    return problems;
  }

  private static void sameRepository(
      DeclaredSource source, DeclaredSource first, CatalogFiles files, List<Finding> findings) {
    PackageSourceRef ref = source.source().getSpec().sourceRef();
    PackageSourceRef firstRef = first.source().getSpec().sourceRef();
    if (source != first && firstRef != null && !Objects.equals(firstRef.name(), ref.name())) {
      findings.add(
          new Finding(
              source.file(),
              files.line(source.file(), "name: " + ref.name()),
              "package-source",
              "spec.sourceRef.name "
                  + ref.name()
                  + " differs from "
                  + firstRef.name()
                  + " in "
                  + first.file()
                  + "; the catalog is published as one artifact",
              "read every PackageSource of the catalog from the same OCIRepository"));
    }
  }

  private static void variants(
      DeclaredSource source, Set<String> own, CatalogFiles files, List<Finding> findings)
      throws IOException {
    if (source.variants().isEmpty()) {
      findings.add(
          new Finding(
              source.file(),
              0,
              "package-source",
              "PackageSource " + source.name() + " has no variants, so no Package can install it",
              "add a variant named default"));
      return;
    }
    Set<String> names = new HashSet<>();
    for (Variant variant : source.variants()) {
      if (variant.name() == null || variant.name().isEmpty() || !names.add(variant.name())) {
        findings.add(
            new Finding(
                source.file(),
                variant.name() == null ? 0 : files.line(source.file(), "name", variant.name()),
                "package-source",
                "every variant of PackageSource "
                    + source.name()
                    + " needs a name of its own ("
                    + variant.name()
                    + ")",
                "name the variants uniquely; a Package selects one by name"));
        continue;
      }
      dependsOn(source, variant, own, files, findings);
      components(source, variant, files, findings);
    }
  }

  private static void components(
      DeclaredSource source, Variant variant, CatalogFiles files, List<Finding> findings)
      throws IOException {
    Map<String, Library> libraries = SourcePaths.libraries(source, variant, files, findings);
    Set<String> names = new HashSet<>();
    for (Component component : ManifestRules.orEmpty(variant.components())) {
      if (component.name() == null || component.name().isEmpty() || !names.add(component.name())) {
        findings.add(
            new Finding(
                source.file(),
                component.name() == null ? 0 : files.line(source.file(), "name", component.name()),
                "package-source",
                "every component of variant "
                    + variant.name()
                    + " needs a name of its own ("
                    + component.name()
                    + ")",
                "name the components of a variant uniquely"));
        continue;
      }
      ComponentRules.check(source, variant, component, libraries, files, findings);
    }
  }

  /**
   * A variant may wait only for PackageSources the catalog itself ships: a dependency nobody ships
   * would keep its Package waiting forever.
   */
  private static void dependsOn(
      DeclaredSource source,
      Variant variant,
      Set<String> own,
      CatalogFiles files,
      List<Finding> findings) {
    for (String dependency : ManifestRules.orEmpty(variant.dependsOn())) {
      if (!own.contains(dependency)) {
        findings.add(
            new Finding(
                source.file(),
                files.line(source.file(), dependency),
                "package-source",
                "variant "
                    + variant.name()
                    + " of PackageSource "
                    + source.name()
                    + " depends on "
                    + dependency
                    + ", which this catalog does not ship; on a platform where nobody installs it,"
                    + " the Package waits forever",
                "depend only on PackageSources listed in spec.packageSources, or drop the"
                    + " dependency"));
      }
    }
  }
}
