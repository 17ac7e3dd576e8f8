package io.cozystack.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.cozystack.api.Contracts;
import io.cozystack.api.backups.driver.DriverRegistrationSpec;
import io.cozystack.api.backups.v1alpha1.Backup;
import io.cozystack.api.backups.v1alpha1.BackupDriver;
import io.cozystack.api.backups.v1alpha1.BackupJob;
import io.cozystack.api.backups.v1alpha1.RestoreJob;
import io.cozystack.api.backups.v1alpha1.RunPhase;
import io.cozystack.api.meta.Condition;
import io.cozystack.catalog.services.backups.cnpg.CnpgDriver;
import io.cozystack.contracts.driver.BackupRun;
import io.cozystack.contracts.driver.Progress;
import io.cozystack.contracts.driver.RestoreRun;
import io.cozystack.contracts.driver.StrategyDriver;
import io.cozystack.contracts.driver.WatchedKind;
import io.cozystack.contracts.validation.ChartRender;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
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
 * A Postgres backup and a copy restore end to end through the services catalog's CNPG driver, on
 * the real API server with CNPG's real CRDs. The CNPG operator does not run: {@link CnpgDouble}
 * writes its status, and the test renders the Postgres chart (with the real Helm) where Flux would,
 * to re-create the restored Cluster.
 */
@ExtendWith(KubernetesExtension.class)
class CnpgDriverIT {
  static final Path SERVICES = Path.of("../catalogs/services");
  @Kube static KubernetesClient client;
  @Kube static String namespace;
  @Kube static Path kubeconfig;
  static InProcessOperator operator;
  static InProcessDriver driver;
  static CnpgDouble cnpg;

  /** Every request the driver (and its upgraded build) made, as RBAC sees it. */
  static final Set<String> requests = new ConcurrentSkipListSet<>();

  @BeforeAll
  static void start() throws Exception {
    cnpg = new CnpgDouble(client);
    Manifests.namespace(client, "cozy-system");
    Manifests.crd(
        client,
        "catalogs/services/deploy/backup-drivers/crds/strategy.backups.cozystack.io_cnpgs.yaml");
    applyFile(SERVICES.resolve("charts/postgres-rd/cozyrds/postgres.yaml"));
    apply(
        """
        apiVersion: strategy.backups.cozystack.io/v1alpha1
        kind: CNPG
        metadata: {name: cnpg-default}
        spec:
          template:
            barmanObjectStore:
              destinationPath: "s3://backups/{{ .Application.metadata.namespace }}/{{ .Application.metadata.name }}"
              endpointURL: https://s3.example
              s3Credentials: {secretRef: {name: "{{ .Parameters.credentials }}"}}
              retentionPolicy: 30d
        ---
        apiVersion: backups.cozystack.io/v1alpha1
        kind: BackupClass
        metadata: {name: postgres-cnpg}
        spec:
          strategies:
            - application: {kind: Postgres}
              strategyRef: {apiGroup: strategy.backups.cozystack.io, kind: CNPG, name: cnpg-default}
              parameters: {credentials: pg-backup-creds}
        """);
    operator = InProcessOperator.start(kubeconfig);
    driver = InProcessDriver.start(kubeconfig, new CnpgDriver(), requests);
    awaitOwned(Contracts.VERSION);
    for (String app : List.of("src", "dst")) {
      await()
          .atMost(Duration.ofSeconds(60))
          .ignoreExceptions()
          .until(
              () -> {
                apply(
                    "apiVersion: apps.cozystack.io/v1alpha1\nkind: Postgres\n"
                        + "metadata: {name: %s, namespace: %s}\nspec: {replicas: 1}"
                            .formatted(app, namespace));
                return true;
              });
      cnpg.createCluster(
          namespace, "postgres-" + app, Map.of("instances", 1, "storage", Map.of("size", "1Gi")));
      cnpg.markHealthy(namespace, "postgres-" + app);
    }
  }

  @AfterAll
  static void stop() {
    if (driver != null) {
      driver.close();
    }
    if (operator != null) {
      operator.close();
    }
    // The services chart, rendered for this driver alone, grants every request it made.
    DriverRbac.assertAllowed("services", List.of("cnpg"), requests);
    assertThat(requests)
        .anyMatch(r -> r.startsWith("create postgresql.cnpg.io backups in "))
        .anyMatch(r -> r.startsWith("deletecollection  persistentvolumeclaims in "))
        .anyMatch(r -> r.startsWith("patch apps.cozystack.io postgreses in "))
        .anyMatch(r -> r.startsWith("patch coordination.k8s.io leases in cozy-system "));
  }

  @Test
  void aBackupAndACopyRestoreRunThroughCnpg() throws Exception {
    apply(backupJob("nightly"));
    GenericKubernetesResource upstream = awaitCnpgBackup("nightly");
    assertThat(upstream.getAdditionalProperties().get("spec"))
        .isEqualTo(
            Map.of("method", "barmanObjectStore", "cluster", Map.of("name", "postgres-src")));
    Map<?, ?> store = clusterBackupStore("postgres-src");
    assertThat(store.get("destinationPath")).isEqualTo("s3://backups/" + namespace + "/src");
    assertThat(store.get("serverName")).isEqualTo("postgres-src");
    assertThat(store.get("s3Credentials").toString()).contains("pg-backup-creds");
    await()
        .atMost(Duration.ofSeconds(30))
        .until(() -> readyReason(backupJob()).equals("CNPGBackupRunning"));

    cnpg.completeBackup(namespace, upstream.getMetadata().getName());

    await()
        .atMost(Duration.ofSeconds(30))
        .until(() -> job("nightly").getStatus().phase() == RunPhase.SUCCEEDED);
    Backup backup = client.resources(Backup.class).inNamespace(namespace).withName("nightly").get();
    assertThat(backup.getSpec().strategyRef().kind()).isEqualTo("CNPG");
    assertThat(backup.getSpec().driverMetadata())
        .containsEntry("cnpg.io/server-name", "postgres-src")
        .containsEntry("cnpg.io/backup-name", upstream.getMetadata().getName());
    assertThat(backup.getStatus().artifact().uri())
        .isEqualTo("cnpg://postgres-src/" + upstream.getMetadata().getName());
    assertThat(backup.getMetadata().getFinalizers()).containsExactly(CnpgDriver.NAME + "/cleanup");

    restoreIntoDst();
  }

  /**
   * The copy restore: dst is purged, its chart re-renders it in recovery mode, CNPG recovers it.
   */
  private void restoreIntoDst() throws Exception {
    GenericKubernetesResource release = helmRelease("postgres-dst");
    apply(
        """
        apiVersion: backups.cozystack.io/v1alpha1
        kind: RestoreJob
        metadata: {name: to-dst, namespace: %s}
        spec:
          backupRef: {name: nightly}
          targetApplicationRef: {apiGroup: apps.cozystack.io, kind: Postgres, name: dst}
          options: {recoveryTime: "2026-08-01T10:03:30Z"}
        """
            .formatted(namespace));
    await()
        .atMost(Duration.ofSeconds(30))
        .until(() -> readyReason(restore("to-dst")).equals("ClusterPurged"));
    assertThat(cluster("postgres-dst")).isNull();
    GenericKubernetesResource dst = postgres("dst");
    assertThat(dst.getAdditionalProperties().get("spec").toString())
        .contains("oldName=postgres-src", "recoveryTime=2026-08-01T10:03:30Z", "enabled=true");
    assertThat(helmRelease("postgres-dst").getAdditionalProperties().get("spec").toString())
        .doesNotContain("suspend=true");
    assertThat(release.getMetadata().getResourceVersion())
        .isNotEqualTo(helmRelease("postgres-dst").getMetadata().getResourceVersion());

    renderClusterFromChart("dst");
    await()
        .atMost(Duration.ofSeconds(30))
        .until(() -> readyReason(restore("to-dst")).equals("RecoveryRunning"));
    cnpg.markHealthy(namespace, "postgres-dst");

    await()
        .atMost(Duration.ofSeconds(30))
        .until(() -> restore("to-dst").getStatus().phase() == RunPhase.SUCCEEDED);
    assertThat(readyReason(restore("to-dst"))).isEqualTo("RestoreCompleted");
    assertThat(cluster("postgres-src")).isNotNull();
  }

  @Test
  void aDriverRestartedMidRestoreResumesWithoutPurgingTwice() throws Exception {
    apply(
        "apiVersion: apps.cozystack.io/v1alpha1\nkind: Postgres\n"
            + "metadata: {name: third, namespace: %s}\nspec: {replicas: 1}".formatted(namespace));
    cnpg.createCluster(
        namespace, "postgres-third", Map.of("instances", 1, "storage", Map.of("size", "1Gi")));
    apply(backupJob("third-nightly", "third"));
    cnpg.completeBackup(namespace, awaitCnpgBackup("third-nightly").getMetadata().getName());
    await()
        .atMost(Duration.ofSeconds(30))
        .until(() -> job("third-nightly").getStatus().phase() == RunPhase.SUCCEEDED);

    apply(
        """
        apiVersion: backups.cozystack.io/v1alpha1
        kind: RestoreJob
        metadata: {name: in-place, namespace: %s}
        spec: {backupRef: {name: third-nightly}}
        """
            .formatted(namespace));
    await()
        .atMost(Duration.ofSeconds(30))
        .until(() -> readyReason(restore("in-place")).equals("ClusterPurged"));

    driver.close();
    driver = InProcessDriver.start(kubeconfig, new CnpgDriver(), requests);
    renderClusterFromChart("third");
    String recovered = cluster("postgres-third").getMetadata().getUid();
    await()
        .atMost(Duration.ofSeconds(30))
        .until(() -> readyReason(restore("in-place")).equals("RecoveryRunning"));
    cnpg.markHealthy(namespace, "postgres-third");

    await()
        .atMost(Duration.ofSeconds(30))
        .until(() -> restore("in-place").getStatus().phase() == RunPhase.SUCCEEDED);
    // The restarted driver saw the step was done (the marker on the app): the recovered Cluster is
    // the one the chart created, not purged again.
    assertThat(cluster("postgres-third").getMetadata().getUid()).isEqualTo(recovered);
    assertThat(postgres("third").getAdditionalProperties().get("spec").toString())
        .contains("oldName=postgres-third");
  }

  @Test
  void aDriverUpgradedWithinTheContractWindowFinishesItsPredecessorsJob() throws Exception {
    apply(backupJob("before-upgrade"));
    GenericKubernetesResource upstream = awaitCnpgBackup("before-upgrade");

    driver.close();
    driver = InProcessDriver.start(kubeconfig, new Upgraded(new CnpgDriver()), requests);
    awaitOwned(Contracts.VERSION + 1);
    cnpg.completeBackup(namespace, upstream.getMetadata().getName());

    await()
        .atMost(Duration.ofSeconds(30))
        .until(() -> job("before-upgrade").getStatus().phase() == RunPhase.SUCCEEDED);
    assertThat(job("before-upgrade").getStatus().driver()).isEqualTo(CnpgDriver.NAME);
    // The new build observed the upstream Backup its predecessor started; it did not start another.
    assertThat(awaitCnpgBackup("before-upgrade").getMetadata().getName())
        .isEqualTo(upstream.getMetadata().getName());
  }

  @Test
  void aRestoreWithAMisspelledOptionFailsNamingIt() {
    apply(
        """
        apiVersion: backups.cozystack.io/v1alpha1
        kind: Backup
        metadata: {name: handmade, namespace: %1$s}
        spec:
          applicationRef: {apiGroup: apps.cozystack.io, kind: Postgres, name: src}
          strategyRef: {apiGroup: strategy.backups.cozystack.io, kind: CNPG, name: cnpg-default}
          takenAt: "2026-08-01T10:03:55Z"
          driverMetadata: {cnpg.io/server-name: postgres-src, cnpg.io/destination-path: "s3://backups/x"}
        ---
        apiVersion: backups.cozystack.io/v1alpha1
        kind: RestoreJob
        metadata: {name: typo, namespace: %1$s}
        spec:
          backupRef: {name: handmade}
          options: {recoverytime: "2026-08-01T10:02:00Z"}
        """
            .formatted(namespace));
    await()
        .atMost(Duration.ofSeconds(30))
        .until(
            () ->
                restore("typo").getStatus() != null
                    && restore("typo").getStatus().phase() == RunPhase.FAILED);
    assertThat(readyReason(restore("typo"))).isEqualTo("InvalidOptions");
    assertThat(restore("typo").getStatus().message()).contains("spec.options.recoverytime");
    assertThat(cluster("postgres-src")).isNotNull();
  }

  @Test
  void deletingABackupFromBeforeTheSplitDeletesItsCnpgBackupAndReleasesCozystacksFinalizer() {
    GenericKubernetesResource upstream = new GenericKubernetesResource();
    upstream.setApiVersion("postgresql.cnpg.io/v1");
    upstream.setKind("Backup");
    upstream.setMetadata(
        new io.fabric8.kubernetes.api.model.ObjectMetaBuilder()
            .withName("old-x1")
            .withNamespace(namespace)
            .build());
    upstream.setAdditionalProperty("spec", Map.of("cluster", Map.of("name", "postgres-src")));
    client
        .genericKubernetesResources(CnpgDouble.BACKUP)
        .inNamespace(namespace)
        .resource(upstream)
        .create();
    apply(
        """
        apiVersion: backups.cozystack.io/v1alpha1
        kind: Backup
        metadata: {name: old, namespace: %s, finalizers: [backups.cozystack.io/cleanup]}
        spec:
          applicationRef: {apiGroup: apps.cozystack.io, kind: Postgres, name: src}
          strategyRef: {apiGroup: strategy.backups.cozystack.io, kind: CNPG, name: cnpg-default}
          takenAt: "2026-01-01T00:00:00Z"
          driverMetadata: {cnpg.io/backup-name: old-x1}
        """
            .formatted(namespace));

    client.resources(Backup.class).inNamespace(namespace).withName("old").delete();

    await()
        .atMost(Duration.ofSeconds(30))
        .until(
            () ->
                client.resources(Backup.class).inNamespace(namespace).withName("old").get()
                    == null);
    assertThat(
            client
                .genericKubernetesResources(CnpgDouble.BACKUP)
                .inNamespace(namespace)
                .withName("old-x1")
                .get())
        .isNull();
  }

  /** The same CNPG driver, as a later build: contract N+1, catalog 0.2.0. */
  record Upgraded(CnpgDriver inner) implements StrategyDriver {
    @Override
    public DriverRegistrationSpec registration() {
      DriverRegistrationSpec r = inner.registration();
      return new DriverRegistrationSpec(
          r.driver(),
          new DriverRegistrationSpec.CatalogRef(r.catalog().name(), "0.2.0"),
          Contracts.VERSION + 1,
          r.strategies(),
          r.leaseDurationSeconds());
    }

    @Override
    public Progress backup(BackupRun run) {
      return inner.backup(run);
    }

    @Override
    public Progress restore(RestoreRun run) {
      return inner.restore(run);
    }

    @Override
    public List<WatchedKind> watches() {
      return inner.watches();
    }

    @Override
    public boolean cleansUpBackups() {
      return inner.cleansUpBackups();
    }

    @Override
    public void cleanUpBackup(KubernetesClient client, Backup backup) {
      inner.cleanUpBackup(client, backup);
    }
  }

  private static void awaitOwned(int contractVersion) {
    await()
        .atMost(Duration.ofSeconds(60))
        .ignoreExceptions()
        .until(
            () -> {
              BackupDriver d = client.resources(BackupDriver.class).withName(CnpgDriver.NAME).get();
              return d.getSpec().contractVersion() == contractVersion
                  && d.getStatus().owned().contains("strategy.backups.cozystack.io/CNPG");
            });
  }

  /** Renders the Postgres chart from the app's values, as Flux would, and creates its Cluster. */
  private static void renderClusterFromChart(String app) throws Exception {
    @SuppressWarnings("unchecked")
    Map<String, Object> values =
        (Map<String, Object>) postgres(app).getAdditionalProperties().get("spec");
    Path work = Files.createTempDirectory("postgres-chart");
    String manifests = ChartRender.manifests(SERVICES.resolve("charts/postgres"), work, values);
    HasMetadata rendered =
        client
            .load(new ByteArrayInputStream(manifests.getBytes(StandardCharsets.UTF_8)))
            .items()
            .stream()
            .filter(o -> "Cluster".equals(o.getKind()))
            .findFirst()
            .orElseThrow();
    @SuppressWarnings("unchecked")
    Map<String, Object> spec =
        (Map<String, Object>)
            ((GenericKubernetesResource) rendered).getAdditionalProperties().get("spec");
    assertThat(spec.toString()).contains("recovery");
    cnpg.createCluster(namespace, "postgres-" + app, spec);
  }

  private static GenericKubernetesResource awaitCnpgBackup(String job) {
    return await()
        .atMost(Duration.ofSeconds(30))
        .until(
            () ->
                client
                    .genericKubernetesResources(CnpgDouble.BACKUP)
                    .inNamespace(namespace)
                    .withLabel("backups.cozystack.io/owned-by.BackupJobName", job)
                    .list()
                    .getItems(),
            l -> l.size() == 1)
        .get(0);
  }

  private static Map<?, ?> clusterBackupStore(String name) {
    Map<?, ?> spec = (Map<?, ?>) cluster(name).getAdditionalProperties().get("spec");
    return (Map<?, ?>) ((Map<?, ?>) spec.get("backup")).get("barmanObjectStore");
  }

  private static GenericKubernetesResource cluster(String name) {
    return client
        .genericKubernetesResources(CnpgDouble.CLUSTER)
        .inNamespace(namespace)
        .withName(name)
        .get();
  }

  private static GenericKubernetesResource postgres(String name) {
    return client
        .genericKubernetesResources("apps.cozystack.io/v1alpha1", "Postgres")
        .inNamespace(namespace)
        .withName(name)
        .get();
  }

  /** The release the operator rendered for an app, or a stand-in the test creates if it did not. */
  private static GenericKubernetesResource helmRelease(String name) {
    var releases =
        client
            .genericKubernetesResources("helm.toolkit.fluxcd.io/v2", "HelmRelease")
            .inNamespace(namespace);
    GenericKubernetesResource live = releases.withName(name).get();
    if (live != null) {
      return live;
    }
    apply(
        """
        apiVersion: helm.toolkit.fluxcd.io/v2
        kind: HelmRelease
        metadata: {name: %s, namespace: %s}
        spec: {interval: 1h, chartRef: {kind: ExternalArtifact, name: postgres, namespace: cozy-system}}
        """
            .formatted(name, namespace));
    return releases.withName(name).get();
  }

  private static BackupJob job(String name) {
    return client.resources(BackupJob.class).inNamespace(namespace).withName(name).get();
  }

  private static BackupJob backupJob() {
    return job("nightly");
  }

  private static RestoreJob restore(String name) {
    return client.resources(RestoreJob.class).inNamespace(namespace).withName(name).get();
  }

  private static String readyReason(HasMetadata job) {
    List<Condition> conditions =
        job instanceof BackupJob b
            ? (b.getStatus() == null ? null : b.getStatus().conditions())
            : (((RestoreJob) job).getStatus() == null
                ? null
                : ((RestoreJob) job).getStatus().conditions());
    return conditions == null
        ? ""
        : conditions.stream()
            .filter(c -> "Ready".equals(c.type()))
            .map(Condition::reason)
            .findFirst()
            .orElse("");
  }

  private static String backupJob(String name) {
    return backupJob(name, "src");
  }

  private static String backupJob(String name, String app) {
    return """
        apiVersion: backups.cozystack.io/v1alpha1
        kind: BackupJob
        metadata: {name: %s, namespace: %s}
        spec:
          applicationRef: {apiGroup: apps.cozystack.io, kind: Postgres, name: %s}
          backupClassName: postgres-cnpg
        """
        .formatted(name, namespace, app);
  }

  private static void applyFile(Path file) throws Exception {
    Manifests.applyFile(client, file);
  }

  private static void apply(String yaml) {
    Manifests.apply(client, yaml);
  }
}
