package io.cozystack.operator.packages;

import io.cozystack.api.catalog.CatalogRights;
import io.cozystack.api.v1alpha1.Package;
import io.cozystack.api.v1alpha1.PackageSource;
import io.cozystack.operator.flux.HelmRelease;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * What a Package reconcile does for catalogs the platform does not trust: refuses a source or
 * Package one catalog's release made for another catalog ({@code CatalogMismatch}) and a component
 * installing outside the catalog's granted namespaces ({@link CatalogNamespaces}), and applies the
 * catalog's RBAC ({@link CatalogRbacRenderer}) once after start and whenever it changes.
 */
final class CatalogGuard {
  private final Function<String[], Optional<HelmRelease>> releases;

  /** The RBAC last applied for each untrusted catalog source. */
  private final Map<String, List<HasMetadata>> applied = new ConcurrentHashMap<>();

  /**
   * @param releases the cached HelmRelease of a namespace and name, to find which release created
   *     an object
   */
  CatalogGuard(Function<String[], Optional<HelmRelease>> releases) {
    this.releases = releases;
  }

  /** A source created by a bounded catalog's release that reads another catalog's source. */
  Optional<PackagePlan.Blocked> foreignSource(Lookup lookup, Package pkg) {
    return lookup
        .source(pkg.getMetadata().getName())
        .flatMap(
            s ->
                CatalogScope.foreignCreator(s, releases)
                    .map(creator -> mismatch("PackageSource", s, creator))
                    .or(
                        () ->
                            CatalogScope.foreignCreator(pkg, s, releases)
                                .map(creator -> mismatch("Package", s, creator))));
  }

  /** The plan, or its refusal when an untrusted catalog installs outside its namespaces. */
  PackagePlan bound(PackagePlan plan, Optional<CatalogTrust.Verdict> trust, Lookup lookup) {
    return trust
        .filter(t -> !t.trusted())
        .map(t -> CatalogNamespaces.bound(plan, t, declaredRights(t, lookup)))
        .orElse(plan);
  }

  /**
   * Server-side applies the ServiceAccounts, roles and bindings of a catalog the platform does not
   * trust, from its declared rights, before its releases are written.
   */
  void applyRbac(CatalogTrust.Verdict catalog, Lookup lookup, KubernetesClient client) {
    List<HasMetadata> desired =
        CatalogRbacRenderer.render(
            catalog,
            declaredRights(catalog, lookup),
            CatalogScope.releaseNamespaces(lookup, catalog.source(), this::genuine));
    if (desired.equals(applied.get(catalog.source()))) {
      return;
    }
    for (var object : desired) {
      client
          .resource(object)
          .fieldManager(ReleaseWriter.FIELD_MANAGER)
          .forceConflicts()
          .serverSideApply();
    }
    applied.put(catalog.source(), desired);
  }

  /**
   * What every genuine source of the catalog declares (a source another catalog made adds none).
   */
  private CatalogRights declaredRights(CatalogTrust.Verdict catalog, Lookup lookup) {
    return CatalogScope.rights(lookup, catalog.source(), this::genuine);
  }

  private boolean genuine(PackageSource source) {
    return CatalogScope.foreignCreator(source, releases).isEmpty();
  }

  private static PackagePlan.Blocked mismatch(String what, PackageSource source, String creator) {
    return new PackagePlan.Blocked(
        "CatalogMismatch",
        what
            + " "
            + source.getMetadata().getName()
            + " was created by a release of catalog source "
            + creator
            + " but reads source "
            + source.getSpec().sourceRef().name()
            + "; a catalog may install only PackageSources and Packages of its own source",
        true,
        Map.of());
  }
}
