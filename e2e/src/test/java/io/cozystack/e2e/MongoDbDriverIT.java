package io.cozystack.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.cozystack.api.backups.v1alpha1.Backup;
import io.cozystack.api.backups.v1alpha1.BackupJob;
import io.cozystack.api.backups.v1alpha1.RestoreJob;
import io.cozystack.api.backups.v1alpha1.RunPhase;
import io.cozystack.catalog.services.backups.mongodb.MongoDbDriver;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentSkipListSet;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The services catalog's MongoDB driver end to end on the real API server: the platform dispatches
 * BackupJobs and RestoreJobs to it, it drives the Percona operator's PerconaServerMongoDBBackups
 * and -Restores (their CRDs installed by the control plane), the clusters are what the MongoDB
 * chart renders (with the real Helm) for each application, and {@link MongoDbDouble} plays the
 * operator.
 */
@ExtendWith(KubernetesExtension.class)
class MongoDbDriverIT {
  static final String PSMDB = MongoDbDouble.API_VERSION;

  @Kube static KubernetesClient client;
  @Kube static String namespace;
  static DriverJobs jobs;
  @Kube static Path kubeconfig;
  static InProcessOperator operator;
  static InProcessDriver driver;
  static MongoDbDouble percona;

  /** Every request the driver made, as RBAC sees it. */
  static final Set<String> requests = new ConcurrentSkipListSet<>();

  @BeforeAll
  static void start() throws Exception {
    jobs = new DriverJobs(client, namespace, "MongoDB", PSMDB);
    Manifests.namespace(client, "cozy-system");
    Manifests.crd(
        client,
        "catalogs/services/deploy/backup-drivers/crds/strategy.backups.cozystack.io_mongodbs.yaml");
    Manifests.applyFile(
        client,
        ControlPlane.repoRoot()
            .resolve("catalogs/services/charts/mongodb-rd/cozyrds/mongodb.yaml"));
    Manifests.apply(
        client,
        """
        apiVersion: strategy.backups.cozystack.io/v1alpha1
        kind: MongoDB
        metadata: {name: logical}
        spec:
          template:
            storageName: "{{ .Parameters.storage }}"
            type: logical
            compressionType: "{{ .Parameters.compression }}"
        ---
        apiVersion: backups.cozystack.io/v1alpha1
        kind: BackupClass
        metadata: {name: mongodb}
        spec:
          strategies:
            - strategyRef: {apiGroup: strategy.backups.cozystack.io, kind: MongoDB, name: logical}
              application: {kind: MongoDB}
              parameters: {storage: s3-storage, compression: zstd}
        ---
        apiVersion: backups.cozystack.io/v1alpha1
        kind: BackupClass
        metadata: {name: mongodb-brotli}
        spec:
          strategies:
            - strategyRef: {apiGroup: strategy.backups.cozystack.io, kind: MongoDB, name: logical}
              application: {kind: MongoDB}
              parameters: {storage: s3-storage, compression: brotli}
        """);
    operator = InProcessOperator.start(kubeconfig);
    driver = InProcessDriver.start(kubeconfig, new MongoDbDriver(), requests);
    percona = MongoDbDouble.start(client, namespace);
    Manifests.awaitOwned(client, MongoDbDriver.NAME, "strategy.backups.cozystack.io/MongoDB");
  }

  @AfterAll
  static void stop() {
    if (percona != null) {
      percona.close();
    }
    if (driver != null) {
      driver.close();
    }
    if (operator != null) {
      operator.close();
    }
    // The services chart, rendered for this driver alone, grants every request it made.
    DriverRbac.assertAllowed("services", List.of("mongodb"), requests);
    assertThat(requests)
        .anyMatch(r -> r.startsWith("create psmdb.percona.com perconaservermongodbbackups in "))
        .anyMatch(r -> r.startsWith("create psmdb.percona.com perconaservermongodbrestores in "))
        .anyMatch(r -> r.startsWith("delete psmdb.percona.com perconaservermongodbbackups in "))
        .anyMatch(r -> r.startsWith("delete psmdb.percona.com perconaservermongodbrestores in "))
        .anyMatch(r -> r.startsWith("watch psmdb.percona.com perconaservermongodbs"));
  }

  @Test
  void aBackupWaitsForTheClustersBackupsRunsAsAnOperatorBackupAndIsRecorded() throws Exception {
    application("db", false);
    jobs.backupJob("nightly", "db", "mongodb");

    jobs.awaitReady(BackupJob.class, "nightly", "BackupsDisabled");
    assertThat(jobs.status(BackupJob.class, "nightly").driver()).isEqualTo(MongoDbDriver.NAME);
    assertThat(jobs.owned("PerconaServerMongoDBBackup", "nightly")).isEmpty();

    application("db", true);
    GenericKubernetesResource upstream = jobs.awaitOwned("PerconaServerMongoDBBackup", "nightly");
    assertThat(upstream.getMetadata().getName()).startsWith("nightly-");
    // As written by the driver, with the CRD's default for startingDeadlineSeconds.
    assertThat(tree(upstream).path("spec"))
        .isEqualTo(
            tree(
                Map.of(
                    "clusterName", "mongodb-db",
                    "storageName", "s3-storage",
                    "type", "logical",
                    "compressionType", "zstd",
                    "startingDeadlineSeconds", 120)));
    jobs.awaitReady(BackupJob.class, "nightly", "BackupRunning");

    percona.complete("nightly");

    jobs.awaitPhase(BackupJob.class, "nightly", RunPhase.SUCCEEDED);
    Backup backup = client.resources(Backup.class).inNamespace(namespace).withName("nightly").get();
    String destination = tree(jobs.operatorObject(upstream)).at("/status/destination").asText();
    assertThat(destination).startsWith("s3://backups/mongo/db/");
    assertThat(backup.getSpec().strategyRef().name()).isEqualTo("logical");
    assertThat(backup.getSpec().driverMetadata())
        .containsEntry("psmdb.percona.com/backup-name", upstream.getMetadata().getName())
        .containsEntry("psmdb.percona.com/backup-namespace", namespace)
        .containsEntry("psmdb.percona.com/destination", destination);
    assertThat(backup.getStatus().artifact().uri()).isEqualTo(destination);
    JsonNode snapshot = backup.getStatus().underlyingResources();
    assertThat(snapshot.path("kind").asText()).isEqualTo("MongoDBBackupSnapshot");
    assertThat(snapshot.at("/s3/credentialsSecret").asText()).isEqualTo("mongodb-db-s3-creds");
    assertThat(backup.getMetadata().getFinalizers())
        .containsExactly("mongodb.services.cozystack.io/cleanup");
  }

  @Test
  void aBackupRestoresInPlaceAndBothGoWithTheirObjects() throws Exception {
    application("src", true);
    GenericKubernetesResource upstream = takeBackup("weekly", "src");

    jobs.restoreJob("in-place", "weekly", null);
    GenericKubernetesResource restore = jobs.awaitOwned("PerconaServerMongoDBRestore", "in-place");
    JsonNode spec = tree(restore).path("spec");
    assertThat(spec.path("clusterName").asText()).isEqualTo("mongodb-src");
    assertThat(spec.at("/backupSource/destination").asText())
        .isEqualTo(tree(jobs.operatorObject(upstream)).at("/status/destination").asText());
    assertThat(spec.at("/backupSource/s3/credentialsSecret").asText())
        .isEqualTo("mongodb-src-s3-creds");
    jobs.awaitReady(RestoreJob.class, "in-place", "RestoreRunning");

    percona.complete("in-place");

    jobs.awaitPhase(RestoreJob.class, "in-place", RunPhase.SUCCEEDED);
    assertThat(DriverJobs.ready(jobs.status(RestoreJob.class, "in-place").conditions()).message())
        .isEqualTo(
            "PerconaServerMongoDBRestore "
                + namespace
                + "/"
                + restore.getMetadata().getName()
                + " restored Backup weekly in place");

    client.resources(RestoreJob.class).inNamespace(namespace).withName("in-place").delete();
    client.resources(Backup.class).inNamespace(namespace).withName("weekly").delete();
    DriverJobs.awaitGone(() -> jobs.restoreJob("in-place"));
    DriverJobs.awaitGone(
        () -> client.resources(Backup.class).inNamespace(namespace).withName("weekly").get());
    assertThat(jobs.owned("PerconaServerMongoDBRestore", "in-place")).isEmpty();
    assertThat(jobs.operatorObject(upstream)).isNull();
  }

  @Test
  void aBackupIsRestoredIntoACopyOnceItsClusterHasBackupsWithTheCopysCredentials()
      throws Exception {
    application("origin", true);
    takeBackup("monthly", "origin");

    jobs.restoreJob("to-copy", "monthly", "copy");
    jobs.awaitReady(RestoreJob.class, "to-copy", "TargetPerconaServerMongoDBNotReady");
    assertThat(jobs.owned("PerconaServerMongoDBRestore", "to-copy")).isEmpty();

    application("copy", true);
    GenericKubernetesResource restore = jobs.awaitOwned("PerconaServerMongoDBRestore", "to-copy");
    JsonNode spec = tree(restore).path("spec");
    assertThat(spec.path("clusterName").asText()).isEqualTo("mongodb-copy");
    assertThat(spec.at("/backupSource/destination").asText())
        .startsWith("s3://backups/mongo/origin/");
    assertThat(spec.at("/backupSource/s3/credentialsSecret").asText())
        .isEqualTo("mongodb-copy-s3-creds");

    percona.complete("to-copy");

    jobs.awaitPhase(RestoreJob.class, "to-copy", RunPhase.SUCCEEDED);
    assertThat(DriverJobs.ready(jobs.status(RestoreJob.class, "to-copy").conditions()).message())
        .endsWith(" restored Backup monthly into copy");
  }

  @Test
  void aBadStrategyIsRefusedByTheApiServerOrReportedOnTheJob() throws Exception {
    assertThatThrownBy(
            () ->
                Manifests.apply(
                    client,
                    """
                    apiVersion: strategy.backups.cozystack.io/v1alpha1
                    kind: MongoDB
                    metadata: {name: physical}
                    spec: {template: {type: physical, compressionType: gzipp}}
                    """))
        .isInstanceOf(KubernetesClientException.class)
        .hasMessageContaining("spec.template.type")
        .hasMessageContaining("spec.template.compressionType");

    application("rendered", true);
    jobs.backupJob("brotli", "rendered", "mongodb-brotli");

    jobs.awaitPhase(BackupJob.class, "brotli", RunPhase.FAILED);
    assertThat(jobs.status(BackupJob.class, "brotli").message())
        .isEqualTo(
            "MongoDB strategy logical: template.compressionType: 'brotli' is not one of"
                + " [none, gzip, pgzip, snappy, lz4, s2, zstd]");
    assertThat(DriverJobs.ready(jobs.status(BackupJob.class, "brotli").conditions()).reason())
        .isEqualTo("InvalidStrategy");
    assertThat(jobs.owned("PerconaServerMongoDBBackup", "brotli")).isEmpty();
  }

  @Test
  void anOperatorErrorFailsTheBackupJobWithItsMessage() throws Exception {
    application("flaky", true);
    jobs.backupJob("broken", "flaky", "mongodb");
    jobs.awaitOwned("PerconaServerMongoDBBackup", "broken");

    percona.fail("broken", "backup's starting deadline exceeded");

    jobs.awaitPhase(BackupJob.class, "broken", RunPhase.FAILED);
    assertThat(jobs.status(BackupJob.class, "broken").message())
        .startsWith("PerconaServerMongoDBBackup " + namespace + "/broken-")
        .endsWith(" failed: backup's starting deadline exceeded");
    assertThat(client.resources(Backup.class).inNamespace(namespace).withName("broken").get())
        .isNull();
  }

  // --- the world the driver expects ---

  /**
   * MongoDB application {@code app} (its backups to {@code s3://backups/mongo/<app>/} when {@code
   * backups}), and the PerconaServerMongoDB its chart renders from the stored values, created or
   * updated as Flux would.
   */
  private static void application(String app, boolean backups) throws Exception {
    Map<String, Object> backup =
        backups
            ? Map.of(
                "enabled", true,
                "destinationPath", "s3://backups/mongo/" + app + "/",
                "endpointURL", "https://s3.example.org",
                "s3AccessKey", "id",
                "s3SecretKey", "secret")
            : Map.of("enabled", false);
    await()
        .atMost(Duration.ofSeconds(60))
        .ignoreExceptions()
        .until(
            () -> {
              Manifests.apply(
                  client,
                  "apiVersion: apps.cozystack.io/v1alpha1\nkind: MongoDB\n"
                      + "metadata: {name: %s, namespace: %s}\nspec: {replicas: 1, backup: %s}"
                          .formatted(app, namespace, Serialization.asJson(backup)));
              return true;
            });
    GenericKubernetesResource stored =
        client
            .genericKubernetesResources("apps.cozystack.io/v1alpha1", "MongoDB")
            .inNamespace(namespace)
            .withName(app)
            .get();
    @SuppressWarnings("unchecked")
    Map<String, Object> values = (Map<String, Object>) stored.getAdditionalProperties().get("spec");
    GenericKubernetesResource cluster =
        ServiceChart.of(ControlPlane.repoRoot().resolve("catalogs/services/charts/mongodb"))
            .render(values, "mongodb-" + app, namespace)
            .stream()
            .filter(o -> "PerconaServerMongoDB".equals(o.getKind()))
            .findFirst()
            .orElseThrow();
    cluster.getMetadata().setNamespace(namespace);
    client.resource(cluster).fieldManager("cozy-e2e-flux").forceConflicts().serverSideApply();
  }

  /** A completed backup of {@code app} by BackupJob {@code job}; its operator backup. */
  private static GenericKubernetesResource takeBackup(String job, String app) {
    jobs.backupJob(job, app, "mongodb");
    GenericKubernetesResource upstream = jobs.awaitOwned("PerconaServerMongoDBBackup", job);
    percona.complete(job);
    jobs.awaitPhase(BackupJob.class, job, RunPhase.SUCCEEDED);
    return upstream;
  }

  private static JsonNode tree(Object value) {
    return Serialization.jsonMapper().valueToTree(value);
  }
}
