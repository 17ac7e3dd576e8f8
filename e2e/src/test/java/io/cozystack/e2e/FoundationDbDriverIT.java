package io.cozystack.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.cozystack.api.backups.v1alpha1.Backup;
import io.cozystack.api.backups.v1alpha1.BackupJob;
import io.cozystack.api.backups.v1alpha1.RestoreJob;
import io.cozystack.api.backups.v1alpha1.RunPhase;
import io.cozystack.catalog.services.backups.foundationdb.FoundationDbDriver;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.base.PatchContext;
import io.fabric8.kubernetes.client.dsl.base.PatchType;
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
 * The services catalog's FoundationDB driver end to end on the real API server: the platform
 * dispatches BackupJobs and RestoreJobs to it, it drives the FoundationDB operator's
 * FoundationDBBackups and -Restores (their v1.55.0 CRDs installed by the control plane), the
 * clusters are what the FoundationDB chart renders (with the real Helm) for each application, and
 * {@link FoundationDbDouble} plays the operator's backups and restores.
 */
@ExtendWith(KubernetesExtension.class)
class FoundationDbDriverIT {
  static final String FDB = FoundationDbDouble.API_VERSION;
  static final String ACCOUNT = "AKIA@minio.example.org:9000";

  /**
   * The strategy (the blob store from the BackupClass, the agents' credentials file from Secret
   * {@code <release>-blob-credentials}), a BackupClass routing FoundationDB to it, and one whose
   * bucket is no S3 bucket name.
   */
  static final String STRATEGY =
      """
      apiVersion: strategy.backups.cozystack.io/v1alpha1
      kind: FoundationDB
      metadata: {name: s3}
      spec:
        template:
          blobStoreConfiguration:
            accountName: "{{ .Parameters.account }}"
            bucket: "{{ .Parameters.bucket }}"
            urlParameters: [secure_connection=0, "bucket_path={{ .Release.Namespace }}/{{ .Release.Name }}"]
          snapshotPeriodSeconds: 3600
          customParameters: [--blob_credentials=/var/blob/credentials.json]
          backupDeploymentPodTemplateSpec:
            spec:
              containers:
                - name: foundationdb
                  volumeMounts: [{name: blob, mountPath: /var/blob, readOnly: true}]
              volumes:
                - name: blob
                  secret: {secretName: "{{ .Release.Name }}-blob-credentials"}
      ---
      apiVersion: backups.cozystack.io/v1alpha1
      kind: BackupClass
      metadata: {name: foundationdb}
      spec:
        strategies:
          - strategyRef: {apiGroup: strategy.backups.cozystack.io, kind: FoundationDB, name: s3}
            application: {kind: FoundationDB}
            parameters: {account: "AKIA@minio.example.org:9000", bucket: fdb-backups}
      ---
      apiVersion: backups.cozystack.io/v1alpha1
      kind: BackupClass
      metadata: {name: foundationdb-bad-bucket}
      spec:
        strategies:
          - strategyRef: {apiGroup: strategy.backups.cozystack.io, kind: FoundationDB, name: s3}
            application: {kind: FoundationDB}
            parameters: {account: "AKIA@minio.example.org:9000", bucket: Backups_2026}
      """;

  @Kube static KubernetesClient client;
  @Kube static String namespace;
  static DriverJobs jobs;
  @Kube static Path kubeconfig;
  static InProcessOperator operator;
  static InProcessDriver driver;
  static FoundationDbDouble fdb;

  /** Every request the driver made, as RBAC sees it. */
  static final Set<String> requests = new ConcurrentSkipListSet<>();

  @BeforeAll
  static void start() throws Exception {
    jobs = new DriverJobs(client, namespace, "FoundationDB", FDB);
    Manifests.namespace(client, "cozy-system");
    Manifests.crd(
        client,
        "catalogs/services/deploy/backup-drivers/crds/strategy.backups.cozystack.io_foundationdbs.yaml");
    Manifests.applyFile(
        client,
        ControlPlane.repoRoot()
            .resolve("catalogs/services/charts/foundationdb-rd/cozyrds/foundationdb.yaml"));
    Manifests.apply(client, STRATEGY);
    operator = InProcessOperator.start(kubeconfig);
    driver = InProcessDriver.start(kubeconfig, new FoundationDbDriver(), requests);
    fdb = FoundationDbDouble.start(client, namespace);
    Manifests.awaitOwned(
        client, FoundationDbDriver.NAME, "strategy.backups.cozystack.io/FoundationDB");
  }

  @AfterAll
  static void stop() {
    if (fdb != null) {
      fdb.close();
    }
    if (driver != null) {
      driver.close();
    }
    if (operator != null) {
      operator.close();
    }
    // The services chart, rendered for this driver alone, grants every request it made.
    DriverRbac.assertAllowed("services", List.of("foundationdb"), requests);
    assertThat(requests)
        .anyMatch(r -> r.startsWith("create apps.foundationdb.org foundationdbbackups in "))
        .anyMatch(r -> r.startsWith("patch apps.foundationdb.org foundationdbbackups in "))
        .anyMatch(r -> r.startsWith("delete apps.foundationdb.org foundationdbbackups in "))
        .anyMatch(r -> r.startsWith("create apps.foundationdb.org foundationdbrestores in "))
        .anyMatch(r -> r.startsWith("delete apps.foundationdb.org foundationdbrestores in "))
        .anyMatch(r -> r.startsWith("watch apps.foundationdb.org foundationdbclusters"));
  }

  @Test
  void aBackupWaitsForTheDatabaseRunsAsAnOperatorBackupAndIsRecordedWhereItWrites()
      throws Exception {
    application("db", false);
    jobs.backupJob("nightly", "db", "foundationdb");

    jobs.awaitReady(BackupJob.class, "nightly", "FoundationDBClusterNotAvailable");
    assertThat(jobs.status(BackupJob.class, "nightly").driver()).isEqualTo(FoundationDbDriver.NAME);
    assertThat(jobs.owned("FoundationDBBackup", "nightly")).isEmpty();

    databaseAvailable("db");
    GenericKubernetesResource upstream = jobs.awaitOwned("FoundationDBBackup", "nightly");
    assertThat(upstream.getMetadata().getName()).startsWith("nightly-");
    // As written by the driver, with the CRD's defaults.
    assertThat(tree(upstream).path("spec")).isEqualTo(backupSpec("db"));
    jobs.awaitReady(BackupJob.class, "nightly", "BackupRunning");
    assertThat(DriverJobs.ready(jobs.status(BackupJob.class, "nightly").conditions()).message())
        .contains("needsBackupStart=")
        .endsWith("the agents need Secrets [db-blob-credentials] to exist");

    fdb.agentsUp("nightly");

    jobs.awaitPhase(BackupJob.class, "nightly", RunPhase.SUCCEEDED);
    String url =
        "blobstore://"
            + ACCOUNT
            + "/"
            + upstream.getMetadata().getName()
            + "?bucket=fdb-backups&secure_connection=0&bucket_path="
            + namespace
            + "/db";
    assertThat(tree(jobs.operatorObject(upstream)).at("/status/backupDetails/url").asText())
        .isEqualTo(url);
    assertRecorded(jobs.backup("nightly"), upstream.getMetadata().getName(), url);
  }

  /** Backup {@code backup} records operator backup {@code name}, writing at {@code url}. */
  private static void assertRecorded(Backup backup, String name, String url) {
    assertThat(backup.getStatus().artifact().uri()).isEqualTo(url);
    assertThat(backup.getSpec().strategyRef().name()).isEqualTo("s3");
    assertThat(backup.getSpec().driverMetadata())
        .containsEntry("apps.foundationdb.org/backup-name", name)
        .containsEntry("apps.foundationdb.org/backup-namespace", namespace)
        .containsEntry("apps.foundationdb.org/account-name", ACCOUNT)
        .containsEntry("apps.foundationdb.org/bucket", "fdb-backups")
        .containsEntry("apps.foundationdb.org/blob-backup-name", name)
        .containsEntry("apps.foundationdb.org/storage-uri", url);
    JsonNode snapshot = backup.getStatus().underlyingResources();
    assertThat(snapshot.path("kind").asText()).isEqualTo("FoundationDBBackupSnapshot");
    assertThat(snapshot.at("/storage/backupName").asText()).isEqualTo(name);
    assertThat(backup.getMetadata().getFinalizers())
        .containsExactly("foundationdb.services.cozystack.io/cleanup");
  }

  @Test
  void aNewBackupOfTheClusterStopsAndRemovesTheEarlierOneWhoseBackupStillRecordsIt()
      throws Exception {
    application("rotate", true);
    GenericKubernetesResource first = takeBackup("first", "rotate");

    jobs.backupJob("second", "rotate", "foundationdb");
    GenericKubernetesResource second = jobs.awaitOwned("FoundationDBBackup", "second");
    // The first was stopped (the double then reports it so) and deleted before the second existed.
    assertThat(jobs.operatorObject(first)).isNull();
    assertThat(requests)
        .contains(
            "patch apps.foundationdb.org foundationdbbackups in "
                + namespace
                + " named "
                + first.getMetadata().getName());
    fdb.agentsUp("second");

    jobs.awaitPhase(BackupJob.class, "second", RunPhase.SUCCEEDED);
    assertThat(jobs.backup("second").getStatus().artifact().uri())
        .contains("/" + second.getMetadata().getName() + "?");
    assertThat(jobs.backup("first").getSpec().driverMetadata())
        .containsEntry("apps.foundationdb.org/blob-backup-name", first.getMetadata().getName());
  }

  @Test
  void aBackupRestoresInPlaceAndBothGoWithTheirObjects() throws Exception {
    application("src", true);
    GenericKubernetesResource upstream = takeBackup("weekly", "src");

    jobs.restoreJob("in-place", "weekly", null);
    GenericKubernetesResource restore = jobs.awaitOwned("FoundationDBRestore", "in-place");
    assertThat(tree(restore).path("spec"))
        .isEqualTo(
            yaml(
                """
                destinationClusterName: foundationdb-src
                blobStoreConfiguration:
                  accountName: "AKIA@minio.example.org:9000"
                  bucket: fdb-backups
                  backupName: %s
                  urlParameters: [secure_connection=0, bucket_path=%s/src]
                customParameters: [blob_credentials=/var/blob/credentials.json]
                """
                    .formatted(upstream.getMetadata().getName(), namespace)));
    // The cluster's own backup runs agents, so the restore adds none.
    assertThat(jobs.owned("FoundationDBBackup", "in-place")).isEmpty();
    jobs.awaitReady(RestoreJob.class, "in-place", "RestoreRunning");

    fdb.complete("in-place");

    jobs.awaitPhase(RestoreJob.class, "in-place", RunPhase.SUCCEEDED);
    assertThat(DriverJobs.ready(jobs.status(RestoreJob.class, "in-place").conditions()).message())
        .isEqualTo(
            "FoundationDBRestore "
                + namespace
                + "/"
                + restore.getMetadata().getName()
                + " restored Backup weekly ("
                + jobs.backup("weekly").getStatus().artifact().uri()
                + ") in place");

    client.resources(RestoreJob.class).inNamespace(namespace).withName("in-place").delete();
    client.resources(Backup.class).inNamespace(namespace).withName("weekly").delete();
    DriverJobs.awaitGone(() -> jobs.restoreJob("in-place"));
    DriverJobs.awaitGone(
        () -> client.resources(Backup.class).inNamespace(namespace).withName("weekly").get());
    assertThat(jobs.owned("FoundationDBRestore", "in-place")).isEmpty();
    assertThat(jobs.operatorObject(upstream)).isNull();
  }

  @Test
  void aBackupIsRestoredIntoACopyByAgentsTheDriverAddsForTheTimeOfTheRestore() throws Exception {
    application("origin", true);
    GenericKubernetesResource upstream = takeBackup("monthly", "origin");

    jobs.restoreJob("to-copy", "monthly", "copy");
    jobs.awaitReady(RestoreJob.class, "to-copy", "TargetFoundationDBClusterNotReady");
    assertThat(jobs.owned("FoundationDBRestore", "to-copy")).isEmpty();

    application("copy", false);
    GenericKubernetesResource restore = jobs.awaitOwned("FoundationDBRestore", "to-copy");
    assertThat(tree(restore).at("/spec/destinationClusterName").asText())
        .isEqualTo("foundationdb-copy");
    assertThat(tree(restore).at("/spec/blobStoreConfiguration/backupName").asText())
        .isEqualTo(upstream.getMetadata().getName());
    GenericKubernetesResource agents = jobs.awaitOwned("FoundationDBBackup", "to-copy");
    JsonNode spec = tree(agents).path("spec");
    assertThat(spec.path("clusterName").asText()).isEqualTo("foundationdb-copy");
    assertThat(spec.path("backupState").asText()).isEqualTo("Stopped");
    assertThat(spec.at("/podTemplateSpec/spec/volumes/0/secret/secretName").asText())
        .isEqualTo("copy-blob-credentials");
    assertThat(spec.at("/blobStoreConfiguration/backupName").isMissingNode()).isTrue();

    fdb.complete("to-copy");

    jobs.awaitPhase(RestoreJob.class, "to-copy", RunPhase.SUCCEEDED);
    assertThat(DriverJobs.ready(jobs.status(RestoreJob.class, "to-copy").conditions()).message())
        .endsWith(
            " restored Backup monthly ("
                + jobs.backup("monthly").getStatus().artifact().uri()
                + ") into copy");
    assertThat(jobs.owned("FoundationDBBackup", "to-copy")).isEmpty();
  }

  @Test
  void aBadStrategyIsRefusedByTheApiServerOrReportedOnTheJob() throws Exception {
    assertThatThrownBy(
            () ->
                Manifests.apply(
                    client,
                    """
                    apiVersion: strategy.backups.cozystack.io/v1alpha1
                    kind: FoundationDB
                    metadata: {name: inline-secret}
                    spec:
                      template:
                        blobStoreConfiguration: {accountName: "AKIA:secret@minio.example.org"}
                        encryptionKeyPath: /keys/backup.key
                    """))
        .isInstanceOf(KubernetesClientException.class)
        .hasMessageContaining("spec.template.blobStoreConfiguration.accountName")
        .hasMessageContaining("spec.template.encryptionKeyPath");

    application("rendered", true);
    jobs.backupJob("bad-bucket", "rendered", "foundationdb-bad-bucket");

    jobs.awaitPhase(BackupJob.class, "bad-bucket", RunPhase.FAILED);
    assertThat(jobs.status(BackupJob.class, "bad-bucket").message())
        .isEqualTo(
            "FoundationDB strategy s3: template.blobStoreConfiguration.bucket: 'Backups_2026' is"
                + " not an S3 bucket name");
    assertThat(DriverJobs.ready(jobs.status(BackupJob.class, "bad-bucket").conditions()).reason())
        .isEqualTo("InvalidStrategy");
    assertThat(jobs.owned("FoundationDBBackup", "bad-bucket")).isEmpty();
  }

  @Test
  void theChartsOwnBackupOfTheClusterFailsTheJobNamingTheFix() throws Exception {
    application("legacy", true, true);
    jobs.backupJob("legacy-job", "legacy", "foundationdb");

    jobs.awaitPhase(BackupJob.class, "legacy-job", RunPhase.FAILED);
    assertThat(DriverJobs.ready(jobs.status(BackupJob.class, "legacy-job").conditions()).reason())
        .isEqualTo("ConflictingFoundationDBBackup");
    assertThat(jobs.status(BackupJob.class, "legacy-job").message())
        .startsWith("FoundationDBBackup " + namespace + "/foundationdb-legacy-backup also backs up")
        .contains("set backup.enabled to false on FoundationDB application legacy");
    assertThat(jobs.owned("FoundationDBBackup", "legacy-job")).isEmpty();
  }

  // --- the world the driver expects ---

  private static void application(String app, boolean available) throws Exception {
    application(app, available, false);
  }

  /**
   * FoundationDB application {@code app} (with the chart's own backup when {@code chartBackup}),
   * and what its chart renders from the stored values for the operator (the FoundationDBCluster,
   * and the FoundationDBBackup), created or updated as Flux would; with {@code available}, the
   * database reported up.
   */
  private static void application(String app, boolean available, boolean chartBackup)
      throws Exception {
    String backup =
        chartBackup
            ? "{enabled: true, s3: {bucket: fdb-backups, endpoint: 'minio.example.org:9000',"
                + " credentials: {accessKeyId: AKIA, secretAccessKey: secret}}}"
            : "{enabled: false}";
    await()
        .atMost(Duration.ofSeconds(60))
        .ignoreExceptions()
        .until(
            () -> {
              Manifests.apply(
                  client,
                  "apiVersion: apps.cozystack.io/v1alpha1\nkind: FoundationDB\n"
                      + "metadata: {name: %s, namespace: %s}\nspec: {backup: %s}"
                          .formatted(app, namespace, backup));
              return true;
            });
    GenericKubernetesResource stored =
        client
            .genericKubernetesResources("apps.cozystack.io/v1alpha1", "FoundationDB")
            .inNamespace(namespace)
            .withName(app)
            .get();
    @SuppressWarnings("unchecked")
    Map<String, Object> values = (Map<String, Object>) stored.getAdditionalProperties().get("spec");
    for (GenericKubernetesResource object :
        ServiceChart.of(ControlPlane.repoRoot().resolve("catalogs/services/charts/foundationdb"))
            .render(values, "foundationdb-" + app, namespace)) {
      if (object.getApiVersion().equals(FDB)) {
        object.getMetadata().setNamespace(namespace);
        client.resource(object).fieldManager("cozy-e2e-flux").forceConflicts().serverSideApply();
      }
    }
    if (available) {
      databaseAvailable(app);
    }
  }

  /**
   * Reports the database of {@code app} up in its cluster's status, as the operator does once it
   * has brought the cluster's processes up (no kubelet runs them here).
   */
  private static void databaseAvailable(String app) {
    client
        .genericKubernetesResources(FDB, "FoundationDBCluster")
        .inNamespace(namespace)
        .withName("foundationdb-" + app)
        .subresource("status")
        .patch(
            PatchContext.of(PatchType.JSON_MERGE),
            "{\"status\": {\"health\": {\"available\": true, \"healthy\": true}}}");
  }

  /** The spec of the driver's FoundationDBBackup of application {@code app}, as stored. */
  private static JsonNode backupSpec(String app) {
    return yaml(
        """
        clusterName: foundationdb-%s
        version: 7.3.63
        backupState: Running
        allowTagOverride: false
        snapshotPeriodSeconds: 3600
        customParameters: [blob_credentials=/var/blob/credentials.json]
        imageType: split
        podTemplateSpec:
          spec:
            containers:
              - name: foundationdb
                volumeMounts: [{name: blob, mountPath: /var/blob, readOnly: true}]
            volumes:
              - name: blob
                secret: {secretName: %s-blob-credentials}
        blobStoreConfiguration:
          accountName: "AKIA@minio.example.org:9000"
          bucket: fdb-backups
          urlParameters: [secure_connection=0, bucket_path=%s/%s]
        """
            .formatted(app, app, namespace, app));
  }

  /** A recorded backup of {@code app} by BackupJob {@code job}; its operator backup. */
  private static GenericKubernetesResource takeBackup(String job, String app) {
    jobs.backupJob(job, app, "foundationdb");
    GenericKubernetesResource upstream = jobs.awaitOwned("FoundationDBBackup", job);
    fdb.agentsUp(job);
    jobs.awaitPhase(BackupJob.class, job, RunPhase.SUCCEEDED);
    return upstream;
  }

  private static JsonNode tree(Object value) {
    return Serialization.jsonMapper().valueToTree(value);
  }

  private static JsonNode yaml(String text) {
    try {
      return new YAMLMapper().readTree(text);
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}
