package io.cozystack.operator.packages;

import io.cozystack.api.meta.ConditionStatus;
import io.cozystack.api.v1alpha1.Component;
import io.cozystack.api.v1alpha1.Package;
import io.cozystack.api.v1alpha1.PackageComponent;
import io.cozystack.api.v1alpha1.PackageSource;
import io.cozystack.api.v1alpha1.PackageStatus.DependencyStatus;
import io.cozystack.api.v1alpha1.ValuesTransport;
import io.cozystack.api.v1alpha1.Variant;
import io.cozystack.api.values.ValuesKeys;
import io.cozystack.operator.flux.HelmRelease;
import io.cozystack.operator.flux.HelmReleaseSpec.DependsOn;
import io.cozystack.operator.status.Conditions;
import io.cozystack.operator.values.ValuesTransports;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Computes a Package's plan from the Package, every Package and PackageSource, and the settings:
 * Cozystack's algorithm, except that a dependency counts as ready only when its Package is Ready
 * for real (its releases are ready), not merely written.
 */
public final class PackagePlanner {
  static final String SOURCE_REF_NOT_SET = "SourceRefNotSet";

  /** A source's stalls that leave its artifacts missing or another's, so no Package of it works. */
  private static final Set<String> SOURCE_STALLS = Set.of("NameCollision", "OwnershipConflict");

  private PackagePlanner() {}

  /**
   * @param platformTransport where releases read cozystack-values from unless the Package says
   *     otherwise ({@value ValuesKeys#TRANSPORT_ANNOTATION})
   */
  public static PackagePlan plan(
      Package pkg, Lookup lookup, ReleaseSettings settings, ValuesTransport platformTransport) {
    String name = pkg.getMetadata().getName();
    Optional<PackageSource> source = lookup.source(name);
    if (source.isEmpty()) {
      return new PackagePlan.Blocked(
          "PackageSourceNotFound", "PackageSource " + name + " not found", false, Map.of());
    }
    Optional<Variant> variant = lookup.activeVariant(pkg);
    if (variant.isEmpty()) {
      return new PackagePlan.Blocked(
          "VariantNotFound",
          "Variant " + Lookup.variantName(pkg) + " not found in PackageSource " + name,
          true,
          Map.of());
    }
    Optional<PackagePlan.Blocked> invalid = invalid(pkg, source.get(), variant.get(), lookup);
    if (invalid.isPresent()) {
      return invalid.get();
    }
    Map<String, DependencyStatus> dependencies = dependencies(pkg, variant.get(), lookup);
    List<String> notReady =
        dependencies.entrySet().stream()
            .filter(e -> !e.getValue().ready())
            .map(Map.Entry::getKey)
            .toList();
    if (!notReady.isEmpty()) {
      return new PackagePlan.Blocked(
          "DependenciesNotReady",
          "Waiting for dependencies to become Ready: " + String.join(", ", notReady),
          false,
          dependencies);
    }
    try {
      PackagePlan.ValuesNeed values = valuesNeed(pkg, source.get(), platformTransport);
      List<PackagePlan.DesiredRelease> releases = new ArrayList<>();
      Set<String> namespaces = new LinkedHashSet<>();
      Optional<CatalogTrust.Verdict> bounded =
          settings.trust().of(source.get()).filter(v -> !v.trusted());
      for (Component component : installed(pkg, variant.get())) {
        List<DependsOn> dependsOn = dependsOn(pkg, variant.get(), component, lookup);
        HelmRelease release =
            HelmReleaseRenderer.render(
                pkg,
                variant.get(),
                component,
                dependsOn,
                settings,
                source.get().getMetadata().getName(),
                values == null ? null : values.transport());
        bounded.ifPresent(catalog -> CatalogScope.bind(release, catalog));
        releases.add(
            new PackagePlan.DesiredRelease(
                component.name(),
                release,
                values == null
                    ? null
                    : new PackagePlan.ValuesNeed(
                        values.transport(),
                        orEmpty(component.install().requiredValues()),
                        values.platform())));
        namespaces.add(component.install().namespace());
      }
      return new PackagePlan.Ready(variant.get().name(), releases, namespaces, dependencies);
    } catch (InvalidPackageException e) {
      return new PackagePlan.Blocked(e.reason, e.getMessage(), true, dependencies);
    }
  }

  /**
   * A spec problem no waiting resolves, first found: a path the source may not copy, an override of
   * a component the variant lacks or with values that are not an object, a bad transport, a
   * dependency cycle among the variant's components or through this Package.
   */
  static Optional<PackagePlan.Blocked> invalid(
      Package pkg, PackageSource source, Variant variant, Lookup lookup) {
    String name = pkg.getMetadata().getName();
    List<String> paths = SourcePaths.problems(source);
    if (!paths.isEmpty()) {
      return terminal(
          SourcePaths.INVALID_PATH,
          "PackageSource "
              + name
              + " copies paths outside its source: "
              + String.join("; ", paths));
    }
    Optional<PackagePlan.Blocked> broken = brokenSource(source);
    if (broken.isPresent()) {
      return broken;
    }
    List<String> unknown = ComponentOverrides.unknown(pkg, variant);
    if (!unknown.isEmpty()) {
      return terminal(
          ComponentOverrides.UNKNOWN_COMPONENT,
          "spec.components names "
              + String.join(", ", unknown)
              + (unknown.size() == 1 ? ", which is not a component" : ", which are not components")
              + " of variant "
              + variant.name()
              + " of PackageSource "
              + name
              + " (its components: "
              + ComponentOverrides.listed(variant)
              + "); remove the override or correct its name");
    }
    List<String> badValues = ComponentOverrides.nonObjectValues(pkg);
    if (!badValues.isEmpty()) {
      return terminal(
          ComponentOverrides.INVALID_VALUES,
          badValues.stream()
                  .map(c -> "spec.components." + c + ".values")
                  .collect(java.util.stream.Collectors.joining(", "))
              + " must be an object of Helm values");
    }
    Optional<String> badTransport = ValuesTransports.problem(pkg.getMetadata());
    if (badTransport.isPresent()) {
      return terminal("InvalidTransport", badTransport.get());
    }
    Optional<List<String>> components = DependencyCycles.ofComponents(variant);
    if (components.isPresent()) {
      return terminal(
          DependencyCycles.DEPENDENCY_CYCLE,
          "components of variant "
              + variant.name()
              + " of PackageSource "
              + name
              + " depend on each other in a cycle (install.dependsOn): "
              + DependencyCycles.describe(components.get())
              + "; no release is written until one edge is removed");
    }
    Optional<List<String>> packages = DependencyCycles.ofPackages(pkg, lookup);
    if (packages.isPresent()) {
      return terminal(
          DependencyCycles.DEPENDENCY_CYCLE,
          "Packages depend on each other in a cycle (variant dependsOn): "
              + DependencyCycles.describe(packages.get())
              + "; none of them can become Ready until one edge is removed (or listed in"
              + " spec.ignoreDependencies)");
    }
    return Optional.empty();
  }

  /**
   * A source that cannot give its components artifacts: no {@code sourceRef}, or stalled on a name
   * collision or a foreign generator (its own status says so; a change of it wakes the Package).
   */
  static Optional<PackagePlan.Blocked> brokenSource(PackageSource source) {
    String name = source.getMetadata().getName();
    if (source.getSpec() == null || source.getSpec().sourceRef() == null) {
      return terminal(
          SOURCE_REF_NOT_SET,
          "PackageSource "
              + name
              + " has no spec.sourceRef, so its components have no artifacts to install from;"
              + " set spec.sourceRef on the PackageSource");
    }
    if (source.getStatus() == null || source.getStatus().conditions() == null) {
      return Optional.empty();
    }
    long generation = Optional.ofNullable(source.getMetadata().getGeneration()).orElse(0L);
    return source.getStatus().conditions().stream()
        .filter(c -> Conditions.STALLED.equals(c.type()) && c.status() == ConditionStatus.TRUE)
        .filter(c -> c.observedGeneration() == null || c.observedGeneration() == generation)
        .filter(c -> SOURCE_STALLS.contains(c.reason()))
        .findFirst()
        .flatMap(c -> terminal(c.reason(), "PackageSource " + name + ": " + c.message()));
  }

  private static Optional<PackagePlan.Blocked> terminal(String reason, String message) {
    return Optional.of(new PackagePlan.Blocked(reason, message, true, Map.of()));
  }

  /**
   * Whether the Package's releases read cozystack-values (not when its PackageSource opts out) and
   * by which transport.
   */
  static PackagePlan.ValuesNeed valuesNeed(
      Package pkg, PackageSource source, ValuesTransport platformTransport) {
    Map<String, String> annotations = source.getMetadata().getAnnotations();
    if (annotations != null
        && "true".equals(annotations.get(HelmReleaseRenderer.SKIP_VALUES_ANNOTATION))) {
      return null;
    }
    return new PackagePlan.ValuesNeed(
        ValuesTransports.of(pkg.getMetadata(), platformTransport), List.of(), platformTransport);
  }

  /** Components of the variant with {@code install} that the Package does not disable. */
  static List<Component> installed(Package pkg, Variant variant) {
    Map<String, PackageComponent> overrides =
        pkg.getSpec() == null || pkg.getSpec().components() == null
            ? Map.of()
            : pkg.getSpec().components();
    return orEmpty(variant.components()).stream()
        .filter(c -> c.install() != null)
        .filter(
            c ->
                !Boolean.FALSE.equals(
                    Optional.ofNullable(overrides.get(c.name()))
                        .map(PackageComponent::enabled)
                        .orElse(null)))
        .toList();
  }

  /** The non-ignored package dependencies of the variant and whether each is Ready. */
  static Map<String, DependencyStatus> dependencies(Package pkg, Variant variant, Lookup lookup) {
    Map<String, DependencyStatus> result = new LinkedHashMap<>();
    for (String dependency : activeDependencies(pkg, variant)) {
      boolean ready =
          lookup
              .pkg(dependency)
              .map(p -> p.getStatus() == null ? null : p.getStatus().conditions())
              .flatMap(c -> Conditions.find(c, Conditions.READY))
              .map(c -> c.status() == ConditionStatus.TRUE)
              .orElse(false);
      result.put(dependency, new DependencyStatus(ready));
    }
    return result;
  }

  static List<String> activeDependencies(Package pkg, Variant variant) {
    List<String> ignored =
        pkg.getSpec() == null || pkg.getSpec().ignoreDependencies() == null
            ? List.of()
            : pkg.getSpec().ignoreDependencies();
    return orEmpty(variant.dependsOn()).stream().filter(d -> !ignored.contains(d)).toList();
  }

  /**
   * Flux dependsOn of one release: the named components of the same variant, then every installed
   * release of every package dependency.
   */
  static List<DependsOn> dependsOn(
      Package pkg, Variant variant, Component component, Lookup lookup) {
    List<DependsOn> result = new ArrayList<>();
    for (String target : orEmpty(component.install().dependsOn())) {
      Component dependency =
          orEmpty(variant.components()).stream()
              .filter(c -> c.name().equals(target) && c.install() != null)
              .findFirst()
              .orElseThrow(
                  () ->
                      new InvalidPackageException(
                          "DependsOnFailed",
                          "Component "
                              + component.name()
                              + " depends on "
                              + target
                              + ", which is not an installed component of variant "
                              + variant.name()));
      result.add(new DependsOn(Naming.releaseName(dependency), dependency.install().namespace()));
    }
    for (String dependencyName : activeDependencies(pkg, variant)) {
      Package dependency = lookup.pkg(dependencyName).orElseThrow();
      Variant dependencyVariant =
          lookup
              .activeVariant(dependency)
              .orElseThrow(
                  () ->
                      new InvalidPackageException(
                          "DependsOnFailed",
                          "Dependency " + dependencyName + " has no resolvable variant"));
      for (Component c : installed(dependency, dependencyVariant)) {
        result.add(new DependsOn(Naming.releaseName(c), c.install().namespace()));
      }
    }
    return result;
  }

  private static <T> List<T> orEmpty(List<T> list) {
    return list == null ? List.of() : list;
  }

  /** A spec problem found while planning; becomes a terminal Blocked plan. */
  static final class InvalidPackageException extends RuntimeException {
    private final String reason;

    InvalidPackageException(String reason, String message) {
      super(message);
      this.reason = reason;
    }
  }
}
