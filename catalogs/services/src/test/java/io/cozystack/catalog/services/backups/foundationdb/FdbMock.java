package io.cozystack.catalog.services.backups.foundationdb;

import io.cozystack.catalog.services.backups.Json;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinitionBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.util.List;
import java.util.Map;

/**
 * The FoundationDB operator's kinds on a CRUD mock API server, for the flow tests: the clusters the
 * application chart would create, and the status the operator would write, set by the test.
 */
final class FdbMock {
  static final String NS = "tenant-a";

  private final KubernetesClient client;

  FdbMock(KubernetesClient client) {
    this.client = client;
    for (String kind : List.of(FdbApi.CLUSTER, FdbApi.BACKUP, FdbApi.RESTORE)) {
      String plural = kind.toLowerCase() + "s";
      client
          .apiextensions()
          .v1()
          .customResourceDefinitions()
          .resource(
              new CustomResourceDefinitionBuilder()
                  .withNewMetadata()
                  .withName(plural + ".apps.foundationdb.org")
                  .endMetadata()
                  .withNewSpec()
                  .withGroup("apps.foundationdb.org")
                  .withScope("Namespaced")
                  .withNewNames()
                  .withKind(kind)
                  .withPlural(plural)
                  .withSingular(kind.toLowerCase())
                  .endNames()
                  .addNewVersion()
                  .withName("v1beta2")
                  .withServed(true)
                  .withStorage(true)
                  .endVersion()
                  .endSpec()
                  .build())
          .create();
    }
  }

  /** The cluster of application {@code app} as its chart renders it, available or not. */
  void cluster(String app, boolean available) {
    GenericKubernetesResource cluster =
        Json.object(
            ("{apiVersion: apps.foundationdb.org/v1beta2, kind: FoundationDBCluster,"
                    + " metadata: {name: foundationdb-%s, namespace: %s},"
                    + " spec: {version: 7.3.63, imageType: split},"
                    + " status: {health: {available: %s}}}")
                .formatted(app, NS, available));
    client.resource(cluster).createOr(existing -> existing.update());
  }

  /**
   * A FoundationDBBackup of cluster {@code foundationdb-<app>} made by someone, with labels; the
   * mock server stamps its creation with the current time.
   */
  GenericKubernetesResource backup(
      String name, String app, Map<String, String> labels, String state) {
    GenericKubernetesResource backup =
        Json.object(
            ("{apiVersion: apps.foundationdb.org/v1beta2, kind: FoundationDBBackup,"
                    + " metadata: {name: %s, namespace: %s},"
                    + " spec: {clusterName: foundationdb-%s, version: 7.3.63, backupState: %s,"
                    + " blobStoreConfiguration: {accountName: 'key@s3.example.org', backupName: %s}}}")
                .formatted(name, NS, app, state, name));
    backup.getMetadata().setLabels(labels);
    return client.resource(backup).create();
  }

  /** Writes {@code status} into the object, as the operator would. */
  void status(String kind, String name, String statusYaml) {
    client
        .genericKubernetesResources(FdbApi.API_VERSION, kind)
        .inNamespace(NS)
        .withName(name)
        .edit(
            o -> {
              o.setAdditionalProperty(
                  "status",
                  Serialization.jsonMapper().convertValue(Json.yaml(statusYaml), Map.class));
              return o;
            });
  }

  /**
   * The status the operator writes for a backup it runs (v1.55.0): the live backup at {@code url},
   * the snapshot period in {@code snapshotTime}, and the object's generation reconciled.
   */
  void running(String name, String url) {
    status(
        FdbApi.BACKUP,
        name,
        ("{agentCount: 2, deploymentConfigured: true, generations: {reconciled: %d},"
                + " backupDetails: {url: '%s', running: true, snapshotTime: 864000}}")
            .formatted(generation(name), url));
  }

  /** The status the operator writes once it has stopped a backup (fdbbackup discontinue). */
  void stopped(String name) {
    status(
        FdbApi.BACKUP,
        name,
        "{agentCount: 2, deploymentConfigured: true, generations: {reconciled: %d},"
                .formatted(generation(name))
            + " backupDetails: {running: false}}");
  }

  private long generation(String name) {
    Long generation = get(FdbApi.BACKUP, name).getMetadata().getGeneration();
    return generation == null ? 1 : generation;
  }

  GenericKubernetesResource get(String kind, String name) {
    return client
        .genericKubernetesResources(FdbApi.API_VERSION, kind)
        .inNamespace(NS)
        .withName(name)
        .get();
  }

  List<GenericKubernetesResource> list(String kind) {
    return client
        .genericKubernetesResources(FdbApi.API_VERSION, kind)
        .inNamespace(NS)
        .list()
        .getItems();
  }
}
