package io.cozystack.catalog.services.backups.cnpg;

import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;

/** The upstream kinds the CNPG driver reads and writes, and how it names them. */
final class CnpgKinds {
  static final ResourceDefinitionContext BACKUP =
      kind("postgresql.cnpg.io", "v1", "Backup", "backups");
  static final ResourceDefinitionContext CLUSTER =
      kind("postgresql.cnpg.io", "v1", "Cluster", "clusters");
  static final ResourceDefinitionContext HELM_RELEASE =
      kind("helm.toolkit.fluxcd.io", "v2", "HelmRelease", "helmreleases");
  static final ResourceDefinitionContext POSTGRES =
      kind("apps.cozystack.io", "v1alpha1", "Postgres", "postgreses");

  /** Label CNPG puts on a cluster's objects (and we on its Backups). */
  static final String CLUSTER_LABEL = "cnpg.io/cluster";

  private CnpgKinds() {}

  /** The CNPG Cluster (and the HelmRelease) of Postgres application {@code app}. */
  static String clusterOf(String app) {
    return "postgres-" + app;
  }

  private static ResourceDefinitionContext kind(
      String group, String version, String kind, String plural) {
    return new ResourceDefinitionContext.Builder()
        .withGroup(group)
        .withVersion(version)
        .withKind(kind)
        .withPlural(plural)
        .withNamespaced(true)
        .build();
  }
}
