package io.cozystack.operator.packages;

import io.cozystack.api.catalog.CatalogRights;
import java.util.Map;
import java.util.Optional;

/**
 * Where a Package of a catalog the platform does not trust may install: cozy-system (its
 * definitions' and sources' releases, with no namespaced right) and the namespaces the catalog
 * declares, never one of Kubernetes' or the platform's ({@link CatalogRights#reservedNamespace}).
 * Anything else is refused before a namespace is created or labelled or a right is bound, so a
 * catalog cannot gain rights in kube-system by naming it.
 */
final class CatalogNamespaces {
  static final String REASON = "NamespaceNotGranted";

  private CatalogNamespaces() {}

  /** The plan, or a terminal block naming the first component that installs outside the grant. */
  static PackagePlan bound(PackagePlan plan, CatalogTrust.Verdict catalog, CatalogRights rights) {
    if (!(plan instanceof PackagePlan.Ready ready) || catalog.trusted()) {
      return plan;
    }
    for (PackagePlan.DesiredRelease release : ready.releases()) {
      Optional<String> outside =
          targets(release).stream()
              .filter(ns -> !Naming.SYSTEM_NAMESPACE.equals(ns) && !rights.grantsNamespace(ns))
              .findFirst();
      if (outside.isPresent()) {
        return new PackagePlan.Blocked(
            REASON, message(catalog, release.component(), outside.get(), rights), true, Map.of());
      }
    }
    return plan;
  }

  private static java.util.List<String> targets(PackagePlan.DesiredRelease release) {
    String target = release.release().getSpec().targetNamespace();
    String own = release.release().getMetadata().getNamespace();
    return target == null || target.equals(own)
        ? java.util.List.of(own)
        : java.util.List.of(own, target);
  }

  private static String message(
      CatalogTrust.Verdict catalog, String component, String namespace, CatalogRights rights) {
    String why =
        CatalogRights.reservedNamespace(namespace)
            ? " is a namespace of Kubernetes or the platform (default, kube-*, cozy-*, tenant-*),"
                + " where a catalog the platform does not trust is never granted rights"
            : " is not in the catalog's spec.rights.namespaces " + rights.namespacesOrEmpty();
    return "component "
        + component
        + " of catalog source "
        + catalog.source()
        + " installs into namespace "
        + namespace
        + ", which"
        + why
        + "; nothing of this Package is installed. The catalog's publisher must install into a"
        + " namespace it declares, or a platform operator may trust the source"
        + " (--trusted-catalog-sources)";
  }
}
