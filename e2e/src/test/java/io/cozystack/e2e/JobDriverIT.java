package io.cozystack.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.cozystack.api.backups.v1alpha1.Backup;
import io.cozystack.api.backups.v1alpha1.BackupJob;
import io.cozystack.api.backups.v1alpha1.RunPhase;
import io.cozystack.api.v1alpha1.ApplicationDefinition;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.api.model.batch.v1.JobConditionBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.nio.file.Path;
import java.time.Duration;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A backup and its restore end to end through the platform's Job driver, on the real API server. No
 * kubelet or job controller runs here, so the test plays the batch Job controller: it marks the run
 * complete.
 */
@ExtendWith(KubernetesExtension.class)
class JobDriverIT {
  @Kube static KubernetesClient client;
  @Kube static String namespace;
  @Kube static Path kubeconfig;
  static InProcessOperator operator;

  @BeforeAll
  static void start() throws Exception {
    Manifests.namespace(client, "cozy-system");
    apply(
        """
        apiVersion: cozystack.io/v1alpha1
        kind: ApplicationDefinition
        metadata: {name: dumpable}
        spec:
          application: {kind: Dumpable, plural: dumpables, singular: dumpable, openAPISchema: '{"type":"object","properties":{}}'}
          release: {prefix: dumpable-, chartRef: {kind: ExternalArtifact, name: x, namespace: cozy-system}}
        """,
        ApplicationDefinition.class);
    apply(
        """
        apiVersion: strategy.backups.cozystack.io/v1alpha1
        kind: Job
        metadata: {name: dump}
        spec:
          template:
            spec:
              containers:
                - name: dump
                  image: registry.example/dump:1
                  args: ["{{ .Mode }}", "s3://{{ .Parameters.bucket }}/{{ .Release.Namespace }}/{{ .Release.Name }}"]
        """,
        io.cozystack.api.backups.strategy.v1alpha1.Job.class);
    apply(
        """
        apiVersion: strategy.backups.cozystack.io/v1alpha1
        kind: Job
        metadata: {name: fancy}
        spec:
          template:
            spec:
              containers: [{name: dump, image: "{{ include \\"image\\" . }}"}]
        """,
        io.cozystack.api.backups.strategy.v1alpha1.Job.class);
    apply(
        """
        apiVersion: backups.cozystack.io/v1alpha1
        kind: BackupClass
        metadata: {name: jobs}
        spec:
          strategies:
            - {strategyRef: {apiGroup: strategy.backups.cozystack.io, kind: Job, name: dump}, application: {kind: Dumpable}, parameters: {bucket: b1}}
        """,
        io.cozystack.api.backups.v1alpha1.BackupClass.class);
    apply(
        """
        apiVersion: backups.cozystack.io/v1alpha1
        kind: BackupClass
        metadata: {name: fancy-jobs}
        spec:
          strategies:
            - {strategyRef: {apiGroup: strategy.backups.cozystack.io, kind: Job, name: fancy}, application: {kind: Dumpable}}
        """,
        io.cozystack.api.backups.v1alpha1.BackupClass.class);
    operator = InProcessOperator.start(kubeconfig);
    Manifests.awaitOwned(client, "job.platform.cozystack.io", "strategy.backups.cozystack.io/Job");
    await()
        .atMost(Duration.ofSeconds(30))
        .ignoreExceptions()
        .until(
            () -> {
              GenericKubernetesResource app = new GenericKubernetesResource();
              app.setApiVersion("apps.cozystack.io/v1alpha1");
              app.setKind("Dumpable");
              app.setMetadata(
                  new io.fabric8.kubernetes.api.model.ObjectMetaBuilder()
                      .withName("db")
                      .withNamespace(namespace)
                      .build());
              app.setAdditionalProperty("spec", Map.of());
              client.resource(app).fieldManager("cozy-e2e").serverSideApply();
              return true;
            });
  }

  @AfterAll
  static void stop() {
    if (operator != null) {
      operator.close();
    }
  }

  @Test
  void aBackupRunsAsABatchJobAndIsRecordedWhenItCompletes() {
    backupJob("nightly", "jobs");

    Job run =
        await()
            .atMost(Duration.ofSeconds(30))
            .until(
                () ->
                    client
                        .batch()
                        .v1()
                        .jobs()
                        .inNamespace(namespace)
                        .withName("nightly-backup")
                        .get(),
                j -> j != null);
    assertThat(run.getSpec().getTemplate().getSpec().getContainers().get(0).getArgs())
        .containsExactly("backup", "s3://b1/" + namespace + "/db");
    assertThat(run.getMetadata().getLabels())
        .containsEntry("backups.cozystack.io/owned-by.BackupJobName", "nightly");
    assertThat(job("nightly").getStatus().phase()).isEqualTo(RunPhase.RUNNING);

    complete(run);

    await()
        .atMost(Duration.ofSeconds(30))
        .until(() -> job("nightly").getStatus().phase() == RunPhase.SUCCEEDED);
    BackupJob done = job("nightly");
    assertThat(done.getStatus().backupRef().name()).isEqualTo("nightly");
    assertThat(done.getStatus().completedAt()).isNotNull();
    // Done means done: Ready=True and nothing still claims to be reconciling (kstatus reads both).
    assertThat(done.getStatus().conditions())
        .noneMatch(c -> c.type().equals("Reconciling") && c.status().toString().equals("TRUE"));
    Backup backup = client.resources(Backup.class).inNamespace(namespace).withName("nightly").get();
    assertThat(backup.getSpec().strategyRef().name()).isEqualTo("dump");
    assertThat(backup.getSpec().driverMetadata())
        .containsEntry("job.strategy.backups.cozystack.io/parameter/bucket", "b1");

    // Restore it: same strategy in restore mode, the parameters the Backup recorded.
    apply(
        """
        apiVersion: backups.cozystack.io/v1alpha1
        kind: RestoreJob
        metadata: {name: back, namespace: %s}
        spec: {backupRef: {name: nightly}}
        """
            .formatted(namespace),
        io.cozystack.api.backups.v1alpha1.RestoreJob.class);
    Job restore =
        await()
            .atMost(Duration.ofSeconds(30))
            .until(
                () ->
                    client
                        .batch()
                        .v1()
                        .jobs()
                        .inNamespace(namespace)
                        .withName("back-restore")
                        .get(),
                j -> j != null);
    assertThat(restore.getSpec().getTemplate().getSpec().getContainers().get(0).getArgs())
        .containsExactly("restore", "s3://b1/" + namespace + "/db");
    complete(restore);
    await()
        .atMost(Duration.ofSeconds(30))
        .until(
            () ->
                client
                        .resources(io.cozystack.api.backups.v1alpha1.RestoreJob.class)
                        .inNamespace(namespace)
                        .withName("back")
                        .get()
                        .getStatus()
                        .phase()
                    == RunPhase.SUCCEEDED);
  }

  @Test
  void cozystacksFinalizersOnJobBackupsAndRestoresAreReleasedByThePlatformsJobDriver() {
    apply(
        """
        apiVersion: backups.cozystack.io/v1alpha1
        kind: Backup
        metadata: {name: legacy, namespace: %s, finalizers: [backups.cozystack.io/cleanup]}
        spec:
          applicationRef: {apiGroup: apps.cozystack.io, kind: Dumpable, name: db}
          strategyRef: {apiGroup: strategy.backups.cozystack.io, kind: Job, name: dump}
          takenAt: "2026-01-01T00:00:00Z"
        """
            .formatted(namespace),
        Backup.class);
    apply(
        """
        apiVersion: backups.cozystack.io/v1alpha1
        kind: RestoreJob
        metadata: {name: legacy-restore, namespace: %s, finalizers: [backups.cozystack.io/cleanup]}
        spec: {backupRef: {name: legacy}}
        """
            .formatted(namespace),
        io.cozystack.api.backups.v1alpha1.RestoreJob.class);

    client
        .resources(io.cozystack.api.backups.v1alpha1.RestoreJob.class)
        .inNamespace(namespace)
        .withName("legacy-restore")
        .delete();
    await()
        .atMost(Duration.ofSeconds(30))
        .until(
            () ->
                client
                        .resources(io.cozystack.api.backups.v1alpha1.RestoreJob.class)
                        .inNamespace(namespace)
                        .withName("legacy-restore")
                        .get()
                    == null);
    client.resources(Backup.class).inNamespace(namespace).withName("legacy").delete();
    await()
        .atMost(Duration.ofSeconds(30))
        .until(
            () ->
                client.resources(Backup.class).inNamespace(namespace).withName("legacy").get()
                    == null);
  }

  @Test
  void aBackupWhoseDriverIsAbsentWaitsAndSaysWhichCatalogToInstall() {
    apply(
        """
        apiVersion: backups.cozystack.io/v1alpha1
        kind: Backup
        metadata: {name: orphan, namespace: %s, finalizers: [backups.cozystack.io/cleanup]}
        spec:
          applicationRef: {apiGroup: apps.cozystack.io, kind: FoundationDB, name: fdb}
          strategyRef: {apiGroup: strategy.backups.cozystack.io, kind: FoundationDB, name: f}
          takenAt: "2026-01-01T00:00:00Z"
        """
            .formatted(namespace),
        Backup.class);

    client.resources(Backup.class).inNamespace(namespace).withName("orphan").delete();

    var event =
        await()
            .atMost(Duration.ofSeconds(30))
            .until(
                () ->
                    client.v1().events().inNamespace(namespace).list().getItems().stream()
                        .filter(e -> "CleanupAwaitsDriver".equals(e.getReason()))
                        .filter(e -> "orphan".equals(e.getInvolvedObject().getName()))
                        .findFirst(),
                java.util.Optional::isPresent)
            .get();
    assertThat(event.getMessage()).contains("FoundationDB", "cozystack.services");
    // Nobody removed Cozystack's finalizer: the Backup waits.
    assertThat(client.resources(Backup.class).inNamespace(namespace).withName("orphan").get())
        .isNotNull();
    client
        .resources(Backup.class)
        .inNamespace(namespace)
        .withName("orphan")
        .edit(
            b -> {
              b.getMetadata().setFinalizers(java.util.List.of());
              return b;
            });
  }

  @Test
  void aTemplateTheDriverCannotRenderFailsTheJobNamingTheField() {
    backupJob("fancy", "fancy-jobs");

    await()
        .atMost(Duration.ofSeconds(30))
        .until(
            () ->
                job("fancy").getStatus() != null
                    && job("fancy").getStatus().phase() == RunPhase.FAILED);
    assertThat(job("fancy").getStatus().message())
        .contains("template.spec.containers[0].image")
        .contains("unsupported template expression");
    assertThat(client.batch().v1().jobs().inNamespace(namespace).withName("fancy-backup").get())
        .isNull();
  }

  /** What the batch Job controller would write when the pod succeeds. */
  private static void complete(Job run) {
    String now = ZonedDateTime.now().format(DateTimeFormatter.ISO_OFFSET_DATE_TIME);
    client
        .batch()
        .v1()
        .jobs()
        .inNamespace(namespace)
        .withName(run.getMetadata().getName())
        .editStatus(
            j -> {
              j.getStatus().setStartTime(now);
              j.getStatus().setCompletionTime(now);
              j.getStatus().setSucceeded(1);
              j.getStatus()
                  .setConditions(
                      List.of(
                          new JobConditionBuilder()
                              .withType("SuccessCriteriaMet")
                              .withStatus("True")
                              .withLastTransitionTime(now)
                              .build(),
                          new JobConditionBuilder()
                              .withType("Complete")
                              .withStatus("True")
                              .withLastTransitionTime(now)
                              .build()));
              return j;
            });
  }

  private static BackupJob job(String name) {
    return client.resources(BackupJob.class).inNamespace(namespace).withName(name).get();
  }

  private static void backupJob(String name, String backupClass) {
    apply(
        """
        apiVersion: backups.cozystack.io/v1alpha1
        kind: BackupJob
        metadata: {name: %s, namespace: %s}
        spec:
          applicationRef: {kind: Dumpable, name: db}
          backupClassName: %s
        """
            .formatted(name, namespace, backupClass),
        BackupJob.class);
  }

  private static <T extends HasMetadata> void apply(String yaml, Class<T> type) {
    client.resource(Serialization.unmarshal(yaml, type)).fieldManager("cozy-e2e").serverSideApply();
  }
}
