package io.cozystack.catalog.services.backups.foundationdb;

import static io.cozystack.catalog.services.backups.foundationdb.FdbMock.NS;
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
 * The driver's backup calls against a CRUD mock API server: how it waits for the cluster, how it
 * retires the cluster's earlier backup, what it creates, that a second call observes instead of
 * creating again, and how it fails.
 */
@EnableKubernetesMockClient(crud = true)
class FdbBackupFlowTest {
  static final Instant START = Instant.parse("2026-05-01T02:00:00Z");

  /** The strategy template: the account from the BackupClass, the credentials in a Secret. */
  static final String S3 =
      "{blobStoreConfiguration: {accountName: '{{ .Parameters.account }}', bucket: backups},"
          + " backupDeploymentPodTemplateSpec: {spec: {containers: [{name: foundationdb}],"
          + " volumes: [{name: creds, secret: {secretName: '{{ .Release.Name }}-blob'}}]}}}";

  KubernetesClient client;
  FdbMock operator;
  FoundationDbDriver driver = new FoundationDbDriver();

  @BeforeEach
  void operatorCrds() {
    operator = new FdbMock(client);
  }

  @Test
  void aBackupWaitsForTheClusterAndItsDatabaseThenCreatesOneAndRecordsItWhenRunning() {
    Progress missing = driver.backup(run("nightly", "FoundationDB", S3, Duration.ofMinutes(5)));
    assertThat(working(missing).reason()).isEqualTo("FoundationDBClusterNotReady");
    assertThat(working(missing).recheckAfter()).isEqualTo(Duration.ofMinutes(40));

    operator.cluster("db", false);
    Progress down = driver.backup(run("nightly", "FoundationDB", S3, Duration.ofMinutes(6)));
    assertThat(working(down).reason()).isEqualTo("FoundationDBClusterNotAvailable");
    assertThat(operator.list(FdbApi.BACKUP)).isEmpty();

    operator.cluster("db", true);
    Progress started = driver.backup(run("nightly", "FoundationDB", S3, Duration.ofMinutes(7)));
    assertThat(working(started).reason()).isEqualTo("BackupStarted");
    Progress again = driver.backup(run("nightly", "FoundationDB", S3, Duration.ofMinutes(8)));
    assertThat(working(again).message())
        .endsWith(
            ": the operator has written no status yet; the agents need Secrets [db-blob] to exist");
    List<GenericKubernetesResource> backups = operator.list(FdbApi.BACKUP);
    assertThat(backups).hasSize(1);
    String name = backups.get(0).getMetadata().getName();
    assertThat(Json.tree(backups.get(0)).path("spec"))
        .isEqualTo(
            Json.yaml(
                "{clusterName: foundationdb-db, version: 7.3.63, backupState: Running,"
                    + " imageType: split, podTemplateSpec: {spec: {containers: [{name: foundationdb}],"
                    + " volumes: [{name: creds, secret: {secretName: db-blob}}]}},"
                    + " blobStoreConfiguration: {accountName: key@s3.example.org, bucket: backups}}"));

    String url = "blobstore://key@s3.example.org:443/" + name + "?bucket=backups";
    operator.running(name, url);
    Progress.BackedUp done =
        (Progress.BackedUp)
            driver.backup(run("nightly", "FoundationDB", S3, Duration.ofMinutes(9)));
    assertThat(done.artifact().uri()).isEqualTo(url);
    assertThat(done.driverMetadata())
        .containsEntry("apps.foundationdb.org/backup-name", name)
        .containsEntry("apps.foundationdb.org/blob-backup-name", name);
  }

  @Test
  void theClustersEarlierBackupIsStoppedThenDeletedBeforeTheNewOneStarts() {
    operator.cluster("db", true);
    operator.backup("weekly-abcde", "db", ClusterBackupsTest.owner("weekly"), "Running");
    operator.running("weekly-abcde", "blobstore://key@s3.example.org:443/weekly-abcde?bucket=b");

    // The job starts after the weekly backup was created (the mock stamps it with its clock).
    Instant start = Instant.now().plusSeconds(60);
    Progress stopping = driver.backup(run("nightly", "FoundationDB", S3, start, Duration.ZERO));
    assertThat(working(stopping).reason()).isEqualTo("RetiringPreviousBackup");
    assertThat(working(stopping).message())
        .startsWith("asked the operator to stop FoundationDBBackup " + NS + "/weekly-abcde");
    assertThat(
            Json.tree(operator.get(FdbApi.BACKUP, "weekly-abcde")).at("/spec/backupState").asText())
        .isEqualTo("Stopped");
    Progress waiting =
        driver.backup(run("nightly", "FoundationDB", S3, start, Duration.ofMinutes(1)));
    assertThat(working(waiting).message()).startsWith("waiting for the operator to stop");
    assertThat(operator.list(FdbApi.BACKUP)).hasSize(1);

    operator.stopped("weekly-abcde");
    Progress started =
        driver.backup(run("nightly", "FoundationDB", S3, start, Duration.ofMinutes(2)));

    assertThat(working(started).reason()).isEqualTo("BackupStarted");
    assertThat(operator.list(FdbApi.BACKUP))
        .singleElement()
        .satisfies(b -> assertThat(b.getMetadata().getName()).startsWith("nightly-"));
  }

  @Test
  void theChartsOwnBackupOrANewerRunningOneFailsTheJobSayingWhatToDo() {
    operator.cluster("db", true);
    GenericKubernetesResource chart =
        operator.backup("foundationdb-db-backup", "db", Map.of(), "Running");

    Progress conflict = driver.backup(run("nightly", "FoundationDB", S3, Duration.ZERO));
    assertThat(((Progress.Failed) conflict).reason()).isEqualTo("ConflictingFoundationDBBackup");
    assertThat(((Progress.Failed) conflict).message())
        .startsWith("FoundationDBBackup " + NS + "/foundationdb-db-backup also backs up")
        .contains("set backup.enabled to false on FoundationDB application db");

    client.resource(chart).delete();
    operator.backup("later-abcde", "db", ClusterBackupsTest.owner("later"), "Running");
    // Created now, after the job started (START).
    Progress superseded = driver.backup(run("nightly", "FoundationDB", S3, Duration.ZERO));
    assertThat(((Progress.Failed) superseded).reason()).isEqualTo("BackupSuperseded");
    assertThat(operator.list(FdbApi.BACKUP)).hasSize(1);
  }

  @Test
  void aBackupTheOperatorNeverRunsIsStoppedAndFailsAfter45Minutes() {
    operator.cluster("db", true);
    driver.backup(run("slow", "FoundationDB", S3, Duration.ZERO));
    String name = operator.list(FdbApi.BACKUP).get(0).getMetadata().getName();
    operator.status(FdbApi.BACKUP, name, "{generations: {needsBackupStart: 1}}");

    Progress failed = driver.backup(run("slow", "FoundationDB", S3, Duration.ofMinutes(45)));

    assertThat(failed)
        .isEqualTo(
            Progress.failed(
                "BackupTimedOut",
                "FoundationDBBackup "
                    + NS
                    + "/"
                    + name
                    + " was not running within 45m (not reconciled (needsBackupStart=1);"
                    + " backupDetails.running is false; the agents need Secrets [db-blob] to"
                    + " exist); it is stopped"));
    assertThat(Json.tree(operator.get(FdbApi.BACKUP, name)).at("/spec/backupState").asText())
        .isEqualTo("Stopped");
  }

  @Test
  void anotherApplicationKindOrATemplateTheOperatorCannotTakeFailsWithoutCreatingAnything() {
    operator.cluster("db", true);
    Progress wrongKind = driver.backup(run("pg", "Postgres", S3, Duration.ZERO));
    assertThat(((Progress.Failed) wrongKind).reason()).isEqualTo("UnsupportedApplication");

    Progress encrypted =
        driver.backup(
            run(
                "enc",
                "FoundationDB",
                "{blobStoreConfiguration: {accountName: s3}, encryptionKeyPath: /k}",
                Duration.ZERO));
    assertThat(encrypted)
        .isEqualTo(
            Progress.failed(
                "InvalidStrategy",
                "FoundationDB strategy s3: template.encryptionKeyPath: the FoundationDB operator's"
                    + " v1.55.0 API has no encryption key for backups or restores; leave it"
                    + " empty"));
    Progress unrendered =
        driver.backup(
            run(
                "bad",
                "FoundationDB",
                "{blobStoreConfiguration: {accountName: '{{ .Parameters.nothing }}'}}",
                Duration.ZERO));
    assertThat(((Progress.Failed) unrendered).message())
        .contains(
            "template.blobStoreConfiguration.accountName: .Parameters.nothing refers to nothing");
    assertThat(operator.list(FdbApi.BACKUP)).isEmpty();
  }

  /**
   * A BackupJob of application {@code db} of kind {@code appKind} through strategy {@code s3} with
   * {@code template}; the BackupClass passes parameter {@code account: key@s3.example.org}.
   */
  private BackupRun run(String job, String appKind, String template, Duration elapsed) {
    return run(job, appKind, template, START, elapsed);
  }

  private BackupRun run(
      String job, String appKind, String template, Instant start, Duration elapsed) {
    BackupJob backupJob = new BackupJob();
    backupJob.setMetadata(new ObjectMetaBuilder().withName(job).withNamespace(NS).build());
    backupJob.setSpec(
        new BackupJobSpec(null, new TypedLocalObjectReference(null, appKind, "db"), "cls"));
    BackupClassStrategy route =
        new BackupClassStrategy(
            new TypedLocalObjectReference("strategy.backups.cozystack.io", "FoundationDB", "s3"),
            new ApplicationSelector(null, appKind),
            Map.of("account", "key@s3.example.org"));
    GenericKubernetesResource strategy =
        Json.object(
            "{apiVersion: strategy.backups.cozystack.io/v1alpha1, kind: FoundationDB,"
                + " metadata: {name: s3}, spec: {template: %s}}".formatted(template));
    GenericKubernetesResource app =
        Json.object(
            "{apiVersion: apps.cozystack.io/v1alpha1, kind: %s, metadata: {name: db, namespace: %s}}"
                .formatted(appKind, NS));
    return new BackupRun(client, backupJob, route, strategy, app, start, start.plus(elapsed));
  }

  private static Progress.Working working(Progress p) {
    assertThat(p).isInstanceOf(Progress.Working.class);
    return (Progress.Working) p;
  }
}
