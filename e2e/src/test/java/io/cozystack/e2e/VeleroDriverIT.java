package io.cozystack.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.cozystack.api.backups.v1alpha1.Backup;
import io.cozystack.api.backups.v1alpha1.BackupClass;
import io.cozystack.api.backups.v1alpha1.BackupDriver;
import io.cozystack.api.backups.v1alpha1.BackupJob;
import io.cozystack.api.backups.v1alpha1.BackupsApi;
import io.cozystack.api.backups.v1alpha1.RestoreJob;
import io.cozystack.api.backups.v1alpha1.RunPhase;
import io.cozystack.api.meta.Condition;
import io.cozystack.api.v1alpha1.ApplicationDefinition;
import io.cozystack.catalog.virtualization.backups.velero.VeleroDriver;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.api.model.batch.v1.JobBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentSkipListSet;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The virtualization catalog's Velero driver end to end on the real API server: the platform
 * operator dispatches BackupJobs and RestoreJobs of strategy kind Velero to the driver (running
 * in-process), which creates Velero Backups and Restores in cozy-velero; {@link VeleroDouble} plays
 * Velero by moving them through their phases. The Velero CRDs come with the control plane.
 */
@ExtendWith(KubernetesExtension.class)
class VeleroDriverIT {
  static final String DRIVER = "velero.virtualization.cozystack.io";
  static final String FINALIZER = DRIVER + "/cleanup";
  static final String STRATEGY_CRD =
      "catalogs/virtualization/deploy/backup-drivers/crds/strategy.backups.cozystack.io_veleroes.yaml";

  @Kube static KubernetesClient client;
  @Kube static String namespace;
  @Kube static Path kubeconfig;
  static InProcessOperator operator;
  static InProcessDriver driver;
  static final Set<String> requests = new ConcurrentSkipListSet<>();
  static VeleroDouble velero;

  @BeforeAll
  static void start() throws Exception {
    for (String ns : List.of("cozy-system", VeleroDouble.NAMESPACE)) {
      client
          .namespaces()
          .resource(new NamespaceBuilder().withNewMetadata().withName(ns).endMetadata().build())
          .fieldManager("cozy-e2e")
          .serverSideApply();
    }
    withdrawOtherVeleroClaims();
    installStrategyCrd();
    apply(
        """
        apiVersion: cozystack.io/v1alpha1
        kind: ApplicationDefinition
        metadata: {name: vm-instance}
        spec:
          application: {kind: VMInstance, plural: vminstances, singular: vminstance, openAPISchema: '{"type":"object","properties":{"disks":{"type":"array","items":{"type":"object","properties":{"name":{"type":"string"}}}}}}'}
          release: {prefix: vm-instance-, chartRef: {kind: ExternalArtifact, name: x, namespace: cozy-system}}
        """,
        ApplicationDefinition.class);
    applyGeneric(
        """
        apiVersion: strategy.backups.cozystack.io/v1alpha1
        kind: Velero
        metadata: {name: vms-e2e}
        spec:
          template:
            spec:
              includedNamespaces: ["{{ .Release.Namespace }}"]
              labelSelector:
                matchLabels: {apps.cozystack.io/application.name: "{{ .Application.metadata.name }}"}
              storageLocation: "{{ .Parameters.location }}"
              ttl: 720h0m0s
            restoreSpec:
              existingResourcePolicy: update
              labelSelector:
                matchLabels: {apps.cozystack.io/application.name: "{{ .Release.Name }}"}
        """);
    apply(
        """
        apiVersion: backups.cozystack.io/v1alpha1
        kind: BackupClass
        metadata: {name: velero-e2e}
        spec:
          strategies:
            - {strategyRef: {apiGroup: strategy.backups.cozystack.io, kind: Velero, name: vms-e2e}, application: {kind: VMInstance}, parameters: {location: s3-east}}
        """,
        BackupClass.class);
    operator = InProcessOperator.start(kubeconfig);
    driver = InProcessDriver.start(kubeconfig, new VeleroDriver(), requests);
    velero = new VeleroDouble(client);
    Manifests.awaitOwned(client, DRIVER, "strategy.backups.cozystack.io/Velero");
    await()
        .atMost(Duration.ofSeconds(30))
        .ignoreExceptions()
        .until(
            () -> {
              applyGeneric(
                  """
                  apiVersion: apps.cozystack.io/v1alpha1
                  kind: VMInstance
                  metadata: {name: vm1, namespace: %s}
                  spec: {disks: [{name: vm1-root}]}
                  """
                      .formatted(namespace));
              return true;
            });
  }

  @AfterAll
  static void stop() {
    if (driver != null) {
      driver.close();
    }
    if (operator != null) {
      operator.close();
    }
    // The virtualization chart grants every request the driver made, and no more is needed.
    DriverRbac.assertAllowed("virtualization", List.of("velero"), requests);
    assertThat(requests)
        .anyMatch(r -> r.startsWith("create velero.io backups in cozy-velero"))
        .anyMatch(r -> r.startsWith("create velero.io deletebackuprequests in cozy-velero"));
  }

  @Test
  void aBackupBecomesAVeleroBackupAndIsRecordedWhenVeleroCompletes() throws Exception {
    backupJob("nightly");

    GenericKubernetesResource vb = velero.awaitOwned("Backup", namespace, "nightly");
    String name = vb.getMetadata().getName();
    assertThat(name).startsWith(namespace + ".nightly-");
    assertThat(vb.getMetadata().getLabels())
        .containsEntry(BackupsApi.OWNED_BY_BACKUP_JOB_NAME, "nightly")
        .containsEntry(BackupsApi.OWNED_BY_BACKUP_JOB_NAMESPACE, namespace);
    JsonNode spec = Serialization.jsonMapper().valueToTree(VeleroDouble.spec(vb));
    assertThat(spec.path("includedNamespaces").toString()).isEqualTo("[\"" + namespace + "\"]");
    // The strategy's labelSelector became the first of orLabelSelectors, then one per disk.
    assertThat(spec.has("labelSelector")).isFalse();
    assertThat(
            spec.path("orLabelSelectors")
                .get(0)
                .path("matchLabels")
                .path("apps.cozystack.io/application.name")
                .asText())
        .isEqualTo("vm1");
    assertThat(spec.path("orLabelSelectors").get(1).path("matchLabels").toString())
        .contains("\"apps.cozystack.io/application.kind\":\"VMDisk\"")
        .contains("\"apps.cozystack.io/application.name\":\"vm1-root\"");
    assertThat(spec.path("storageLocation").asText()).isEqualTo("s3-east");
    assertThat(spec.path("ttl").asText()).isEqualTo("720h0m0s");
    JsonNode underlying =
        Serialization.jsonMapper()
            .readTree(
                vb.getMetadata().getAnnotations().get("backups.cozystack.io/underlying-resources"));
    assertThat(underlying.path("kind").asText()).isEqualTo("VMInstanceSnapshot");
    assertThat(awaitReady(BackupJob.class, "nightly", "VeleroBackupInProgress").message())
        .isEqualTo("Velero Backup cozy-velero/" + name + " is not picked up by Velero yet");

    velero.phase("Backup", name, "InProgress");
    assertThat(awaitReady(BackupJob.class, "nightly", "VeleroBackupInProgress").message())
        .isEqualTo("Velero Backup cozy-velero/" + name + " is InProgress");
    assertThat(backupJob("nightly", j -> true).getStatus().phase()).isEqualTo(RunPhase.RUNNING);

    velero.phase("Backup", name, "Completed");

    BackupJob done = backupJob("nightly", j -> j.getStatus().phase() == RunPhase.SUCCEEDED);
    assertThat(done.getStatus().backupRef().name()).isEqualTo("nightly");
    Backup backup = client.resources(Backup.class).inNamespace(namespace).withName("nightly").get();
    assertThat(backup.getStatus().artifact().uri()).isEqualTo("velero://cozy-velero/" + name);
    assertThat(backup.getSpec().driverMetadata())
        .containsEntry("velero.io/backup-name", name)
        .containsEntry("velero.io/backup-namespace", "cozy-velero");
    assertThat(backup.getSpec().strategyRef().name()).isEqualTo("vms-e2e");
    assertThat(backup.getStatus().underlyingResources()).isEqualTo(underlying);
    assertThat(backup.getMetadata().getFinalizers()).contains(FINALIZER);
    assertThat(velero.owned("Backup", namespace, "nightly")).hasSize(1);
  }

  @Test
  void aVeleroBackupThatFailsValidationFailsTheJobWithItsErrors() {
    backupJob("invalid");
    String name = velero.awaitOwned("Backup", namespace, "invalid").getMetadata().getName();

    velero.status(
        "Backup",
        name,
        Map.of(
            "phase",
            "FailedValidation",
            "validationErrors",
            List.of("an existing backup storage location wasn't specified")));

    BackupJob failed = backupJob("invalid", j -> j.getStatus().phase() == RunPhase.FAILED);
    assertThat(failed.getStatus().message())
        .isEqualTo(
            "Velero Backup cozy-velero/"
                + name
                + " ended in phase FailedValidation: an existing backup storage location wasn't"
                + " specified");
    assertThat(client.resources(Backup.class).inNamespace(namespace).withName("invalid").get())
        .isNull();
  }

  @Test
  void aCopyRestoreBecomesAVeleroRestoreOfTheBackupAndSucceedsWhenVeleroCompletes() {
    String veleroBackup = completedBackup("for-copy");
    String target = namespace + "-copy";
    client
        .namespaces()
        .resource(new NamespaceBuilder().withNewMetadata().withName(target).endMetadata().build())
        .create();
    restoreJob("copy", "for-copy", "{targetNamespace: " + target + "}");

    GenericKubernetesResource vr = velero.awaitOwned("Restore", namespace, "copy");
    assertThat(vr.getMetadata().getName()).startsWith(namespace + ".copy-");
    JsonNode spec = Serialization.jsonMapper().valueToTree(VeleroDouble.spec(vr));
    assertThat(spec.path("backupName").asText()).isEqualTo(veleroBackup);
    assertThat(spec.path("namespaceMapping").path(namespace).asText()).isEqualTo(target);
    assertThat(spec.path("existingResourcePolicy").asText()).isEqualTo("update");
    assertThat(
            spec.path("labelSelector")
                .path("matchLabels")
                .path("apps.cozystack.io/application.name")
                .asText())
        .isEqualTo("vm1");
    RestoreJob running =
        restoreJob("copy", j -> j.getStatus() != null && j.getStatus().phase() == RunPhase.RUNNING);
    assertThat(running.getMetadata().getFinalizers()).contains(FINALIZER);

    velero.phase("Restore", vr.getMetadata().getName(), "Completed");

    restoreJob("copy", j -> j.getStatus().phase() == RunPhase.SUCCEEDED);
    assertThat(velero.owned("Restore", namespace, "copy")).hasSize(1);
  }

  @Test
  void aCopyRestoreIntoAMissingNamespaceFailsWithoutAVeleroRestore() {
    completedBackup("for-nowhere");
    restoreJob("nowhere", "for-nowhere", "{targetNamespace: " + namespace + "-absent}");

    RestoreJob failed =
        restoreJob(
            "nowhere", j -> j.getStatus() != null && j.getStatus().phase() == RunPhase.FAILED);
    assertThat(failed.getStatus().message())
        .isEqualTo("target namespace " + namespace + "-absent of the copy restore does not exist");
    assertThat(velero.owned("Restore", namespace, "nowhere")).isEmpty();
  }

  @Test
  void aCopyRestoreOverAnExistingApplicationFailsUnlessAllowed() {
    completedBackup("for-taken");
    String target = namespace + "-taken";
    Manifests.namespace(client, target);
    applyGeneric(
        """
        apiVersion: apps.cozystack.io/v1alpha1
        kind: VMInstance
        metadata: {name: vm1, namespace: %s}
        spec: {}
        """
            .formatted(target));

    restoreJob("taken", "for-taken", "{targetNamespace: " + target + "}");
    RestoreJob failed =
        restoreJob("taken", j -> j.getStatus() != null && j.getStatus().phase() == RunPhase.FAILED);
    assertThat(failed.getStatus().message())
        .startsWith("VMInstance " + target + "/vm1 already exists")
        .contains("failIfTargetExists: false");
    assertThat(velero.owned("Restore", namespace, "taken")).isEmpty();

    restoreJob(
        "taken-anyway",
        "for-taken",
        "{targetNamespace: " + target + ", failIfTargetExists: false}");
    assertThat(velero.awaitOwned("Restore", namespace, "taken-anyway")).isNotNull();
  }

  @Test
  void deletingARestoreJobRemovesOnlyItsOwnVeleroRestore() {
    completedBackup("for-undo");
    restoreJob("undo", "for-undo", null);
    String mine = velero.awaitOwned("Restore", namespace, "undo").getMetadata().getName();
    // What must survive: another RestoreJob's Velero Restore, a Velero Restore of a job of the
    // same name in another namespace, other drivers' ConfigMaps (one even labelled for this job)
    // and another driver's batch Job carrying the same owned-by label keys.
    String otherJob = veleroRestore("undo-other", namespace);
    String otherNamespace = veleroRestore("undo", namespace + "-elsewhere");
    configMap("restore-modifiers-" + namespace + "-undo", "undo");
    configMap("other-driver-" + namespace + "-undo", "undo");
    configMap("other-driver-" + namespace + "-job", "other-job");
    batchJob("other-driver-job", "other-job");
    velero.phase("Restore", mine, "Completed");
    RestoreJob done = restoreJob("undo", j -> j.getStatus().phase() == RunPhase.SUCCEEDED);
    assertThat(done.getMetadata().getFinalizers()).contains(FINALIZER);

    client.resources(RestoreJob.class).inNamespace(namespace).withName("undo").delete();

    await()
        .atMost(Duration.ofSeconds(30))
        .until(
            () ->
                client.resources(RestoreJob.class).inNamespace(namespace).withName("undo").get()
                    == null);
    assertThat(velero.get("Restore", mine)).isNull();
    assertThat(configMap("restore-modifiers-" + namespace + "-undo")).isEmpty();
    assertThat(velero.get("Restore", otherJob)).isNotNull();
    assertThat(velero.get("Restore", otherNamespace)).isNotNull();
    assertThat(configMap("other-driver-" + namespace + "-undo")).isPresent();
    assertThat(configMap("other-driver-" + namespace + "-job")).isPresent();
    assertThat(client.batch().v1().jobs().inNamespace(namespace).withName("other-driver-job").get())
        .isNotNull();
  }

  @Test
  void deletingABackupAsksVeleroToDeleteItsVeleroBackup() {
    String veleroBackup = completedBackup("to-delete");
    Backup backup =
        client.resources(Backup.class).inNamespace(namespace).withName("to-delete").get();
    assertThat(backup.getMetadata().getFinalizers()).contains(FINALIZER);
    assertThat(velero.deleteRequestsFor(veleroBackup)).isEmpty();

    client.resources(Backup.class).inNamespace(namespace).withName("to-delete").delete();

    await()
        .atMost(Duration.ofSeconds(30))
        .until(
            () ->
                client.resources(Backup.class).inNamespace(namespace).withName("to-delete").get()
                    == null);
    List<GenericKubernetesResource> requests = velero.deleteRequestsFor(veleroBackup);
    assertThat(requests).hasSize(1);
    assertThat(requests.get(0).getMetadata().getName()).startsWith(veleroBackup + "-");
    // Velero, not the driver, deletes its Backup (and the data) when it processes the request.
    assertThat(velero.get("Backup", veleroBackup)).isNotNull();
  }

  /** Runs a BackupJob through Velero Completed; returns the Velero Backup's name. */
  private static String completedBackup(String job) {
    backupJob(job);
    String name = velero.awaitOwned("Backup", namespace, job).getMetadata().getName();
    velero.phase("Backup", name, "Completed");
    backupJob(job, j -> j.getStatus().phase() == RunPhase.SUCCEEDED);
    return name;
  }

  /** Another job's Velero Restore (labelled for {@code job} in {@code jobNamespace}); its name. */
  private static String veleroRestore(String job, String jobNamespace) {
    GenericKubernetesResource restore = new GenericKubernetesResource();
    restore.setApiVersion(VeleroDouble.API_VERSION);
    restore.setKind("Restore");
    restore.setMetadata(
        new ObjectMetaBuilder()
            .withGenerateName("decoy-")
            .withNamespace(VeleroDouble.NAMESPACE)
            .withLabels(ownerLabels(job, jobNamespace))
            .build());
    restore.setAdditionalProperty("spec", Map.of("backupName", "someone-elses"));
    return client.resource(restore).create().getMetadata().getName();
  }

  private static void configMap(String name, String job) {
    client
        .configMaps()
        .resource(
            new ConfigMapBuilder()
                .withNewMetadata()
                .withName(name)
                .withNamespace(VeleroDouble.NAMESPACE)
                .withLabels(ownerLabels(job, namespace))
                .endMetadata()
                .withData(Map.of("k", "v"))
                .build())
        .create();
  }

  private static Optional<ConfigMap> configMap(String name) {
    return Optional.ofNullable(
        client.configMaps().inNamespace(VeleroDouble.NAMESPACE).withName(name).get());
  }

  private static void batchJob(String name, String job) {
    Job batch =
        new JobBuilder()
            .withNewMetadata()
            .withName(name)
            .withNamespace(namespace)
            .withLabels(ownerLabels(job, namespace))
            .endMetadata()
            .withNewSpec()
            .withNewTemplate()
            .withNewSpec()
            .withRestartPolicy("Never")
            .addNewContainer()
            .withName("main")
            .withImage("registry.example/other:1")
            .endContainer()
            .endSpec()
            .endTemplate()
            .endSpec()
            .build();
    client.resource(batch).create();
  }

  private static Map<String, String> ownerLabels(String job, String jobNamespace) {
    return Map.of(
        BackupsApi.OWNED_BY_BACKUP_JOB_NAME, job,
        BackupsApi.OWNED_BY_BACKUP_JOB_NAMESPACE, jobNamespace);
  }

  private static void backupJob(String name) {
    apply(
        """
        apiVersion: backups.cozystack.io/v1alpha1
        kind: BackupJob
        metadata: {name: %s, namespace: %s}
        spec:
          applicationRef: {kind: VMInstance, name: vm1}
          backupClassName: velero-e2e
        """
            .formatted(name, namespace),
        BackupJob.class);
  }

  private static BackupJob backupJob(
      String name, java.util.function.Predicate<BackupJob> condition) {
    return await()
        .atMost(Duration.ofSeconds(30))
        .until(
            () -> client.resources(BackupJob.class).inNamespace(namespace).withName(name).get(),
            j -> j != null && j.getStatus() != null && condition.test(j));
  }

  private static void restoreJob(String name, String backup, String options) {
    apply(
        """
        apiVersion: backups.cozystack.io/v1alpha1
        kind: RestoreJob
        metadata: {name: %s, namespace: %s}
        spec:
          backupRef: {name: %s}
        %s"""
            .formatted(
                name, namespace, backup, options == null ? "" : "  options: " + options + "\n"),
        RestoreJob.class);
  }

  private static RestoreJob restoreJob(
      String name, java.util.function.Predicate<RestoreJob> condition) {
    return await()
        .atMost(Duration.ofSeconds(30))
        .until(
            () -> client.resources(RestoreJob.class).inNamespace(namespace).withName(name).get(),
            j -> j != null && j.getStatus() != null && condition.test(j));
  }

  /** The job's Ready condition once its reason is {@code reason}. */
  private static <T extends HasMetadata> Condition awaitReady(
      Class<T> type, String name, String reason) {
    return await()
        .atMost(Duration.ofSeconds(30))
        .until(
            () -> ready(client.resources(type).inNamespace(namespace).withName(name).get()),
            c -> c.isPresent() && reason.equals(c.get().reason()))
        .get();
  }

  private static Optional<Condition> ready(HasMetadata job) {
    List<Condition> conditions =
        job instanceof BackupJob b && b.getStatus() != null
            ? b.getStatus().conditions()
            : job instanceof RestoreJob r && r.getStatus() != null
                ? r.getStatus().conditions()
                : null;
    return conditions == null
        ? Optional.empty()
        : conditions.stream().filter(c -> "Ready".equals(c.type())).findFirst();
  }

  /**
   * A driver that claims the Velero kind left over by another test class (BackupDispatchIT
   * registers a fake one with a 10-minute lease) would conflict with this one: withdraw it.
   */
  private static void withdrawOtherVeleroClaims() {
    for (BackupDriver other : client.resources(BackupDriver.class).list().getItems()) {
      boolean claimsVelero =
          other.getSpec() != null
              && other.getSpec().strategies() != null
              && other.getSpec().strategies().stream()
                  .anyMatch(
                      s ->
                          "strategy.backups.cozystack.io".equals(s.apiGroup())
                              && "Velero".equals(s.kind()));
      if (claimsVelero && !DRIVER.equals(other.getMetadata().getName())) {
        client.resource(other).delete();
      }
    }
  }

  private static void installStrategyCrd() throws Exception {
    Manifests.crd(client, STRATEGY_CRD);
  }

  private static void applyGeneric(String yaml) {
    client
        .resource(Serialization.unmarshal(yaml, GenericKubernetesResource.class))
        .fieldManager("cozy-e2e")
        .serverSideApply();
  }

  private static <T extends HasMetadata> void apply(String yaml, Class<T> type) {
    client
        .resource(Serialization.unmarshal(yaml, type))
        .fieldManager("cozy-e2e")
        .forceConflicts()
        .serverSideApply();
  }
}
