package io.cozystack.catalog.services.backups.mariadb;

import static org.assertj.core.api.Assertions.assertThat;

import io.cozystack.api.backups.v1alpha1.Backup;
import io.cozystack.api.backups.v1alpha1.BackupClassSpec.ApplicationSelector;
import io.cozystack.api.backups.v1alpha1.BackupClassSpec.BackupClassStrategy;
import io.cozystack.api.backups.v1alpha1.BackupJob;
import io.cozystack.api.backups.v1alpha1.BackupJobSpec;
import io.cozystack.api.backups.v1alpha1.BackupSpec;
import io.cozystack.api.backups.v1alpha1.RestoreJob;
import io.cozystack.api.backups.v1alpha1.RestoreJobSpec;
import io.cozystack.api.meta.LocalObjectReference;
import io.cozystack.api.meta.TypedLocalObjectReference;
import io.cozystack.catalog.services.backups.Json;
import io.cozystack.contracts.driver.BackupRun;
import io.cozystack.contracts.driver.Progress;
import io.cozystack.contracts.driver.RestoreRun;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinition;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinitionBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The driver's backup and restore calls against a CRUD mock API server: what it creates, that a
 * second call observes instead of creating again, and how it waits and fails.
 */
@EnableKubernetesMockClient(crud = true)
class MariaDbFlowTest {
  static final String NS = "tenant-a";
  static final Instant START = Instant.parse("2025-01-01T00:00:00Z");

  KubernetesClient client;
  MariaDbDriver driver = new MariaDbDriver();

  @BeforeEach
  void operatorCrds() {
    for (String kind : List.of("MariaDB", "Backup", "Restore")) {
      String plural = kind.toLowerCase() + "s";
      CustomResourceDefinition crd =
          new CustomResourceDefinitionBuilder()
              .withNewMetadata()
              .withName(plural + ".k8s.mariadb.com")
              .endMetadata()
              .withNewSpec()
              .withGroup("k8s.mariadb.com")
              .withScope("Namespaced")
              .withNewNames()
              .withKind(kind)
              .withPlural(plural)
              .withSingular(kind.toLowerCase())
              .endNames()
              .addNewVersion()
              .withName("v1alpha1")
              .withServed(true)
              .withStorage(true)
              .endVersion()
              .endSpec()
              .build();
      client.apiextensions().v1().customResourceDefinitions().resource(crd).create();
    }
  }

  @Test
  void aBackupWaitsForTheMariaDbThenCreatesOneOperatorBackupAndRecordsItWhenComplete() {
    Progress waiting = driver.backup(backupRun("nightly", "MariaDB", Duration.ofMinutes(5)));
    assertThat(waiting).isInstanceOf(Progress.Working.class);
    assertThat(((Progress.Working) waiting).reason()).isEqualTo("MariaDBNotReady");
    assertThat(((Progress.Working) waiting).recheckAfter()).isEqualTo(Duration.ofMinutes(25));
    assertThat(operatorObjects("Backup")).isEmpty();

    mariaDb("mariadb-db");
    Progress started = driver.backup(backupRun("nightly", "MariaDB", Duration.ofMinutes(6)));
    assertThat(((Progress.Working) started).reason()).isEqualTo("BackupStarted");
    Progress again = driver.backup(backupRun("nightly", "MariaDB", Duration.ofMinutes(7)));
    assertThat(((Progress.Working) again).reason()).isEqualTo("BackupRunning");
    assertThat(((Progress.Working) again).message()).contains("no Complete condition observed");
    List<GenericKubernetesResource> backups = operatorObjects("Backup");
    assertThat(backups).hasSize(1);
    String name = backups.get(0).getMetadata().getName();
    assertThat(name).startsWith("nightly-");
    assertThat(Json.tree(backups.get(0)).at("/spec/storage/s3/prefix").asText())
        .isEqualTo(NS + "/db/");

    complete("Backup", name, "True", "JobComplete", "Success");
    Progress done = driver.backup(backupRun("nightly", "MariaDB", Duration.ofMinutes(8)));
    assertThat(done).isInstanceOf(Progress.BackedUp.class);
    Progress.BackedUp backedUp = (Progress.BackedUp) done;
    assertThat(backedUp.driverMetadata()).containsEntry("k8s.mariadb.com/backup-name", name);
    assertThat(backedUp.artifact().uri()).isEqualTo("s3://b1/" + NS + "/db/" + name);
  }

  @Test
  void aFailedOperatorJobFailsTheBackupAtOnceWithItsMessage() {
    mariaDb("mariadb-db");
    driver.backup(backupRun("broken", "MariaDB", Duration.ZERO));
    String name = operatorObjects("Backup").get(0).getMetadata().getName();
    complete("Backup", name, "True", "JobFailed", "access denied for user root");

    Progress p = driver.backup(backupRun("broken", "MariaDB", Duration.ofMinutes(1)));

    assertThat(p).isInstanceOf(Progress.Failed.class);
    assertThat(((Progress.Failed) p).reason()).isEqualTo("BackupFailed");
    assertThat(((Progress.Failed) p).message()).contains("access denied for user root");
  }

  @Test
  void aBackupThatNeverCompletesFailsAfter30Minutes() {
    mariaDb("mariadb-db");
    driver.backup(backupRun("slow", "MariaDB", Duration.ZERO));
    String name = operatorObjects("Backup").get(0).getMetadata().getName();
    complete("Backup", name, "False", "JobRunning", "Running");

    Progress p = driver.backup(backupRun("slow", "MariaDB", Duration.ofMinutes(30)));

    assertThat(p)
        .isEqualTo(
            Progress.failed(
                "BackupTimedOut",
                "mariadb-operator Backup "
                    + NS
                    + "/"
                    + name
                    + " did not complete within 30m (Complete=False/JobRunning)"));
  }

  @Test
  void anotherApplicationKindOrABadTemplateFailsWithoutCreatingAnything() {
    mariaDb("mariadb-db");
    Progress wrongKind = driver.backup(backupRun("pg", "Postgres", Duration.ZERO));
    assertThat(((Progress.Failed) wrongKind).reason()).isEqualTo("UnsupportedApplication");

    BackupRun run = backupRun("bad", "MariaDB", Duration.ZERO);
    ((Map<String, Object>) run.strategy().getAdditionalProperties().get("spec"))
        .put("template", Map.of("storage", Map.of()));
    Progress bad = driver.backup(run);
    assertThat(((Progress.Failed) bad).reason()).isEqualTo("InvalidStrategy");
    assertThat(((Progress.Failed) bad).message()).contains("exactly one of");
    assertThat(operatorObjects("Backup")).isEmpty();
  }

  @Test
  void aRestoreWaitsForTheTargetThenCreatesOneOperatorRestoreAndSucceedsWhenComplete() {
    operatorBackup("nightly-x7k2p");
    Progress waiting = driver.restore(restoreRun("back", "copy", Map.of(), Duration.ofMinutes(1)));
    assertThat(((Progress.Working) waiting).reason()).isEqualTo("TargetMariaDBNotReady");
    assertThat(((Progress.Working) waiting).recheckAfter()).isEqualTo(Duration.ofMinutes(29));

    mariaDb("mariadb-copy");
    driver.restore(restoreRun("back", "copy", Map.of(), Duration.ofMinutes(2)));
    Progress again = driver.restore(restoreRun("back", "copy", Map.of(), Duration.ofMinutes(3)));
    assertThat(((Progress.Working) again).reason()).isEqualTo("RestoreRunning");
    List<GenericKubernetesResource> restores = operatorObjects("Restore");
    assertThat(restores).hasSize(1);
    assertThat(Json.tree(restores.get(0)).at("/spec/mariaDbRef/name").asText())
        .isEqualTo("mariadb-copy");
    assertThat(Json.tree(restores.get(0)).at("/spec/backupRef/name").asText())
        .isEqualTo("nightly-x7k2p");

    complete("Restore", restores.get(0).getMetadata().getName(), "True", "JobComplete", "ok");
    assertThat(driver.restore(restoreRun("back", "copy", Map.of(), Duration.ofMinutes(4))))
        .isInstanceOf(Progress.Restored.class);
  }

  @Test
  void aRestoreFailsWithoutTheMetadataOrTheOperatorBackup() {
    mariaDb("mariadb-copy");
    Progress noMetadata =
        driver.restore(restoreRun("r1", "copy", Map.of("other", "x"), Duration.ZERO));
    assertThat(((Progress.Failed) noMetadata).reason()).isEqualTo("MissingDriverMetadata");

    Progress reaped =
        driver.restore(
            restoreRun(
                "r2", "copy", Map.of("k8s.mariadb.com/backup-name", "gone-1"), Duration.ZERO));
    assertThat(((Progress.Failed) reaped).message())
        .isEqualTo(
            "mariadb-operator Backup "
                + NS
                + "/gone-1 not found; the operator-side artifact has been reaped");
    assertThat(operatorObjects("Restore")).isEmpty();
  }

  private BackupRun backupRun(String job, String appKind, Duration elapsed) {
    BackupJob backupJob = new BackupJob();
    backupJob.setMetadata(new ObjectMetaBuilder().withName(job).withNamespace(NS).build());
    backupJob.setSpec(
        new BackupJobSpec(null, new TypedLocalObjectReference(null, appKind, "db"), "cls"));
    BackupClassStrategy route =
        new BackupClassStrategy(
            new TypedLocalObjectReference("strategy.backups.cozystack.io", "MariaDB", "s3"),
            new ApplicationSelector(null, appKind),
            Map.of("bucket", "b1"));
    GenericKubernetesResource strategy =
        Json.object(
            """
            apiVersion: strategy.backups.cozystack.io/v1alpha1
            kind: MariaDB
            metadata: {name: s3}
            spec:
              template:
                storage:
                  s3:
                    bucket: "{{ .Parameters.bucket }}"
                    endpoint: minio:9000
                    prefix: "{{ .Release.Namespace }}/{{ .Application.metadata.name }}/"
                    accessKeyIdSecretKeyRef: {name: s3, key: id}
                    secretAccessKeySecretKeyRef: {name: s3, key: secret}
            """);
    GenericKubernetesResource app =
        Json.object(
            "{apiVersion: apps.cozystack.io/v1alpha1, kind: %s, metadata: {name: db, namespace: %s}}"
                .formatted(appKind, NS));
    return new BackupRun(client, backupJob, route, strategy, app, START, START.plus(elapsed));
  }

  private RestoreRun restoreRun(
      String job, String target, Map<String, String> metadata, Duration elapsed) {
    Backup backup = new Backup();
    backup.setMetadata(new ObjectMetaBuilder().withName("nightly").withNamespace(NS).build());
    TypedLocalObjectReference app = new TypedLocalObjectReference(null, "MariaDB", "db");
    backup.setSpec(
        new BackupSpec(
            app,
            null,
            new TypedLocalObjectReference("strategy.backups.cozystack.io", "MariaDB", "s3"),
            START.toString(),
            metadata.isEmpty()
                ? Map.of(
                    "k8s.mariadb.com/backup-name",
                    "nightly-x7k2p",
                    "k8s.mariadb.com/backup-namespace",
                    NS)
                : metadata));
    RestoreJob restoreJob = new RestoreJob();
    restoreJob.setMetadata(new ObjectMetaBuilder().withName(job).withNamespace(NS).build());
    restoreJob.setSpec(
        new RestoreJobSpec(
            new LocalObjectReference("nightly"),
            new TypedLocalObjectReference(null, "MariaDB", target),
            null));
    return new RestoreRun(
        client,
        restoreJob,
        backup,
        RestoreRun.target(backup, restoreJob),
        Json.object(
            "{apiVersion: strategy.backups.cozystack.io/v1alpha1, kind: MariaDB, metadata: {name: s3}}"),
        Optional.empty(),
        START,
        START.plus(elapsed));
  }

  private void mariaDb(String name) {
    create("MariaDB", name, Map.of("storage", Map.of("size", "1Gi")));
  }

  private void operatorBackup(String name) {
    create("Backup", name, Map.of("mariaDbRef", Map.of("name", "mariadb-db")));
  }

  private void create(String kind, String name, Map<String, Object> spec) {
    GenericKubernetesResource o = new GenericKubernetesResource();
    o.setApiVersion("k8s.mariadb.com/v1alpha1");
    o.setKind(kind);
    o.setMetadata(new ObjectMetaBuilder().withName(name).withNamespace(NS).build());
    o.setAdditionalProperty("spec", spec);
    client.resource(o).create();
  }

  private void complete(String kind, String name, String status, String reason, String message) {
    client
        .genericKubernetesResources("k8s.mariadb.com/v1alpha1", kind)
        .inNamespace(NS)
        .withName(name)
        .edit(
            o -> {
              o.setAdditionalProperty(
                  "status",
                  Map.of(
                      "conditions",
                      List.of(
                          Map.of(
                              "type", "Complete",
                              "status", status,
                              "reason", reason,
                              "message", message,
                              "lastTransitionTime", START.toString()))));
              return o;
            });
  }

  private List<GenericKubernetesResource> operatorObjects(String kind) {
    return client
        .genericKubernetesResources("k8s.mariadb.com/v1alpha1", kind)
        .inNamespace(NS)
        .list()
        .getItems();
  }
}
