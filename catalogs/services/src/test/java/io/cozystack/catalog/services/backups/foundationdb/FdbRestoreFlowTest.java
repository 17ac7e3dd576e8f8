package io.cozystack.catalog.services.backups.foundationdb;

import static io.cozystack.catalog.services.backups.foundationdb.FdbMock.NS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

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
 * The driver's restore calls and clean-ups against a CRUD mock API server: the target it waits for,
 * the agents it adds, what it creates from the recorded backup, and what it removes.
 */
@EnableKubernetesMockClient(crud = true)
class FdbRestoreFlowTest {
  static final Instant START = Instant.parse("2026-05-02T00:00:00Z");
  static final BlobStore SOURCE =
      new BlobStore("key@s3.example.org", "backups", "nightly-x7k2p", List.of("region=eu"));
  static final Map<String, String> NIGHTLY = ClusterBackupsTest.owner("nightly");

  KubernetesClient client;
  FdbMock operator;
  FoundationDbDriver driver = new FoundationDbDriver();

  @BeforeEach
  void operatorCrds() {
    operator = new FdbMock(client);
  }

  @Test
  void aCopyRestoreWaitsForTheTargetThenAddsAgentsAndReadsTheRecordedStore() {
    Progress waiting = driver.restore(run("back", "copy", Map.of(), Duration.ofMinutes(1)));
    assertThat(working(waiting).reason()).isEqualTo("TargetFoundationDBClusterNotReady");
    assertThat(working(waiting).recheckAfter()).isEqualTo(Duration.ofMinutes(29));

    operator.cluster("copy", false);
    Progress started = driver.restore(run("back", "copy", Map.of(), Duration.ofMinutes(2)));
    assertThat(working(started).message())
        .endsWith(" of " + SOURCE.url())
        .startsWith("created FoundationDBRestore " + NS + "/back-");
    GenericKubernetesResource agents = operator.list(FdbApi.BACKUP).get(0);
    assertThat(Json.tree(agents).path("spec"))
        .isEqualTo(
            Json.yaml(
                "{clusterName: foundationdb-copy, version: 7.3.63, backupState: Stopped,"
                    + " customParameters: [blob_credentials=/var/agents.json], imageType: split,"
                    + " podTemplateSpec: {spec: {volumes: [{name: c, secret: {secretName: copy-blob}}]}},"
                    + " blobStoreConfiguration: {accountName: key@s3.example.org, bucket: backups,"
                    + " urlParameters: [region=eu]}}"));
    GenericKubernetesResource restore = operator.list(FdbApi.RESTORE).get(0);
    assertThat(Json.tree(restore).path("spec"))
        .isEqualTo(
            Json.yaml(
                "{destinationClusterName: foundationdb-copy, blobStoreConfiguration:"
                    + " {accountName: key@s3.example.org, bucket: backups, backupName: nightly-x7k2p,"
                    + " urlParameters: [region=eu]}, customParameters: [blob_credentials=/var/c.json]}"));

    Progress notStarted = driver.restore(run("back", "copy", Map.of(), Duration.ofMinutes(3)));
    assertThat(working(notStarted).message())
        .contains(": no status observed yet; fdbrestore has not started");
    String name = restore.getMetadata().getName();
    operator.status(FdbApi.RESTORE, name, "{running: true, state: completed}");
    Progress done = driver.restore(run("back", "copy", Map.of(), Duration.ofMinutes(4)));

    assertThat(done)
        .isEqualTo(
            Progress.restored(
                "FoundationDBRestore "
                    + NS
                    + "/"
                    + name
                    + " restored Backup nightly ("
                    + SOURCE.url()
                    + ") into copy"));
    assertThat(operator.list(FdbApi.BACKUP)).isEmpty();
    assertThat(operator.list(FdbApi.RESTORE)).hasSize(1);
  }

  @Test
  void anInPlaceRestoreLeavesItToTheAgentsOfTheClustersBackup() {
    operator.cluster("db", true);
    operator.backup("nightly-x7k2p", "db", NIGHTLY, "Running");

    Progress started = driver.restore(run("back", "db", Map.of(), Duration.ZERO));

    assertThat(working(started).reason()).isEqualTo("RestoreStarted");
    assertThat(operator.list(FdbApi.BACKUP))
        .singleElement()
        .satisfies(b -> assertThat(b.getMetadata().getName()).isEqualTo("nightly-x7k2p"));
    String name = operator.list(FdbApi.RESTORE).get(0).getMetadata().getName();
    operator.status(FdbApi.RESTORE, name, "{running: true, state: completed}");
    assertThat(
            ((Progress.Restored) driver.restore(run("back", "db", Map.of(), Duration.ZERO)))
                .message())
        .endsWith(" in place");
  }

  @Test
  void anAbortedRestoreFailsAndOneThatNeverEndsTimesOutNamingTheOption() {
    operator.cluster("copy", true);
    driver.restore(run("back", "copy", Map.of(), Duration.ZERO));
    String name = operator.list(FdbApi.RESTORE).get(0).getMetadata().getName();
    operator.status(FdbApi.RESTORE, name, "{running: true, state: running}");
    Progress timedOut =
        driver.restore(
            run("back", "copy", Map.of("restoreTimeoutSeconds", 60), Duration.ofMinutes(1)));
    assertThat(((Progress.Failed) timedOut).reason()).isEqualTo("RestoreTimedOut");
    assertThat(((Progress.Failed) timedOut).message())
        .contains("did not complete within 1m (state=running running=true)")
        .endsWith("raise spec.options.restoreTimeoutSeconds for a larger database");

    operator.status(FdbApi.RESTORE, name, "{running: true, state: aborted}");
    Progress aborted = driver.restore(run("back", "copy", Map.of(), Duration.ofMinutes(2)));
    assertThat(((Progress.Failed) aborted).reason()).isEqualTo("RestoreFailed");
    assertThat(operator.list(FdbApi.BACKUP)).isEmpty();
  }

  @Test
  void badOptionsAnotherKindOrABackupWithoutItsStoreFailWithoutCreatingAnything() {
    operator.cluster("db", true);
    assertThat(driver.restore(run("back", "db", Map.of("purge", true), Duration.ZERO)))
        .isEqualTo(
            Progress.failed(
                "InvalidOptions",
                "options.purge: unknown; the FoundationDB driver takes only restoreTimeoutSeconds"));
    RestoreRun pg = run("back", "db", Map.of(), Duration.ZERO);
    RestoreRun wrongKind =
        new RestoreRun(
            client,
            pg.job(),
            pg.backup(),
            new TypedLocalObjectReference(null, "Postgres", "db"),
            pg.strategy(),
            Optional.empty(),
            START,
            START);
    assertThat(((Progress.Failed) driver.restore(wrongKind)).reason())
        .isEqualTo("UnsupportedApplication");
    RestoreRun bare = run("back", "db", Map.of(), Duration.ZERO);
    bare.backup().setStatus(null);
    bare.backup().getSpec().driverMetadata().clear();
    assertThat(((Progress.Failed) driver.restore(bare)).reason()).isEqualTo("IncompleteBackup");
    assertThat(operator.list(FdbApi.RESTORE)).isEmpty();
  }

  @Test
  void aDeletedRestoreJobWaitsForItsRestoreToEndThenTakesItAndItsAgents() {
    operator.cluster("copy", true);
    RestoreRun run = run("back", "copy", Map.of(), Duration.ZERO);
    driver.restore(run);
    String name = operator.list(FdbApi.RESTORE).get(0).getMetadata().getName();
    operator.status(FdbApi.RESTORE, name, "{running: true, state: running}");

    assertThatThrownBy(() -> driver.cleanUpRestore(client, run.job(), Optional.of(run.backup())))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("is under way (state=running running=true)");
    assertThat(operator.list(FdbApi.BACKUP)).hasSize(1);

    operator.status(FdbApi.RESTORE, name, "{running: true, state: completed}");
    driver.cleanUpRestore(client, run.job(), Optional.of(run.backup()));
    assertThat(operator.list(FdbApi.RESTORE)).isEmpty();
    assertThat(operator.list(FdbApi.BACKUP)).isEmpty();
  }

  @Test
  void aRestoreJobNamedLikeABackupJobRemovesOnlyItsOwnAgents() {
    operator.cluster("copy", true);
    RestoreRun run = run("nightly", "copy", Map.of(), Duration.ZERO);
    driver.restore(run);
    operator.backup("nightly-x7k2p", "db", NIGHTLY, "Running");
    String name = operator.list(FdbApi.RESTORE).get(0).getMetadata().getName();
    operator.status(FdbApi.RESTORE, name, "{running: true, state: completed}");

    driver.cleanUpRestore(client, run.job(), Optional.of(run.backup()));

    assertThat(operator.list(FdbApi.BACKUP))
        .singleElement()
        .satisfies(b -> assertThat(b.getMetadata().getName()).isEqualTo("nightly-x7k2p"));
  }

  @Test
  void aDeletedBackupStopsItsOperatorBackupAndTakesItOnceStoppedNothingElse() {
    operator.cluster("db", true);
    operator.backup("nightly-x7k2p", "db", NIGHTLY, "Running");
    operator.running("nightly-x7k2p", SOURCE.url());
    operator.backup("other-abcde", "db", ClusterBackupsTest.owner("other"), "Running");
    Backup backup = backup(Map.of("apps.foundationdb.org/backup-name", "nightly-x7k2p"), null);

    assertThatThrownBy(() -> driver.cleanUpBackup(client, backup))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("is being stopped");
    assertThat(
            Json.tree(operator.get(FdbApi.BACKUP, "nightly-x7k2p"))
                .at("/spec/backupState")
                .asText())
        .isEqualTo("Stopped");

    operator.stopped("nightly-x7k2p");
    driver.cleanUpBackup(client, backup);
    assertThat(operator.get(FdbApi.BACKUP, "nightly-x7k2p")).isNull();
    driver.cleanUpBackup(
        client, backup(Map.of("apps.foundationdb.org/backup-name", "other-abcde"), null));
    assertThat(operator.get(FdbApi.BACKUP, "other-abcde")).isNotNull();
  }

  /**
   * RestoreJob {@code job} of Backup {@code nightly} (of application {@code db}, its agents given
   * /var/c.json) into {@code target}, through strategy {@code s3} whose agents now read credentials
   * Secret {@code <target>-blob} at /var/agents.json.
   */
  private RestoreRun run(String job, String target, Map<String, Object> options, Duration elapsed) {
    Backup backup =
        backup(
            BackupRecord.driverMetadata("nightly-x7k2p", NS, SOURCE, SOURCE.url()),
            BackupRecord.snapshot(SOURCE, List.of("blob_credentials=/var/c.json"), Map.of()));
    RestoreJob restoreJob = new RestoreJob();
    restoreJob.setMetadata(new ObjectMetaBuilder().withName(job).withNamespace(NS).build());
    restoreJob.setSpec(
        new RestoreJobSpec(
            new LocalObjectReference("nightly"),
            new TypedLocalObjectReference(null, "FoundationDB", target),
            Json.tree(options)));
    GenericKubernetesResource strategy =
        Json.object(
            "{apiVersion: strategy.backups.cozystack.io/v1alpha1, kind: FoundationDB,"
                + " metadata: {name: s3}, spec: {template: {blobStoreConfiguration:"
                + " {accountName: key@s3.example.org}, customParameters: ['--blob_credentials=/var/agents.json'],"
                + " backupDeploymentPodTemplateSpec: {spec:"
                + " {volumes: [{name: c, secret: {secretName: '{{ .Release.Name }}-blob'}}]}}}}}");
    return new RestoreRun(
        client,
        restoreJob,
        backup,
        RestoreRun.target(backup, restoreJob),
        strategy,
        Optional.empty(),
        START,
        START.plus(elapsed));
  }

  /** Cozystack Backup {@code nightly} of application {@code db}, as the driver records it. */
  private static Backup backup(
      Map<String, String> metadata, com.fasterxml.jackson.databind.JsonNode snapshot) {
    Backup backup = new Backup();
    backup.setMetadata(new ObjectMetaBuilder().withName("nightly").withNamespace(NS).build());
    backup.setSpec(
        new BackupSpec(
            new TypedLocalObjectReference(null, "FoundationDB", "db"),
            null,
            new TypedLocalObjectReference("strategy.backups.cozystack.io", "FoundationDB", "s3"),
            START.toString(),
            new java.util.HashMap<>(metadata)));
    backup.setStatus(new BackupStatus(null, BackupStatus.Phase.READY, null, snapshot, null));
    return backup;
  }

  private static Progress.Working working(Progress p) {
    assertThat(p).isInstanceOf(Progress.Working.class);
    return (Progress.Working) p;
  }
}
