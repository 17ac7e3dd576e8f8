package io.cozystack.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.cozystack.api.backups.v1alpha1.Backup;
import io.cozystack.api.backups.v1alpha1.BackupClass;
import io.cozystack.api.backups.v1alpha1.BackupDriver;
import io.cozystack.api.backups.v1alpha1.BackupJob;
import io.cozystack.api.backups.v1alpha1.RestoreJob;
import io.cozystack.api.backups.v1alpha1.RunPhase;
import io.cozystack.api.meta.Condition;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.api.model.coordination.v1.LeaseBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.nio.file.Path;
import java.time.Duration;
import java.time.ZonedDateTime;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** BackupJob and RestoreJob dispatch through the driver registry, on the real API server. */
@ExtendWith(KubernetesExtension.class)
class BackupDispatchIT {
  @Kube static KubernetesClient client;
  @Kube static String namespace;
  @Kube static Path kubeconfig;
  static InProcessOperator operator;

  @BeforeAll
  static void start() throws Exception {
    client
        .namespaces()
        .resource(
            new NamespaceBuilder().withNewMetadata().withName("cozy-system").endMetadata().build())
        .fieldManager("cozy-e2e")
        .serverSideApply();
    apply(
        """
        apiVersion: backups.cozystack.io/v1alpha1
        kind: BackupClass
        metadata: {name: dispatch}
        spec:
          strategies:
            - {strategyRef: {apiGroup: strategy.backups.cozystack.io, kind: MariaDB, name: m}, application: {kind: MariaDB}}
            - {strategyRef: {apiGroup: strategy.backups.cozystack.io, kind: MongoDB, name: m}, application: {kind: MongoDB}}
            - {strategyRef: {apiGroup: strategy.acme.io, kind: Tape, name: t}, application: {kind: Legacy}}
        """,
        BackupClass.class);
    operator = InProcessOperator.start(kubeconfig);
  }

  @AfterAll
  static void stop() {
    if (operator != null) {
      operator.close();
    }
    // The fake registrations are cluster-wide: leave none to conflict with later classes' drivers.
    Manifests.removeDrivers(
        client, List.of("mariadb-driver", "velero-driver", "mongo-a", "mongo-b"));
  }

  @Test
  void aHandedOffKindWaitsNamingTheCatalogUntilItsDriverRegisters() {
    backupJob("maria-1", "MariaDB", "dispatch");

    BackupJob waiting = awaitReason(BackupJob.class, "maria-1", "AwaitingDriver");
    assertThat(waiting.getStatus().phase()).isEqualTo(RunPhase.PENDING);
    assertThat(message(waiting.getStatus().conditions())).contains("catalog cozystack.services");

    register("mariadb-driver", "MariaDB");
    BackupJob dispatched = awaitReason(BackupJob.class, "maria-1", "Dispatched");
    assertThat(dispatched.getStatus().driver()).isEqualTo("mariadb-driver");
  }

  @Test
  void aKindNobodyDeclaredFailsWithDriverNotInstalled() {
    backupJob("legacy-1", "Legacy", "dispatch");

    BackupJob failed = awaitReason(BackupJob.class, "legacy-1", "DriverNotInstalled");
    assertThat(failed.getStatus().phase()).isEqualTo(RunPhase.FAILED);
    assertThat(failed.getStatus().message()).contains("strategy.acme.io/Tape");
  }

  @Test
  void aMissingBackupClassWaitsAndAnUnroutedKindFails() {
    backupJob("early", "MariaDB", "not-yet");
    backupJob("unrouted", "Redis", "dispatch");

    assertThat(awaitReason(BackupJob.class, "early", "BackupClassNotFound").getStatus().phase())
        .isEqualTo(RunPhase.PENDING);
    assertThat(awaitReason(BackupJob.class, "unrouted", "NoMatchingStrategy").getStatus().message())
        .contains("apps.cozystack.io/Redis");
  }

  @Test
  void aRestoreJobIsDispatchedByItsBackupsStrategyLikeABackupJob() {
    backup("vm-backup", "Velero");
    restoreJob("vm-restore", "vm-backup");

    RestoreJob waiting = awaitReason(RestoreJob.class, "vm-restore", "AwaitingDriver");
    assertThat(message(waiting.getStatus().conditions()))
        .contains("catalog cozystack.virtualization");

    register("velero-driver", "Velero");
    assertThat(awaitReason(RestoreJob.class, "vm-restore", "Dispatched").getStatus().driver())
        .isEqualTo("velero-driver");
  }

  @Test
  void aContestedKindHoldsNewJobsAndATakenJobIsNeverRewritten() {
    register("mongo-a", "MongoDB");
    backupJob("mongo-1", "MongoDB", "dispatch");
    awaitReason(BackupJob.class, "mongo-1", "Dispatched");
    // The driver takes the job: from now on only it writes the job's status.
    BackupJob taken =
        client.resources(BackupJob.class).inNamespace(namespace).withName("mongo-1").get();
    taken.getStatus();
    client
        .resources(BackupJob.class)
        .inNamespace(namespace)
        .withName("mongo-1")
        .editStatus(
            j -> {
              j.setStatus(
                  new io.cozystack.api.backups.v1alpha1.BackupJobStatus(
                      j.getStatus().observedGeneration(),
                      RunPhase.RUNNING,
                      null,
                      "2026-11-30T12:00:00Z",
                      null,
                      null,
                      j.getStatus().driver(),
                      j.getStatus().conditions()));
              return j;
            });

    register("mongo-b", "MongoDB");
    backupJob("mongo-2", "MongoDB", "dispatch");

    assertThat(
            message(
                awaitReason(BackupJob.class, "mongo-2", "DriverConflict").getStatus().conditions()))
        .contains("mongo-b");
    assertThat(
            client
                .resources(BackupJob.class)
                .inNamespace(namespace)
                .withName("mongo-1")
                .get()
                .getStatus()
                .phase())
        .isEqualTo(RunPhase.RUNNING);
  }

  private static void register(String driver, String kind) {
    client
        .resource(
            new LeaseBuilder()
                .withNewMetadata()
                .withName("backup-driver-" + driver)
                .withNamespace("cozy-system")
                .endMetadata()
                .withNewSpec()
                .withHolderIdentity(driver)
                .withRenewTime(ZonedDateTime.now())
                .endSpec()
                .build())
        .fieldManager("cozy-e2e")
        .forceConflicts()
        .serverSideApply();
    apply(
        """
        apiVersion: backups.cozystack.io/v1alpha1
        kind: BackupDriver
        metadata: {name: %1$s}
        spec:
          driver: %1$s
          catalog: {name: test, version: 1.0.0}
          contractVersion: 1
          strategies: [{apiGroup: strategy.backups.cozystack.io, kind: %2$s}]
          leaseDurationSeconds: 600
        """
            .formatted(driver, kind),
        BackupDriver.class);
  }

  private static void backupJob(String name, String appKind, String backupClass) {
    apply(
        """
        apiVersion: backups.cozystack.io/v1alpha1
        kind: BackupJob
        metadata: {name: %s, namespace: %s}
        spec:
          applicationRef: {kind: %s, name: app}
          backupClassName: %s
        """
            .formatted(name, namespace, appKind, backupClass),
        BackupJob.class);
  }

  private static void backup(String name, String strategyKind) {
    apply(
        """
        apiVersion: backups.cozystack.io/v1alpha1
        kind: Backup
        metadata: {name: %s, namespace: %s}
        spec:
          applicationRef: {apiGroup: apps.cozystack.io, kind: VMInstance, name: vm}
          strategyRef: {apiGroup: strategy.backups.cozystack.io, kind: %s, name: v}
          takenAt: "2026-11-29T00:00:00Z"
        """
            .formatted(name, namespace, strategyKind),
        Backup.class);
  }

  private static void restoreJob(String name, String backup) {
    apply(
        """
        apiVersion: backups.cozystack.io/v1alpha1
        kind: RestoreJob
        metadata: {name: %s, namespace: %s}
        spec:
          backupRef: {name: %s}
        """
            .formatted(name, namespace, backup),
        RestoreJob.class);
  }

  private static <T extends HasMetadata> void apply(String yaml, Class<T> type) {
    client.resource(Serialization.unmarshal(yaml, type)).fieldManager("cozy-e2e").serverSideApply();
  }

  private static <T extends HasMetadata> T awaitReason(Class<T> type, String name, String reason) {
    Function<T, List<Condition>> conditions =
        o ->
            o instanceof BackupJob j
                ? (j.getStatus() == null ? null : j.getStatus().conditions())
                : ((RestoreJob) o).getStatus() == null
                    ? null
                    : ((RestoreJob) o).getStatus().conditions();
    return await()
        .atMost(Duration.ofSeconds(30))
        .until(
            () -> client.resources(type).inNamespace(namespace).withName(name).get(),
            o ->
                o != null
                    && conditions.apply(o) != null
                    && conditions.apply(o).stream()
                        .anyMatch(c -> c.type().equals("Dispatched") && reason.equals(c.reason())));
  }

  private static String message(List<Condition> conditions) {
    return conditions.stream()
        .filter(c -> c.type().equals("Dispatched"))
        .map(Condition::message)
        .findFirst()
        .orElse("");
  }
}
