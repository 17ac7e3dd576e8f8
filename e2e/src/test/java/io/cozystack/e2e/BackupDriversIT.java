package io.cozystack.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.cozystack.api.backups.v1alpha1.BackupDriver;
import io.cozystack.api.meta.Condition;
import io.cozystack.api.meta.ConditionStatus;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.api.model.coordination.v1.Lease;
import io.fabric8.kubernetes.api.model.coordination.v1.LeaseBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.nio.file.Path;
import java.time.Duration;
import java.time.ZonedDateTime;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The backup-driver registry on the real API server: ownership, conflict, lapse, takeover. */
@ExtendWith(KubernetesExtension.class)
class BackupDriversIT {
  @Kube static KubernetesClient client;
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
    operator = InProcessOperator.start(kubeconfig);
  }

  @AfterAll
  static void stop() {
    if (operator != null) {
      operator.close();
    }
    // The fake registrations are cluster-wide: leave none to conflict with later classes' drivers.
    Manifests.removeDrivers(
        client, List.of("first-cnpg", "second-cnpg", "short-lived", "never-beat"));
  }

  @Test
  void aSecondClaimIsRefusedThenTheFirstDriverDiesAndTheSecondTakesOver() {
    heartbeat("first-cnpg", ZonedDateTime.now());
    register("first-cnpg", 30, "CNPG");
    awaitReady("first-cnpg", "True");
    heartbeat("second-cnpg", ZonedDateTime.now());
    // Gizmo: a kind no driver of this repository claims, so no other class's driver owns it.
    register("second-cnpg", 30, "CNPG", "Gizmo");

    await()
        .atMost(Duration.ofSeconds(30))
        .until(
            () ->
                condition("first-cnpg", "Conflict")
                    .map(c -> c.status() == ConditionStatus.TRUE)
                    .orElse(false));
    BackupDriver first = get("first-cnpg");
    BackupDriver second = awaitConflict("second-cnpg");
    assertThat(first.getStatus().owned()).containsExactly("strategy.backups.cozystack.io/CNPG");
    assertThat(first.getStatus().conflicts())
        .containsExactly(
            "strategy.backups.cozystack.io/CNPG is also claimed by second-cnpg (refused)");
    assertThat(second.getStatus().owned()).containsExactly("strategy.backups.cozystack.io/Gizmo");
    assertThat(second.getStatus().conflicts())
        .containsExactly("strategy.backups.cozystack.io/CNPG is owned by first-cnpg");

    // The first driver stops renewing: its last heartbeat is older than its lease duration.
    heartbeat("first-cnpg", ZonedDateTime.now().minusMinutes(5));

    await()
        .atMost(Duration.ofSeconds(30))
        .until(
            () ->
                condition("first-cnpg", "Ready")
                    .map(Condition::reason)
                    .orElse("")
                    .equals("Lapsed"));
    await()
        .atMost(Duration.ofSeconds(30))
        .until(
            () ->
                Optional.ofNullable(get("second-cnpg").getStatus().owned())
                    .orElse(List.of())
                    .contains("strategy.backups.cozystack.io/CNPG"));
    assertThat(condition("second-cnpg", "Conflict").get().status())
        .isEqualTo(ConditionStatus.FALSE);
  }

  @Test
  void aClaimLapsesOnTimeWithoutAnyOtherChange() {
    heartbeat("short-lived", ZonedDateTime.now());
    register("short-lived", 3, "Etcd");
    awaitReady("short-lived", "True");

    await()
        .atMost(Duration.ofSeconds(20))
        .until(
            () ->
                condition("short-lived", "Ready")
                    .map(Condition::reason)
                    .orElse("")
                    .equals("Lapsed"));
    assertThat(get("short-lived").getStatus().owned()).isNull();
  }

  @Test
  void aDriverThatNeverBeatIsNotRegistered() {
    register("never-beat", 30, "Altinity");

    await()
        .atMost(Duration.ofSeconds(30))
        .until(
            () ->
                condition("never-beat", "Ready")
                    .map(Condition::message)
                    .orElse("")
                    .contains("does not exist"));
  }

  private static void register(String name, int leaseSeconds, String... kinds) {
    StringBuilder strategies = new StringBuilder();
    for (String kind : kinds) {
      strategies
          .append("{apiGroup: strategy.backups.cozystack.io, kind: ")
          .append(kind)
          .append("},");
    }
    BackupDriver driver =
        Serialization.unmarshal(
            """
            apiVersion: backups.cozystack.io/v1alpha1
            kind: BackupDriver
            metadata: {name: %1$s}
            spec:
              driver: %1$s
              catalog: {name: cozystack.services, version: 0.1.0}
              contractVersion: 1
              strategies: [%2$s]
              leaseDurationSeconds: %3$d
            """
                .formatted(name, strategies, leaseSeconds),
            BackupDriver.class);
    client.resource(driver).fieldManager("cozy-e2e").serverSideApply();
  }

  private static void heartbeat(String driver, ZonedDateTime at) {
    Lease lease =
        new LeaseBuilder()
            .withNewMetadata()
            .withName("backup-driver-" + driver)
            .withNamespace("cozy-system")
            .endMetadata()
            .withNewSpec()
            .withHolderIdentity(driver)
            .withRenewTime(at)
            .endSpec()
            .build();
    client.resource(lease).fieldManager("cozy-e2e").forceConflicts().serverSideApply();
  }

  private static BackupDriver get(String name) {
    return client.resources(BackupDriver.class).withName(name).get();
  }

  private static Optional<Condition> condition(String name, String type) {
    BackupDriver driver = get(name);
    return driver == null || driver.getStatus() == null || driver.getStatus().conditions() == null
        ? Optional.empty()
        : driver.getStatus().conditions().stream().filter(c -> type.equals(c.type())).findFirst();
  }

  private static void awaitReady(String name, String status) {
    await()
        .atMost(Duration.ofSeconds(30))
        .until(
            () ->
                condition(name, "Ready")
                    .map(
                        c -> (c.status() == ConditionStatus.TRUE ? "True" : "False").equals(status))
                    .orElse(false));
  }

  private static BackupDriver awaitConflict(String name) {
    await()
        .atMost(Duration.ofSeconds(30))
        .until(
            () ->
                condition(name, "Conflict")
                    .map(c -> c.status() == ConditionStatus.TRUE)
                    .orElse(false));
    return get(name);
  }
}
