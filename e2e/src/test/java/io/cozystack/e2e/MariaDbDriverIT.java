package io.cozystack.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.cozystack.api.backups.v1alpha1.Backup;
import io.cozystack.api.backups.v1alpha1.BackupClass;
import io.cozystack.api.backups.v1alpha1.BackupJob;
import io.cozystack.api.backups.v1alpha1.RestoreJob;
import io.cozystack.api.backups.v1alpha1.RunPhase;
import io.cozystack.api.meta.Condition;
import io.cozystack.catalog.services.backups.mariadb.MariaDbDriver;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentSkipListSet;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The services catalog's MariaDB driver end to end on the real API server: the platform dispatches
 * BackupJobs and RestoreJobs to it, it drives mariadb-operator's Backup and Restore objects (their
 * CRDs installed by the control plane), and {@link MariaDbDouble} plays mariadb-operator.
 */
@ExtendWith(KubernetesExtension.class)
class MariaDbDriverIT {
  static final String MARIADB_API = "k8s.mariadb.com/v1alpha1";
  static final String OWNER_LABEL = "backups.cozystack.io/owned-by.BackupJobName";

  @Kube static KubernetesClient client;
  @Kube static String namespace;
  @Kube static Path kubeconfig;
  static InProcessOperator operator;
  static InProcessDriver driver;
  static MariaDbDouble mariadbOperator;

  /** Every request the driver made, as RBAC sees it. */
  static final Set<String> requests = new ConcurrentSkipListSet<>();

  @BeforeAll
  static void start() throws Exception {
    Manifests.namespace(client, "cozy-system");
    installStrategyCrd();
    // The services catalog's own definition of the kind.
    Manifests.applyFile(
        client,
        ControlPlane.repoRoot()
            .resolve("catalogs/services/charts/mariadb-rd/cozyrds/mariadb.yaml"));
    applyGeneric(
        """
        apiVersion: strategy.backups.cozystack.io/v1alpha1
        kind: MariaDB
        metadata: {name: s3-nightly}
        spec:
          template:
            storage:
              s3:
                bucket: "{{ .Parameters.bucket }}"
                endpoint: minio.storage.svc:9000
                prefix: "{{ .Release.Namespace }}/{{ .Application.metadata.name }}/"
                region: us-east-1
                accessKeyIdSecretKeyRef: {name: "{{ .Release.Name }}-s3", key: access-key-id}
                secretAccessKeySecretKeyRef: {name: "{{ .Release.Name }}-s3", key: secret-access-key}
            databases: [app]
            compression: gzip
            maxRetention: 720h
            logLevel: info
        """);
    apply(
        """
        apiVersion: backups.cozystack.io/v1alpha1
        kind: BackupClass
        metadata: {name: mariadb}
        spec:
          strategies:
            - {strategyRef: {apiGroup: strategy.backups.cozystack.io, kind: MariaDB, name: s3-nightly}, application: {kind: MariaDB}, parameters: {bucket: backups}}
        """,
        BackupClass.class);
    operator = InProcessOperator.start(kubeconfig);
    driver = InProcessDriver.start(kubeconfig, new MariaDbDriver(), requests);
    mariadbOperator = MariaDbDouble.start(client, namespace);
    Manifests.awaitOwned(client, MariaDbDriver.NAME, "strategy.backups.cozystack.io/MariaDB");
    for (String app : List.of("db", "flaky", "source", "copy")) {
      application(app);
    }
  }

  @AfterAll
  static void stop() {
    if (mariadbOperator != null) {
      mariadbOperator.close();
    }
    if (driver != null) {
      driver.close();
    }
    if (operator != null) {
      operator.close();
    }
    // The services chart, rendered for this driver alone, grants every request it made.
    DriverRbac.assertAllowed("services", List.of("mariadb"), requests);
    assertThat(requests)
        .anyMatch(r -> r.startsWith("create k8s.mariadb.com backups in "))
        .anyMatch(r -> r.startsWith("create k8s.mariadb.com restores in "))
        .anyMatch(r -> r.startsWith("watch k8s.mariadb.com mariadbs"));
  }

  @Test
  void aBackupWaitsForTheMariaDbRunsAsAnOperatorBackupAndIsRecorded() {
    backupJob("nightly", "db");

    awaitReady(BackupJob.class, "nightly", "MariaDBNotReady");
    assertThat(backupJob("nightly").getStatus().driver()).isEqualTo(MariaDbDriver.NAME);
    assertThat(owned("Backup", "nightly")).isEmpty();

    mariaDb("db");
    GenericKubernetesResource upstream = awaitOwned("Backup", "nightly");
    JsonNode spec = tree(upstream).path("spec");
    assertThat(upstream.getMetadata().getName()).startsWith("nightly-");
    assertThat(upstream.getMetadata().getLabels())
        .containsEntry(OWNER_LABEL, "nightly")
        .containsEntry("backups.cozystack.io/owned-by.BackupJobNamespace", namespace);
    assertThat(spec.at("/mariaDbRef/name").asText()).isEqualTo("mariadb-db");
    assertThat(spec.at("/storage/s3/bucket").asText()).isEqualTo("backups");
    assertThat(spec.at("/storage/s3/prefix").asText()).isEqualTo(namespace + "/db/");
    assertThat(spec.at("/storage/s3/accessKeyIdSecretKeyRef/name").asText()).isEqualTo("db-s3");
    assertThat(spec.path("databases").toString()).isEqualTo("[\"app\"]");
    assertThat(spec.path("compression").asText()).isEqualTo("gzip");
    assertThat(spec.path("maxRetention").asText()).isEqualTo("720h");
    awaitReady(BackupJob.class, "nightly", "BackupRunning");
    assertThat(backupJob("nightly").getStatus().phase()).isEqualTo(RunPhase.RUNNING);

    mariadbOperator.complete("nightly");

    await()
        .atMost(Duration.ofSeconds(30))
        .until(() -> backupJob("nightly").getStatus().phase() == RunPhase.SUCCEEDED);
    assertThat(backupJob("nightly").getStatus().backupRef().name()).isEqualTo("nightly");
    Backup backup = client.resources(Backup.class).inNamespace(namespace).withName("nightly").get();
    String name = upstream.getMetadata().getName();
    String uri = "s3://backups/" + namespace + "/db/" + name;
    assertThat(backup.getSpec().strategyRef().name()).isEqualTo("s3-nightly");
    assertThat(backup.getSpec().driverMetadata())
        .containsEntry("k8s.mariadb.com/backup-name", name)
        .containsEntry("k8s.mariadb.com/backup-namespace", namespace)
        .containsEntry("k8s.mariadb.com/storage-uri", uri);
    assertThat(backup.getStatus().artifact().uri()).isEqualTo(uri);
    assertThat(backup.getStatus().underlyingResources().path("kind").asText())
        .isEqualTo("MariaDBBackupSnapshot");
    assertThat(backup.getStatus().underlyingResources().at("/parameters/bucket").asText())
        .isEqualTo("backups");
    assertThat(owned("Backup", "nightly")).hasSize(1);
  }

  @Test
  void cozystacksFinalizersOnAMariaDbBackupAndItsRestoreAreReleasedByTheDriver() {
    apply(
        """
        apiVersion: backups.cozystack.io/v1alpha1
        kind: Backup
        metadata: {name: pre-split, namespace: %s, finalizers: [backups.cozystack.io/cleanup]}
        spec:
          applicationRef: {apiGroup: apps.cozystack.io, kind: MariaDB, name: db}
          strategyRef: {apiGroup: strategy.backups.cozystack.io, kind: MariaDB, name: s3-nightly}
          takenAt: "2026-01-01T00:00:00Z"
        """
            .formatted(namespace),
        io.cozystack.api.backups.v1alpha1.Backup.class);
    apply(
        """
        apiVersion: backups.cozystack.io/v1alpha1
        kind: RestoreJob
        metadata: {name: pre-split-restore, namespace: %s, finalizers: [backups.cozystack.io/cleanup]}
        spec: {backupRef: {name: pre-split}}
        """
            .formatted(namespace),
        RestoreJob.class);

    client
        .resources(RestoreJob.class)
        .inNamespace(namespace)
        .withName("pre-split-restore")
        .delete();
    await()
        .atMost(Duration.ofSeconds(30))
        .until(
            () ->
                client
                        .resources(RestoreJob.class)
                        .inNamespace(namespace)
                        .withName("pre-split-restore")
                        .get()
                    == null);
    client
        .resources(io.cozystack.api.backups.v1alpha1.Backup.class)
        .inNamespace(namespace)
        .withName("pre-split")
        .delete();
    await()
        .atMost(Duration.ofSeconds(30))
        .until(
            () ->
                client
                        .resources(io.cozystack.api.backups.v1alpha1.Backup.class)
                        .inNamespace(namespace)
                        .withName("pre-split")
                        .get()
                    == null);
  }

  @Test
  void aFailedOperatorJobFailsTheBackupJobWithItsMessage() {
    mariaDb("flaky");
    backupJob("broken", "flaky");
    awaitOwned("Backup", "broken");

    mariadbOperator.fail("broken", "mariadb-dump: Got error: 1045: Access denied for user 'root'");

    await()
        .atMost(Duration.ofSeconds(30))
        .until(() -> backupJob("broken").getStatus().phase() == RunPhase.FAILED);
    assertThat(backupJob("broken").getStatus().message())
        .contains("mariadb-operator Backup " + namespace + "/broken-")
        .contains("mariadb-dump: Got error: 1045: Access denied for user 'root'");
    assertThat(ready(backupJob("broken").getStatus().conditions()).reason())
        .isEqualTo("BackupFailed");
    assertThat(client.resources(Backup.class).inNamespace(namespace).withName("broken").get())
        .isNull();
  }

  @Test
  void aBackupIsRestoredIntoAnotherApplicationOnceItsMariaDbExists() {
    mariaDb("source");
    backupJob("weekly", "source");
    GenericKubernetesResource upstreamBackup = awaitOwned("Backup", "weekly");
    mariadbOperator.complete("weekly");
    await()
        .atMost(Duration.ofSeconds(30))
        .until(() -> backupJob("weekly").getStatus().phase() == RunPhase.SUCCEEDED);

    apply(
        """
        apiVersion: backups.cozystack.io/v1alpha1
        kind: RestoreJob
        metadata: {name: to-copy, namespace: %s}
        spec:
          backupRef: {name: weekly}
          targetApplicationRef: {kind: MariaDB, name: copy}
        """
            .formatted(namespace),
        RestoreJob.class);

    awaitReady(RestoreJob.class, "to-copy", "TargetMariaDBNotReady");
    assertThat(restoreJob("to-copy").getStatus().driver()).isEqualTo(MariaDbDriver.NAME);
    assertThat(owned("Restore", "to-copy")).isEmpty();

    mariaDb("copy");
    GenericKubernetesResource restore = awaitOwned("Restore", "to-copy");
    JsonNode spec = tree(restore).path("spec");
    assertThat(restore.getMetadata().getName()).startsWith("to-copy-");
    assertThat(spec.at("/mariaDbRef/name").asText()).isEqualTo("mariadb-copy");
    assertThat(spec.at("/backupRef/name").asText())
        .isEqualTo(upstreamBackup.getMetadata().getName());
    awaitReady(RestoreJob.class, "to-copy", "RestoreRunning");

    mariadbOperator.complete("to-copy");

    await()
        .atMost(Duration.ofSeconds(30))
        .until(() -> restoreJob("to-copy").getStatus().phase() == RunPhase.SUCCEEDED);
    assertThat(ready(restoreJob("to-copy").getStatus().conditions()).message())
        .contains(restore.getMetadata().getName());
    assertThat(owned("Restore", "to-copy")).hasSize(1);
  }

  // --- the world the driver expects ---

  private static void installStrategyCrd() throws Exception {
    Manifests.crd(
        client,
        "catalogs/services/deploy/backup-drivers/crds/strategy.backups.cozystack.io_mariadbs.yaml");
  }

  /** The cozystack application (served once the operator has read its definition). */
  private static void application(String name) {
    await()
        .atMost(Duration.ofSeconds(30))
        .ignoreExceptions()
        .until(
            () -> {
              GenericKubernetesResource app = new GenericKubernetesResource();
              app.setApiVersion("apps.cozystack.io/v1alpha1");
              app.setKind("MariaDB");
              app.setMetadata(
                  new ObjectMetaBuilder().withName(name).withNamespace(namespace).build());
              app.setAdditionalProperty("spec", Map.of());
              client.resource(app).fieldManager("cozy-e2e").serverSideApply();
              return true;
            });
  }

  /** mariadb-operator's MariaDB {@code mariadb-<app>}, as the application's chart would create. */
  private static void mariaDb(String app) {
    applyGeneric(
        """
        apiVersion: k8s.mariadb.com/v1alpha1
        kind: MariaDB
        metadata: {name: mariadb-%s, namespace: %s}
        spec:
          rootPasswordSecretKeyRef: {name: mariadb-%s-root, key: password, generate: true}
          storage: {size: 1Gi}
        """
            .formatted(app, namespace, app));
  }

  private static void backupJob(String name, String app) {
    apply(
        """
        apiVersion: backups.cozystack.io/v1alpha1
        kind: BackupJob
        metadata: {name: %s, namespace: %s}
        spec:
          applicationRef: {kind: MariaDB, name: %s}
          backupClassName: mariadb
        """
            .formatted(name, namespace, app),
        BackupJob.class);
  }

  // --- reading ---

  private static BackupJob backupJob(String name) {
    return client.resources(BackupJob.class).inNamespace(namespace).withName(name).get();
  }

  private static RestoreJob restoreJob(String name) {
    return client.resources(RestoreJob.class).inNamespace(namespace).withName(name).get();
  }

  private static List<GenericKubernetesResource> owned(String kind, String job) {
    return client
        .genericKubernetesResources(MARIADB_API, kind)
        .inNamespace(namespace)
        .withLabel(OWNER_LABEL, job)
        .list()
        .getItems();
  }

  private static GenericKubernetesResource awaitOwned(String kind, String job) {
    return await()
        .atMost(Duration.ofSeconds(30))
        .until(() -> owned(kind, job), l -> !l.isEmpty())
        .get(0);
  }

  private static <T extends HasMetadata> void awaitReady(
      Class<T> type, String name, String reason) {
    Supplier<List<Condition>> conditions =
        () -> {
          HasMetadata job = client.resources(type).inNamespace(namespace).withName(name).get();
          if (job instanceof BackupJob b && b.getStatus() != null) {
            return b.getStatus().conditions();
          }
          if (job instanceof RestoreJob r && r.getStatus() != null) {
            return r.getStatus().conditions();
          }
          return null;
        };
    await()
        .atMost(Duration.ofSeconds(30))
        .until(
            () ->
                reason.equals(
                    Optional.ofNullable(ready(conditions.get()))
                        .map(Condition::reason)
                        .orElse(null)));
  }

  private static Condition ready(List<Condition> conditions) {
    return conditions == null
        ? null
        : conditions.stream().filter(c -> "Ready".equals(c.type())).findFirst().orElse(null);
  }

  private static JsonNode tree(Object value) {
    return Serialization.jsonMapper().valueToTree(value);
  }

  private static <T extends HasMetadata> void apply(String yaml, Class<T> type) {
    client.resource(Serialization.unmarshal(yaml, type)).fieldManager("cozy-e2e").serverSideApply();
  }

  private static void applyGeneric(String yaml) {
    client
        .resource(Serialization.unmarshal(yaml, GenericKubernetesResource.class))
        .fieldManager("cozy-e2e")
        .serverSideApply();
  }
}
