package io.cozystack.catalog.services.backups.mongodb;

import static io.cozystack.catalog.services.backups.mongodb.MockOperator.NS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.cozystack.api.backups.v1alpha1.Backup;
import io.cozystack.api.backups.v1alpha1.BackupSpec;
import io.cozystack.api.backups.v1alpha1.BackupStatus;
import io.cozystack.api.backups.v1alpha1.RestoreJob;
import io.cozystack.api.backups.v1alpha1.RestoreJobSpec;
import io.cozystack.api.meta.LocalObjectReference;
import io.cozystack.api.meta.TypedLocalObjectReference;
import io.cozystack.catalog.services.backups.Json;
import io.cozystack.contracts.driver.Progress;
import io.cozystack.contracts.driver.RestoreRun;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
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
 * The driver's restore calls and clean-ups against a CRUD mock API server: the source it restores
 * from, the target it waits for, what it creates, and what it removes.
 */
@EnableKubernetesMockClient(crud = true)
class MongoDbRestoreFlowTest {
  static final Instant START = Instant.parse("2026-05-02T00:00:00Z");
  static final String OPERATOR_BACKUP = "nightly-x7k2p";
  static final Map<String, String> NIGHTLY_LABELS =
      Map.of(
          "backups.cozystack.io/owned-by.BackupJobName",
          "nightly",
          "backups.cozystack.io/owned-by.BackupJobNamespace",
          NS);

  KubernetesClient client;
  MockOperator operator;
  MongoDbDriver driver = new MongoDbDriver();

  @BeforeEach
  void operatorCrds() {
    operator = new MockOperator(client);
  }

  @Test
  void aCopyRestoreWaitsForTheTargetThenReadsTheBackupWithTheTargetsCredentials() {
    operator.backup(OPERATOR_BACKUP, NIGHTLY_LABELS, MockOperator.ready("db"));
    Progress waiting = driver.restore(run("back", "copy", Map.of(), Duration.ofMinutes(1)));
    assertThat(working(waiting).reason()).isEqualTo("TargetPerconaServerMongoDBNotReady");
    assertThat(working(waiting).recheckAfter()).isEqualTo(Duration.ofMinutes(29));

    operator.cluster("copy", false);
    assertThat(
            working(driver.restore(run("back", "copy", Map.of(), Duration.ofMinutes(2)))).reason())
        .isEqualTo("TargetBackupsDisabled");
    operator.cluster("copy", true);
    Progress started = driver.restore(run("back", "copy", Map.of(), Duration.ofMinutes(3)));
    assertThat(working(started).reason()).isEqualTo("RestoreStarted");
    assertThat(
            working(driver.restore(run("back", "copy", Map.of(), Duration.ofMinutes(4)))).reason())
        .isEqualTo("RestoreRunning");

    List<GenericKubernetesResource> restores = operator.list(PsmdbApi.RESTORE);
    assertThat(restores).hasSize(1);
    assertThat(Json.tree(restores.get(0)).path("spec"))
        .isEqualTo(
            Json.yaml(
                """
                clusterName: mongodb-copy
                backupSource:
                  type: logical
                  destination: s3://backups/mongo/db/2026-05-01T02:00:00Z
                  storageName: s3-storage
                  s3: {bucket: backups, prefix: mongo/db, credentialsSecret: mongodb-copy-s3-creds}
                """));

    operator.status(
        PsmdbApi.RESTORE, restores.get(0).getMetadata().getName(), Map.of("state", "ready"));
    assertThat(driver.restore(run("back", "copy", Map.of(), Duration.ofMinutes(5))))
        .isEqualTo(
            Progress.restored(
                "PerconaServerMongoDBRestore "
                    + NS
                    + "/"
                    + restores.get(0).getMetadata().getName()
                    + " restored Backup nightly into copy"));
  }

  @Test
  void anInPlaceRestoreAfterTheOperatorBackupIsGoneReadsTheRecordToAPointInTime() {
    operator.cluster("db", true);

    driver.restore(
        run("rewind", "db", Map.of("recoveryTime", "2026-05-01T03:30:00Z"), Duration.ZERO));

    JsonNode spec = Json.tree(operator.list(PsmdbApi.RESTORE).get(0)).path("spec");
    assertThat(spec.path("clusterName").asText()).isEqualTo("mongodb-db");
    assertThat(spec.at("/backupSource/destination").asText())
        .isEqualTo("s3://backups/mongo/db/2026-05-01T02:00:00Z");
    assertThat(spec.at("/backupSource/s3/credentialsSecret").asText())
        .isEqualTo("mongodb-db-s3-creds");
    assertThat(spec.path("pitr")).isEqualTo(Json.yaml("{type: date, date: '2026-05-01 03:30:00'}"));
    String name = operator.list(PsmdbApi.RESTORE).get(0).getMetadata().getName();
    operator.status(
        PsmdbApi.RESTORE, name, Map.of("state", "error", "error", "backup's last write is later"));
    assertThat(driver.restore(run("rewind", "db", Map.of(), Duration.ofMinutes(1))))
        .isEqualTo(
            Progress.failed(
                "RestoreFailed",
                "PerconaServerMongoDBRestore "
                    + NS
                    + "/"
                    + name
                    + " failed: backup's last write is later"));
  }

  @Test
  void aRestoreWithoutASourceOrWithABadOptionFailsWithoutCreatingAnything() {
    operator.cluster("db", true);
    Backup bare = backup(Map.of("psmdb.percona.com/backup-name", "gone-1"), null);
    Progress noSource = driver.restore(run("r1", "db", Map.of(), Duration.ZERO, bare));
    assertThat(((Progress.Failed) noSource).reason()).isEqualTo("BackupSourceNotFound");

    Progress badOption =
        driver.restore(run("r2", "db", Map.of("recoverytime", "x"), Duration.ZERO));
    assertThat(((Progress.Failed) badOption).reason()).isEqualTo("InvalidOptions");
    assertThat(((Progress.Failed) badOption).message()).startsWith("options.recoverytime: unknown");
    assertThat(operator.list(PsmdbApi.RESTORE)).isEmpty();
  }

  @Test
  void deletingABackupRemovesOnlyTheOperatorBackupMadeForIt() {
    operator.backup(OPERATOR_BACKUP, NIGHTLY_LABELS, MockOperator.ready("db"));
    operator.backup("scheduled-1", Map.of(), MockOperator.ready("db"));

    driver.cleanUpBackup(
        client, backup(Map.of("psmdb.percona.com/backup-name", "scheduled-1"), null));
    driver.cleanUpBackup(client, backup(metadata(), null));

    assertThat(operator.list(PsmdbApi.BACKUP))
        .extracting(b -> b.getMetadata().getName())
        .containsExactly("scheduled-1");
  }

  @Test
  void deletingARestoreJobWaitsForARestoreUnderWayThenRemovesIt() {
    operator.cluster("db", true);
    RestoreRun run = run("back", "db", Map.of(), Duration.ZERO);
    driver.restore(run);
    String name = operator.list(PsmdbApi.RESTORE).get(0).getMetadata().getName();
    operator.status(PsmdbApi.RESTORE, name, Map.of("state", "running"));

    assertThatThrownBy(() -> driver.cleanUpRestore(client, run.job(), Optional.empty()))
        .hasMessage(
            "PerconaServerMongoDBRestore "
                + NS
                + "/"
                + name
                + " is state=running; it is removed once the operator has finished it");
    operator.status(PsmdbApi.RESTORE, name, Map.of("state", "ready"));
    driver.cleanUpRestore(client, run.job(), Optional.empty());
    assertThat(operator.list(PsmdbApi.RESTORE)).isEmpty();
  }

  private RestoreRun run(String job, String target, Map<String, String> options, Duration elapsed) {
    return run(job, target, options, elapsed, backup(metadata(), snapshot()));
  }

  private RestoreRun run(
      String job, String target, Map<String, String> options, Duration elapsed, Backup backup) {
    RestoreJob restoreJob = new RestoreJob();
    restoreJob.setMetadata(new ObjectMetaBuilder().withName(job).withNamespace(NS).build());
    restoreJob.setSpec(
        new RestoreJobSpec(
            new LocalObjectReference("nightly"),
            new TypedLocalObjectReference(null, "MongoDB", target),
            Json.tree(options)));
    return new RestoreRun(
        client,
        restoreJob,
        backup,
        RestoreRun.target(backup, restoreJob),
        Json.object(
            "{apiVersion: strategy.backups.cozystack.io/v1alpha1, kind: MongoDB,"
                + " metadata: {name: logical}}"),
        Optional.empty(),
        START,
        START.plus(elapsed));
  }

  /** Cozystack Backup {@code nightly} of application {@code db}, as the driver records it. */
  private static Backup backup(Map<String, String> metadata, JsonNode snapshot) {
    Backup backup = new Backup();
    backup.setMetadata(new ObjectMetaBuilder().withName("nightly").withNamespace(NS).build());
    backup.setSpec(
        new BackupSpec(
            new TypedLocalObjectReference(null, "MongoDB", "db"),
            null,
            new TypedLocalObjectReference("strategy.backups.cozystack.io", "MongoDB", "logical"),
            START.toString(),
            metadata));
    backup.setStatus(new BackupStatus(null, BackupStatus.Phase.READY, null, snapshot, null));
    return backup;
  }

  private static Map<String, String> metadata() {
    return BackupRecord.driverMetadata(
        OPERATOR_BACKUP, NS, "s3://backups/mongo/db/2026-05-01T02:00:00Z");
  }

  private static JsonNode snapshot() {
    return BackupRecord.snapshot(
        BackupSource.fromStatus(Json.tree(MockOperator.ready("db"))).orElseThrow(), Map.of());
  }

  private static Progress.Working working(Progress p) {
    assertThat(p).isInstanceOf(Progress.Working.class);
    return (Progress.Working) p;
  }
}
