package io.cozystack.catalog.services.backups.mongodb;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinitionBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.List;
import java.util.Map;

/**
 * The Percona operator's kinds on a CRUD mock API server, for the flow tests: the clusters the
 * application chart would create, and the status the operator would write, set by the test.
 */
final class MockOperator {
  static final String NS = "tenant-a";

  private final KubernetesClient client;

  MockOperator(KubernetesClient client) {
    this.client = client;
    for (String kind : List.of(PsmdbApi.CLUSTER, PsmdbApi.BACKUP, PsmdbApi.RESTORE)) {
      String plural = kind.toLowerCase() + "s";
      client
          .apiextensions()
          .v1()
          .customResourceDefinitions()
          .resource(
              new CustomResourceDefinitionBuilder()
                  .withNewMetadata()
                  .withName(plural + ".psmdb.percona.com")
                  .endMetadata()
                  .withNewSpec()
                  .withGroup("psmdb.percona.com")
                  .withScope("Namespaced")
                  .withNewNames()
                  .withKind(kind)
                  .withPlural(plural)
                  .withSingular(kind.toLowerCase())
                  .endNames()
                  .addNewVersion()
                  .withName("v1")
                  .withServed(true)
                  .withStorage(true)
                  .endVersion()
                  .endSpec()
                  .build())
          .create();
    }
  }

  /** The cluster of application {@code app}, as its chart renders it (storage s3-storage). */
  void cluster(String app, boolean backupsEnabled) {
    Map<String, Object> backup =
        backupsEnabled
            ? Map.of(
                "enabled",
                true,
                "storages",
                Map.of(
                    "s3-storage",
                    Map.of(
                        "type",
                        "s3",
                        "s3",
                        Map.of(
                            "bucket", "backups",
                            "prefix", "mongo/" + app,
                            "credentialsSecret", "mongodb-" + app + "-s3-creds"))))
            : Map.of("enabled", false);
    GenericKubernetesResource cluster =
        object(PsmdbApi.CLUSTER, "mongodb-" + app, Map.of("image", "psmdb", "backup", backup));
    client.resource(cluster).createOr(existing -> existing.update());
  }

  /** An operator backup no BackupJob asked for (no owner labels), with its status. */
  void backup(String name, Map<String, String> labels, Map<String, Object> status) {
    GenericKubernetesResource backup =
        object(PsmdbApi.BACKUP, name, Map.of("clusterName", "mongodb-db"));
    backup.getMetadata().setLabels(labels);
    client.resource(backup).create();
    status(PsmdbApi.BACKUP, name, status);
  }

  /** What the operator writes into a backup's status once it is ready. */
  static Map<String, Object> ready(String app) {
    return Map.of(
        "state", "ready",
        "type", "logical",
        "storageName", "s3-storage",
        "destination", "s3://backups/mongo/" + app + "/2026-05-01T02:00:00Z",
        "s3",
            Map.of(
                "bucket", "backups",
                "prefix", "mongo/" + app,
                "credentialsSecret", "mongodb-" + app + "-s3-creds"));
  }

  void status(String kind, String name, Map<String, Object> status) {
    client
        .genericKubernetesResources(PsmdbApi.API_VERSION, kind)
        .inNamespace(NS)
        .withName(name)
        .edit(
            o -> {
              o.setAdditionalProperty("status", status);
              return o;
            });
  }

  List<GenericKubernetesResource> list(String kind) {
    return client
        .genericKubernetesResources(PsmdbApi.API_VERSION, kind)
        .inNamespace(NS)
        .list()
        .getItems();
  }

  private static GenericKubernetesResource object(
      String kind, String name, Map<String, Object> spec) {
    GenericKubernetesResource o = new GenericKubernetesResource();
    o.setApiVersion(PsmdbApi.API_VERSION);
    o.setKind(kind);
    o.setMetadata(new ObjectMetaBuilder().withName(name).withNamespace(NS).build());
    o.setAdditionalProperty("spec", spec);
    return o;
  }
}
