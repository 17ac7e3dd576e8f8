package io.cozystack.operator.packages;

import io.cozystack.api.catalog.CatalogRights;
import io.cozystack.api.v1alpha1.PackageSource;
import io.cozystack.operator.flux.HelmRelease;
import io.fabric8.kubernetes.api.model.HasMetadata;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * What one catalog (all PackageSources reading one Flux source) is granted and where its releases
 * live, from every Package and PackageSource: the union of the rights its sources declare, and the
 * namespaces of the releases its Packages install.
 */
public final class CatalogScope {
  private CatalogScope() {}

  /**
   * The sources reading Flux source {@code source} that {@code genuine} accepts (a source another
   * catalog created, {@link #foreignCreator}, neither adds rights nor namespaces).
   */
  static List<PackageSource> sources(
      Lookup lookup, String source, Predicate<PackageSource> genuine) {
    return lookup.sources().values().stream()
        .filter(s -> s.getSpec() != null && s.getSpec().sourceRef() != null)
        .filter(s -> source.equals(s.getSpec().sourceRef().name()))
        .filter(genuine)
        .toList();
  }

  /** The union of the rights every source of the catalog declares. */
  public static CatalogRights rights(
      Lookup lookup, String source, Predicate<PackageSource> genuine) {
    Set<String> namespaces = new TreeSet<>();
    Set<CatalogRights.Kind> cluster = new LinkedHashSet<>();
    Set<CatalogRights.Kind> namespaced = new LinkedHashSet<>();
    Set<String> groups = new TreeSet<>();
    for (PackageSource s : sources(lookup, source, genuine)) {
      if (s.getSpec().catalog() == null || s.getSpec().catalog().rights() == null) {
        continue;
      }
      CatalogRights r = s.getSpec().catalog().rights();
      namespaces.addAll(r.namespacesOrEmpty());
      cluster.addAll(r.clusterScopedOrEmpty());
      namespaced.addAll(r.namespacedOrEmpty());
      groups.addAll(r.customResourceGroupsOrEmpty());
    }
    return new CatalogRights(
        List.copyOf(namespaces),
        List.copyOf(cluster),
        List.copyOf(namespaced),
        List.copyOf(groups));
  }

  /** The namespaces the catalog's Packages install releases into. */
  public static Set<String> releaseNamespaces(
      Lookup lookup, String source, Predicate<PackageSource> genuine) {
    Set<String> result = new TreeSet<>();
    for (PackageSource s : sources(lookup, source, genuine)) {
      lookup
          .pkg(s.getMetadata().getName())
          .ifPresent(
              pkg ->
                  lookup
                      .activeVariant(pkg)
                      .ifPresent(
                          variant ->
                              PackagePlanner.installed(pkg, variant)
                                  .forEach(c -> result.add(c.install().namespace()))));
    }
    return result;
  }

  /**
   * The Flux source of the bounded catalog whose release created this PackageSource, if it differs
   * from the source it reads: a catalog may not create PackageSources of another catalog. helm-
   * controller labels every object it applies with its release ({@code helm.toolkit.fluxcd.io/name}
   * and {@code /namespace}), whatever the chart says.
   */
  public static Optional<String> foreignCreator(
      PackageSource source, Function<String[], Optional<HelmRelease>> releases) {
    return foreignCreator(source, source, releases);
  }

  /**
   * The bounded catalog source whose release created {@code object} (the PackageSource itself, or
   * its Package), if it is not the source {@code source} reads.
   */
  public static Optional<String> foreignCreator(
      HasMetadata object,
      PackageSource source,
      Function<String[], Optional<HelmRelease>> releases) {
    var labels = object.getMetadata().getLabels();
    if (labels == null
        || !labels.containsKey("helm.toolkit.fluxcd.io/name")
        || source.getSpec() == null
        || source.getSpec().sourceRef() == null) {
      return Optional.empty();
    }
    String[] key = {
      labels.get("helm.toolkit.fluxcd.io/namespace"), labels.get("helm.toolkit.fluxcd.io/name")
    };
    return releases
        .apply(key)
        .map(r -> r.getMetadata().getLabels())
        .map(l -> l.get(CatalogTrust.SOURCE_LABEL))
        .filter(creator -> !creator.equals(source.getSpec().sourceRef().name()));
  }

  /** Binds a release to the catalog's account and storage, and labels it with the source. */
  static HelmRelease bind(HelmRelease release, CatalogTrust.Verdict catalog) {
    var labels = new java.util.LinkedHashMap<>(release.getMetadata().getLabels());
    labels.put(CatalogTrust.SOURCE_LABEL, catalog.source());
    release.getMetadata().setLabels(labels);
    release.setSpec(
        release.getSpec().boundTo(catalog.serviceAccount(), catalog.storageNamespace()));
    return release;
  }
}
