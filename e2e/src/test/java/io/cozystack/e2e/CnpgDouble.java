package io.cozystack.e2e;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.base.PatchContext;
import io.fabric8.kubernetes.client.dsl.base.PatchType;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import java.util.Map;

/**
 * Stands in for the CloudNativePG operator, which does not run in the test control plane: writes
 * the status CNPG would write on its objects (the real upstream CRDs, from CNPG's Go module), when
 * the test says so. A completed Backup gets {@code phase: completed} and an {@code endWal}; a
 * healthy Cluster gets {@code phase: Cluster in healthy state}. It also creates Clusters as CNPG's
 * users (here, the application charts) would.
 */
final class CnpgDouble {
  static final ResourceDefinitionContext BACKUP = kind("Backup", "backups");
  static final ResourceDefinitionContext CLUSTER = kind("Cluster", "clusters");
  static final String HEALTHY = "Cluster in healthy state";

  private final KubernetesClient client;

  CnpgDouble(KubernetesClient client) {
    this.client = client;
  }

  void completeBackup(String namespace, String name) {
    status(
        BACKUP,
        namespace,
        name,
        Map.of(
            "phase", "completed",
            "beginWal", "000000010000000000000002",
            "endWal", "000000010000000000000003",
            "startedAt", "2026-08-01T10:03:00Z",
            "stoppedAt", "2026-08-01T10:03:55Z"));
  }

  void failBackup(String namespace, String name, String error) {
    status(BACKUP, namespace, name, Map.of("phase", "failed", "error", error));
  }

  void markHealthy(String namespace, String cluster) {
    status(CLUSTER, namespace, cluster, Map.of("phase", HEALTHY, "instances", 1));
  }

  /** A Cluster as a chart renders it: {@code spec} given, CNPG's defaults left to the server. */
  GenericKubernetesResource createCluster(String namespace, String name, Map<String, Object> spec) {
    GenericKubernetesResource cluster = new GenericKubernetesResource();
    cluster.setApiVersion("postgresql.cnpg.io/v1");
    cluster.setKind("Cluster");
    cluster.setMetadata(
        new io.fabric8.kubernetes.api.model.ObjectMetaBuilder()
            .withName(name)
            .withNamespace(namespace)
            .build());
    cluster.setAdditionalProperty("spec", spec);
    return client
        .genericKubernetesResources(CLUSTER)
        .inNamespace(namespace)
        .resource(cluster)
        .create();
  }

  private void status(
      ResourceDefinitionContext kind, String namespace, String name, Map<String, Object> status) {
    client
        .genericKubernetesResources(kind)
        .inNamespace(namespace)
        .withName(name)
        .subresource("status")
        .patch(
            PatchContext.of(PatchType.JSON_MERGE),
            io.fabric8.kubernetes.client.utils.Serialization.asJson(Map.of("status", status)));
  }

  private static ResourceDefinitionContext kind(String kind, String plural) {
    return new ResourceDefinitionContext.Builder()
        .withGroup("postgresql.cnpg.io")
        .withVersion("v1")
        .withKind(kind)
        .withPlural(plural)
        .withNamespaced(true)
        .build();
  }
}
