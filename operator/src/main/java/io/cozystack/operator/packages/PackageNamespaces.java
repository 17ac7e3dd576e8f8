package io.cozystack.operator.packages;

import io.cozystack.api.v1alpha1.Package;
import io.cozystack.api.v1alpha1.PackageStatus;
import io.cozystack.api.v1alpha1.PackageStatus.ComponentStatus;
import io.fabric8.kubernetes.api.model.Namespace;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The target namespaces of Packages, as the Package controller keeps them: labelled while a Package
 * installs into them (server-side applied, field manager {@value ReleaseWriter#FIELD_MANAGER}),
 * released (the operator's labels and annotation removed, the namespace kept) once none does.
 */
final class PackageNamespaces {
  private static final Logger LOG = LoggerFactory.getLogger(PackageNamespaces.class);

  private final PackageEventSources sources;

  PackageNamespaces(PackageEventSources sources) {
    this.sources = sources;
  }

  boolean handedOver(String namespace) {
    return sources.cachedNamespace(namespace).map(NamespacePlanner::handedOver).orElse(false);
  }

  /**
   * A deleted Package's namespaces that no other Package installs into lose the labels the operator
   * set there (the namespaces themselves, and labels others set, stay).
   */
  void releaseAll(Package pkg, KubernetesClient client) {
    Lookup lookup = Lookup.of(sources.packages(), sources.packageSources());
    Set<String> others = NamespacePlanner.targetedByOthers(lookup, pkg.getMetadata().getName());
    lookup.activeVariant(pkg).stream()
        .flatMap(variant -> PackagePlanner.installed(pkg, variant).stream())
        .map(c -> c.install().namespace())
        .distinct()
        .filter(name -> !others.contains(name))
        .filter(this::marked)
        .forEach(name -> release(name, client));
  }

  /**
   * The namespaces this Package installed into (its releases, as found and as its status last
   * listed them, so a retry after a failed reconcile still knows them) that neither its plan nor
   * any other Package installs into now: a variant or a component switched away from them. They
   * lose the operator's labels as a deleted Package's do.
   */
  Set<String> left(Package pkg, PackagePlan.Ready plan, Lookup lookup) {
    Set<String> before = new TreeSet<>();
    sources.ownedReleases(pkg).forEach(r -> before.add(r.getMetadata().getNamespace()));
    Optional.ofNullable(pkg.getStatus())
        .map(PackageStatus::components)
        .ifPresent(
            components ->
                components.values().stream()
                    .map(ComponentStatus::release)
                    .filter(key -> key != null && key.contains("/"))
                    .forEach(key -> before.add(key.substring(0, key.indexOf('/')))));
    before.removeAll(plan.namespaces());
    before.removeAll(NamespacePlanner.targetedByOthers(lookup, pkg.getMetadata().getName()));
    before.removeIf(name -> !marked(name));
    return before;
  }

  private boolean marked(String namespace) {
    return sources.cachedNamespace(namespace).filter(NamespacePlanner::marked).isPresent();
  }

  static void release(String namespace, KubernetesClient client) {
    LOG.info("Releasing namespace {}: no Package installs into it any more", namespace);
    client
        .resource(NamespacePlanner.released(namespace))
        .fieldManager(ReleaseWriter.FIELD_MANAGER)
        .forceConflicts()
        .serverSideApply();
  }

  /** Applies each target namespace unless the cached one already carries our labels. */
  void ensure(PackagePlan.Ready plan, Lookup lookup, KubernetesClient client) {
    Set<String> privileged = NamespacePlanner.privilegedNamespaces(lookup);
    for (String name : plan.namespaces()) {
      Namespace desired = NamespacePlanner.render(name, privileged, handedOver(name));
      boolean labelled =
          sources
              .cachedNamespace(name)
              .map(ns -> NamespacePlanner.carries(ns, desired))
              .orElse(false);
      if (!labelled) {
        client
            .resource(desired)
            .fieldManager(ReleaseWriter.FIELD_MANAGER)
            .forceConflicts()
            .serverSideApply();
      }
    }
  }
}
