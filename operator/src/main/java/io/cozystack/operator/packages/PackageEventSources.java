package io.cozystack.operator.packages;

import io.cozystack.api.v1alpha1.Package;
import io.cozystack.api.v1alpha1.PackageSource;
import io.cozystack.api.v1alpha1.PackageStatus.ComponentState;
import io.cozystack.api.v1alpha1.PlatformProperties;
import io.cozystack.api.v1alpha1.Variant;
import io.cozystack.operator.flux.HelmRelease;
import io.fabric8.kubernetes.api.model.Namespace;
import io.javaoperatorsdk.operator.api.config.informer.InformerEventSourceConfiguration;
import io.javaoperatorsdk.operator.api.reconciler.EventSourceContext;
import io.javaoperatorsdk.operator.processing.event.ResourceID;
import io.javaoperatorsdk.operator.processing.event.source.EventSource;
import io.javaoperatorsdk.operator.processing.event.source.informer.InformerEventSource;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiPredicate;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * What wakes a Package up, and the caches it reads: every HelmRelease (its own, and foreign ones it
 * conflicts with), the PackageSource of the same name, and the Packages it depends on.
 */
final class PackageEventSources {
  private static final String BY_OWNER = "by-owner-package";

  private final EventSourceContext<Package> context;
  private final InformerEventSource<HelmRelease, Package> releases;
  private final InformerEventSource<PackageSource, Package> packageSources;
  private final InformerEventSource<Package, Package> dependencies;
  private final InformerEventSource<Namespace, Package> namespaces;
  private final InformerEventSource<PlatformProperties, Package> platform;

  PackageEventSources(EventSourceContext<Package> context) {
    this.context = context;
    this.releases =
        new InformerEventSource<>(
            InformerEventSourceConfiguration.from(HelmRelease.class, Package.class)
                .withName("helmreleases")
                .withWatchAllNamespaces()
                .withSecondaryToPrimaryMapper(this::packagesInterestedIn)
                .build(),
            context);
    this.releases.addIndexers(Map.of(BY_OWNER, PackageEventSources::ownerPackage));
    this.packageSources =
        new InformerEventSource<>(
            InformerEventSourceConfiguration.from(PackageSource.class, Package.class)
                .withName("packagesources")
                .withSecondaryToPrimaryMapper(
                    (PackageSource ps) -> Set.of(new ResourceID(ps.getMetadata().getName())))
                .withPrimaryToSecondaryMapper(
                    (Package p) -> Set.of(new ResourceID(p.getMetadata().getName())))
                .build(),
            context);
    this.dependencies =
        new InformerEventSource<>(
            InformerEventSourceConfiguration.from(Package.class, Package.class)
                .withName("dependency-packages")
                .withSecondaryToPrimaryMapper(this::dependentsOf)
                .build(),
            context);
    // A namespace whose labels drift (e.g. someone removes cozystack.io/system) wakes the
    // packages installing into it, which label it again.
    this.namespaces =
        new InformerEventSource<>(
            InformerEventSourceConfiguration.from(Namespace.class, Package.class)
                .withName("namespaces")
                .withSecondaryToPrimaryMapper(this::packagesInstallingInto)
                .build(),
            context);
    // A change of the published properties can make any Package (in)compatible.
    this.platform =
        new InformerEventSource<>(
            InformerEventSourceConfiguration.from(PlatformProperties.class, Package.class)
                .withName("platformproperties")
                .withSecondaryToPrimaryMapper((PlatformProperties p) -> everyPackage())
                .build(),
            context);
  }

  private Set<ResourceID> everyPackage() {
    return context
        .getPrimaryCache()
        .list()
        .map(ResourceID::fromResource)
        .collect(Collectors.toSet());
  }

  private Set<ResourceID> packagesInstallingInto(Namespace namespace) {
    String name = namespace.getMetadata().getName();
    return packagesWhoseVariant(
        (p, v) ->
            PackagePlanner.installed(p, v).stream()
                .anyMatch(c -> name.equals(c.install().namespace())));
  }

  /**
   * Packages whose active variant matches, as event targets, each judged by its spec as reconciled
   * (the primary cache) and as the dependency informer holds it. The informers deliver
   * independently: a Package created, or switched to a variant that depends on another or installs
   * into a namespace, can be reconciled (reading that dependency or namespace before its change
   * arrived) while the dependency informer still holds its older spec; judged by that spec alone,
   * the change would wake nobody and the Package would wait for good.
   */
  private Set<ResourceID> packagesWhoseVariant(BiPredicate<Package, Variant> test) {
    return matching(
            Stream.concat(context.getPrimaryCache().list(), packages().stream()),
            Lookup.of(List.of(), packageSources()),
            test)
        .stream()
        .map(ResourceID::new)
        .collect(Collectors.toSet());
  }

  /** The names of the {@code candidates} whose active variant passes {@code test}. */
  static Set<String> matching(
      Stream<Package> candidates, Lookup sources, BiPredicate<Package, Variant> test) {
    return candidates
        .filter(p -> sources.activeVariant(p).map(v -> test.test(p, v)).orElse(false))
        .map(p -> p.getMetadata().getName())
        .collect(Collectors.toSet());
  }

  /**
   * A variant of the Package that depends on {@code dependency} (unless the Package ignores it).
   */
  static BiPredicate<Package, Variant> dependingOn(String dependency) {
    return (p, v) -> PackagePlanner.activeDependencies(p, v).contains(dependency);
  }

  List<EventSource<?, Package>> all() {
    return List.of(releases, packageSources, dependencies, namespaces, platform);
  }

  /** The published platform properties (K3), if any. */
  Optional<PlatformProperties> platform() {
    return platform.get(new ResourceID(PlatformProperties.NAME));
  }

  Optional<Namespace> cachedNamespace(String name) {
    return namespaces.get(new ResourceID(name));
  }

  /**
   * Every Package, read from the informer whose events wake dependents, so a dependent woken by a
   * dependency's change sees that change (the primary cache may lag behind it).
   */
  List<Package> packages() {
    return dependencies.list().toList();
  }

  List<PackageSource> packageSources() {
    return packageSources.list().toList();
  }

  Optional<HelmRelease> cachedRelease(PackagePlan.DesiredRelease desired) {
    return releases.get(
        new ResourceID(
            desired.release().getMetadata().getName(),
            desired.release().getMetadata().getNamespace()));
  }

  /** The cached HelmRelease {@code key[0]/key[1]} (namespace, name). */
  Optional<HelmRelease> cachedRelease(String[] key) {
    return key[0] == null || key[1] == null
        ? Optional.empty()
        : releases.get(new ResourceID(key[1], key[0]));
  }

  /** HelmReleases whose controller is this Package (by UID, not by label). */
  List<HelmRelease> ownedReleases(Package pkg) {
    return releases.byIndex(BY_OWNER, pkg.getMetadata().getName()).stream()
        .filter(r -> Ownership.isControlledBy(r, pkg))
        .toList();
  }

  private static List<String> ownerPackage(HelmRelease release) {
    return Ownership.controller(release)
        .filter(ref -> "Package".equals(ref.getKind()))
        .map(ref -> List.of(ref.getName()))
        .orElse(List.of());
  }

  /** The owning Package, plus any Package whose status reports a conflict on this release. */
  private Set<ResourceID> packagesInterestedIn(HelmRelease release) {
    Set<ResourceID> result = new HashSet<>();
    ownerPackage(release).forEach(name -> result.add(new ResourceID(name)));
    String key = release.getMetadata().getNamespace() + "/" + release.getMetadata().getName();
    context
        .getPrimaryCache()
        .list()
        .filter(p -> p.getStatus() != null && p.getStatus().components() != null)
        .filter(
            p ->
                p.getStatus().components().values().stream()
                    .anyMatch(c -> c.state() == ComponentState.CONFLICT && key.equals(c.release())))
        .forEach(p -> result.add(new ResourceID(p.getMetadata().getName())));
    return result;
  }

  /** Packages whose active variant depends on the changed Package. */
  private Set<ResourceID> dependentsOf(Package changed) {
    return packagesWhoseVariant(dependingOn(changed.getMetadata().getName()));
  }
}
