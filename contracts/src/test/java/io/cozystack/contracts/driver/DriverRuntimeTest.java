package io.cozystack.contracts.driver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cozystack.api.Contracts;
import io.cozystack.api.backups.driver.DriverRegistrationSpec;
import io.cozystack.api.backups.v1alpha1.BackupsApi;
import io.cozystack.api.meta.Condition;
import io.cozystack.api.meta.ConditionStatus;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The runtime's pure rules: registration checks, process arguments, owner labels, conditions. */
class DriverRuntimeTest {
  static DriverRegistrationSpec registration(
      Integer contract, List<DriverRegistrationSpec.StrategyKind> kinds) {
    return new DriverRegistrationSpec(
        "cnpg.services.cozystack.io",
        new DriverRegistrationSpec.CatalogRef("cozystack.services", "0.1.0"),
        contract,
        kinds,
        null);
  }

  static final List<DriverRegistrationSpec.StrategyKind> CNPG =
      List.of(new DriverRegistrationSpec.StrategyKind("strategy.backups.cozystack.io", "CNPG"));

  @Test
  void aRegistrationOutsideTheContractWindowOrClaimingNothingIsRefusedByField() {
    assertThat(DriverRuntime.validate(registration(Contracts.VERSION + 1, CNPG))).isNotNull();
    assertThatThrownBy(() -> DriverRuntime.validate(registration(Contracts.VERSION + 2, CNPG)))
        .hasMessageStartingWith("registration.contractVersion");
    assertThatThrownBy(() -> DriverRuntime.validate(registration(Contracts.VERSION, List.of())))
        .hasMessageStartingWith("registration.strategies");
  }

  @Test
  void processArgumentsPickDriversByNameAndLeaderElection() {
    Set<String> known = Set.of("cnpg", "mariadb");
    Map<String, String> env = Map.of();
    DriverProcess.Options all = DriverProcess.parse(new String[] {}, known, env);
    assertThat(all.drivers()).containsExactlyInAnyOrder("cnpg", "mariadb");
    assertThat(all.leaderElect()).isFalse();
    assertThat(all.leaseNamespace()).isEqualTo("cozy-system");
    DriverProcess.Options one =
        DriverProcess.parse(
            new String[] {"--driver", "cnpg", "--leader-elect"},
            known,
            Map.of("POD_NAMESPACE", "drivers"));
    assertThat(one.drivers()).containsExactly("cnpg");
    assertThat(one.leaderElect()).isTrue();
    assertThat(one.leaseNamespace()).isEqualTo("drivers");
    assertThat(DriverLeadership.leaseName(List.of("mariadb", "cnpg")))
        .isEqualTo(DriverLeadership.leaseName(List.of("cnpg", "mariadb")))
        .isEqualTo("backup-drivers-cnpg-mariadb-leader");
    assertThat(one.leaseName()).isEqualTo("backup-drivers-cnpg-leader");
    assertThat(
            DriverProcess.parse(
                    new String[] {"--leader-election-lease=services-backup-drivers-leader"},
                    known,
                    env)
                .leaseName())
        .as("a deployment names its Lease once, whatever drivers it runs")
        .isEqualTo("services-backup-drivers-leader");
    assertThatThrownBy(
            () ->
                DriverProcess.parse(new String[] {"--leader-election-lease=Bad_Name"}, known, env))
        .hasMessageStartingWith("--leader-election-lease=Bad_Name: a Lease name");
    assertThatThrownBy(() -> DriverProcess.parse(new String[] {"--driver", "velero"}, known, env))
        .hasMessageContaining("--driver velero: unknown driver");
    assertThatThrownBy(() -> DriverProcess.parse(new String[] {"--drivers"}, known, env))
        .hasMessageStartingWith("usage:");
  }

  @Test
  void anUpstreamObjectNamesItsJobByItsOwnerLabels() {
    GenericKubernetesResource labelled = new GenericKubernetesResource();
    labelled.setMetadata(
        new ObjectMetaBuilder()
            .withLabels(
                Map.of(
                    BackupsApi.OWNED_BY_BACKUP_JOB_NAME, "nightly",
                    BackupsApi.OWNED_BY_BACKUP_JOB_NAMESPACE, "tenant-a"))
            .build());
    assertThat(WatchedKind.fromOwnerLabels(labelled))
        .contains(new WatchedKind.JobKey("tenant-a", "nightly"));
    GenericKubernetesResource stray = new GenericKubernetesResource();
    stray.setMetadata(new ObjectMetaBuilder().withLabels(Map.of("app", "x")).build());
    assertThat(WatchedKind.fromOwnerLabels(stray)).isEmpty();
  }

  @Test
  void conditionsKeepThePlatformsAndTheirTransitionTimes() {
    Instant t0 = Instant.parse("2026-11-30T10:00:00Z");
    Condition dispatched =
        new Condition(
            "Dispatched", ConditionStatus.TRUE, 1L, "2026-11-30T09:00:00Z", "Dispatched", "to x");
    List<Condition> working = RunConditions.working(List.of(dispatched), "Started", "took", 1, t0);
    List<Condition> still =
        RunConditions.working(working, "Running", "half way", 1, t0.plusSeconds(60));
    assertThat(RunConditions.find(still, "Ready").orElseThrow().lastTransitionTime())
        .isEqualTo(t0.toString());
    assertThat(RunConditions.find(still, "Dispatched")).contains(dispatched);

    List<Condition> failed =
        RunConditions.failed(still, "BackupFailed", "s3 down", 1, t0.plusSeconds(90));
    assertThat(RunConditions.find(failed, "Reconciling")).isEmpty();
    assertThat(RunConditions.find(failed, "Stalled").orElseThrow().status())
        .isEqualTo(ConditionStatus.TRUE);
    assertThat(RunConditions.readySays(failed, "BackupFailed", "s3 down")).isTrue();

    List<Condition> done =
        RunConditions.done(still, "BackupCompleted", "ok", 1, t0.plusSeconds(90));
    assertThat(RunConditions.find(done, "Ready").orElseThrow().status())
        .isEqualTo(ConditionStatus.TRUE);
    assertThat(RunConditions.find(done, "Reconciling")).isEmpty();
  }
}
