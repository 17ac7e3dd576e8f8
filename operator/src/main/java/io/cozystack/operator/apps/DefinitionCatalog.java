package io.cozystack.operator.apps;

import io.cozystack.api.v1alpha1.ApplicationDefinition;
import io.cozystack.operator.flux.HelmRelease;
import io.cozystack.operator.packages.CatalogRbacRenderer;
import io.cozystack.operator.packages.CatalogTrust;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.Map;
import java.util.Optional;

/**
 * The catalog a served kind comes from, when the platform does not trust it: the definition was
 * applied by a HelmRelease (helm-controller labels every object with its release, whatever the
 * chart says) that the operator bound to a catalog ({@value CatalogTrust#SOURCE_LABEL}). Instances
 * of such a kind install as the catalog's ServiceAccount in their own namespace, with only its
 * declared namespaced rights. A definition applied by anything else (a person, a trusted release)
 * serves instances with helm-controller's own rights.
 */
final class DefinitionCatalog {
  static final String RELEASE_NAME = "helm.toolkit.fluxcd.io/name";
  static final String RELEASE_NAMESPACE = "helm.toolkit.fluxcd.io/namespace";

  private DefinitionCatalog() {}

  static Optional<CatalogTrust.Verdict> of(
      ApplicationDefinition definition, KubernetesClient client, CatalogTrust trust) {
    Map<String, String> labels = definition.getMetadata().getLabels();
    if (labels == null
        || labels.get(RELEASE_NAME) == null
        || labels.get(RELEASE_NAMESPACE) == null) {
      return Optional.empty();
    }
    HelmRelease release =
        client
            .resources(HelmRelease.class)
            .inNamespace(labels.get(RELEASE_NAMESPACE))
            .withName(labels.get(RELEASE_NAME))
            .get();
    return Optional.ofNullable(release)
        .map(r -> r.getMetadata().getLabels())
        .map(l -> l.get(CatalogTrust.SOURCE_LABEL))
        .filter(source -> !trust.trustedSources().contains(source))
        .map(source -> new CatalogTrust.Verdict(false, source, source));
  }

  /**
   * The release (whose spec already names the account) labelled with the catalog, once the account
   * and its rights exist in the release's namespace.
   */
  static HelmRelease bind(
      HelmRelease release, Optional<CatalogTrust.Verdict> catalog, KubernetesClient client) {
    if (catalog.isEmpty()) {
      return release;
    }
    for (var object :
        CatalogRbacRenderer.instanceAccess(catalog.get(), release.getMetadata().getNamespace())) {
      client
          .resource(object)
          .fieldManager(InstanceController.FIELD_MANAGER)
          .forceConflicts()
          .serverSideApply();
    }
    var labels = new java.util.LinkedHashMap<>(release.getMetadata().getLabels());
    labels.put(CatalogTrust.SOURCE_LABEL, catalog.get().source());
    release.getMetadata().setLabels(labels);
    return release;
  }
}
