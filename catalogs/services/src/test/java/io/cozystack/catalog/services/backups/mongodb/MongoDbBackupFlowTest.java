package io.cozystack.catalog.services.backups.mongodb;

import static io.cozystack.catalog.services.backups.mongodb.MockOperator.NS;
import static org.assertj.core.api.Assertions.assertThat;

import io.cozystack.api.backups.v1alpha1.BackupClassSpec.ApplicationSelector;
import io.cozystack.api.backups.v1alpha1.BackupClassSpec.BackupClassStrategy;
import io.cozystack.api.backups.v1alpha1.BackupJob;
import io.cozystack.api.backups.v1alpha1.BackupJobSpec;
import io.cozystack.api.meta.TypedLocalObjectReference;
import io.cozystack.catalog.services.backups.Json;
import io.cozystack.contracts.driver.BackupRun;
import io.cozystack.contracts.driver.Progress;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The driver's backup calls against a CRUD mock API server: how it waits for the cluster, what it
 * creates, that a second call observes instead of creating again, and how it fails.
 */
@EnableKubernetesMockClient(crud = true)
class MongoDbBackupFlowTest {
  static final Instant START = Instant.parse("2026-05-01T00:00:00Z");

  /** The strategy template the first test uses: compression from the BackupClass. */
  static final String GZIP = "{compressionType: '{{ .Parameters.compression }}'}";

  KubernetesClient client;
  MockOperator operator;
  MongoDbDriver driver = new MongoDbDriver();

  @BeforeEach
  void operatorCrds() {
    operator = new MockOperator(client);
  }

  @Test
  void aBackupWaitsForTheClusterAndItsAgentsThenCreatesOneAndRecordsItWhenReady() {
    Progress missing = driver.backup(run("nightly", "MongoDB", GZIP, Duration.ofMinutes(5)));
    assertThat(working(missing).reason()).isEqualTo("PerconaServerMongoDBNotReady");
    assertThat(working(missing).recheckAfter()).isEqualTo(Duration.ofMinutes(25));

    operator.cluster("db", false);
    Progress disabled = driver.backup(run("nightly", "MongoDB", GZIP, Duration.ofMinutes(6)));
    assertThat(working(disabled).reason()).isEqualTo("BackupsDisabled");
    assertThat(working(disabled).message())
        .startsWith("PerconaServerMongoDB " + NS + "/mongodb-db: spec.backup.enabled is false");
    assertThat(operator.list(PsmdbApi.BACKUP)).isEmpty();

    operator.cluster("db", true);
    Progress started = driver.backup(run("nightly", "MongoDB", GZIP, Duration.ofMinutes(7)));
    assertThat(working(started).reason()).isEqualTo("BackupStarted");
    Progress again = driver.backup(run("nightly", "MongoDB", GZIP, Duration.ofMinutes(8)));
    assertThat(working(again).message()).endsWith("is running (no state observed yet)");
    List<GenericKubernetesResource> backups = operator.list(PsmdbApi.BACKUP);
    assertThat(backups).hasSize(1);
    String name = backups.get(0).getMetadata().getName();
    assertThat(Json.tree(backups.get(0)).path("spec"))
        .isEqualTo(
            Json.yaml(
                "{clusterName: mongodb-db, storageName: s3-storage, type: logical,"
                    + " compressionType: gzip}"));

    operator.status(PsmdbApi.BACKUP, name, Map.of("state", "running"));
    assertThat(
            working(driver.backup(run("nightly", "MongoDB", GZIP, Duration.ofMinutes(9))))
                .message())
        .endsWith("is running (state=running)");
    operator.status(PsmdbApi.BACKUP, name, MockOperator.ready("db"));
    Progress.BackedUp done =
        (Progress.BackedUp) driver.backup(run("nightly", "MongoDB", GZIP, Duration.ofMinutes(10)));
    assertThat(done.driverMetadata()).containsEntry("psmdb.percona.com/backup-name", name);
    assertThat(done.artifact().uri()).isEqualTo("s3://backups/mongo/db/2026-05-01T02:00:00Z");
  }

  @Test
  void anOperatorErrorFailsTheBackupAtOnceWithItsMessage() {
    operator.cluster("db", true);
    driver.backup(run("broken", "MongoDB", "{}", Duration.ZERO));
    String name = operator.list(PsmdbApi.BACKUP).get(0).getMetadata().getName();
    operator.status(
        PsmdbApi.BACKUP, name, Map.of("state", "error", "error", "starting deadline exceeded"));

    assertThat(driver.backup(run("broken", "MongoDB", "{}", Duration.ofMinutes(1))))
        .isEqualTo(
            Progress.failed(
                "BackupFailed",
                "PerconaServerMongoDBBackup "
                    + NS
                    + "/"
                    + name
                    + " failed: starting deadline exceeded"));
  }

  @Test
  void aBackupThatNeverCompletesOrAClusterThatNeverComesFailsAfter30Minutes() {
    Progress never = driver.backup(run("lost", "MongoDB", "{}", Duration.ofMinutes(30)));
    assertThat(never)
        .isEqualTo(
            Progress.failed(
                "PerconaServerMongoDBNotReady",
                "PerconaServerMongoDB "
                    + NS
                    + "/mongodb-db was not ready for backups within 30m: not found"));

    operator.cluster("db", true);
    driver.backup(run("slow", "MongoDB", "{}", Duration.ZERO));
    String name = operator.list(PsmdbApi.BACKUP).get(0).getMetadata().getName();
    operator.status(PsmdbApi.BACKUP, name, Map.of("state", "waiting"));
    assertThat(driver.backup(run("slow", "MongoDB", "{}", Duration.ofMinutes(30))))
        .isEqualTo(
            Progress.failed(
                "BackupTimedOut",
                "PerconaServerMongoDBBackup "
                    + NS
                    + "/"
                    + name
                    + " did not complete within 30m (state=waiting)"));
  }

  @Test
  void aStrategyTheClusterCannotServeWaitsNamingTheStoragesItDeclares() {
    operator.cluster("db", true);

    Progress p = driver.backup(run("elsewhere", "MongoDB", "{storageName: s3}", Duration.ZERO));

    assertThat(working(p).reason()).isEqualTo("StorageNotDeclared");
    assertThat(working(p).message())
        .contains("declares no storage 's3' (it declares [s3-storage])")
        .contains("template.storageName");
    assertThat(operator.list(PsmdbApi.BACKUP)).isEmpty();
  }

  @Test
  void anotherApplicationKindOrATemplateTheOperatorWouldRefuseFailsWithoutCreatingAnything() {
    operator.cluster("db", true);
    Progress wrongKind = driver.backup(run("pg", "Postgres", "{}", Duration.ZERO));
    assertThat(((Progress.Failed) wrongKind).reason()).isEqualTo("UnsupportedApplication");

    Progress bad = driver.backup(run("bad", "MongoDB", "{compressionType: brotli}", Duration.ZERO));
    assertThat(bad)
        .isEqualTo(
            Progress.failed(
                "InvalidStrategy",
                "MongoDB strategy logical: template.compressionType: 'brotli' is not one of"
                    + " [none, gzip, pgzip, snappy, lz4, s2, zstd]"));
    Progress unrendered =
        driver.backup(
            run("bad2", "MongoDB", "{storageName: '{{ .Parameters.nothing }}'}", Duration.ZERO));
    assertThat(((Progress.Failed) unrendered).message())
        .contains("template.storageName: .Parameters.nothing refers to nothing");
    assertThat(operator.list(PsmdbApi.BACKUP)).isEmpty();
  }

  /**
   * A BackupJob of application {@code db} of kind {@code appKind} through strategy {@code logical}
   * with {@code template}; the BackupClass passes parameter {@code compression: gzip}.
   */
  private BackupRun run(String job, String appKind, String template, Duration elapsed) {
    BackupJob backupJob = new BackupJob();
    backupJob.setMetadata(new ObjectMetaBuilder().withName(job).withNamespace(NS).build());
    backupJob.setSpec(
        new BackupJobSpec(null, new TypedLocalObjectReference(null, appKind, "db"), "cls"));
    BackupClassStrategy route =
        new BackupClassStrategy(
            new TypedLocalObjectReference("strategy.backups.cozystack.io", "MongoDB", "logical"),
            new ApplicationSelector(null, appKind),
            Map.of("compression", "gzip"));
    GenericKubernetesResource strategy =
        Json.object(
            "{apiVersion: strategy.backups.cozystack.io/v1alpha1, kind: MongoDB,"
                + " metadata: {name: logical}, spec: {template: %s}}".formatted(template));
    GenericKubernetesResource app =
        Json.object(
            "{apiVersion: apps.cozystack.io/v1alpha1, kind: %s, metadata: {name: db, namespace: %s}}"
                .formatted(appKind, NS));
    return new BackupRun(client, backupJob, route, strategy, app, START, START.plus(elapsed));
  }

  private static Progress.Working working(Progress p) {
    assertThat(p).isInstanceOf(Progress.Working.class);
    return (Progress.Working) p;
  }
}
