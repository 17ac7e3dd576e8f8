package io.cozystack.operator.backups;

import static org.assertj.core.api.Assertions.assertThat;

import io.cozystack.api.backups.v1alpha1.BackupDriver;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The ownership matrix of strategy kinds, without a cluster. */
class DriverClaimsTest {
  private static final Instant NOW = Instant.parse("2026-11-30T12:00:00Z");

  private static BackupDriver driver(String name, String created, int contract, String... kinds) {
    StringBuilder strategies = new StringBuilder();
    for (String kind : kinds) {
      strategies
          .append("{apiGroup: strategy.backups.cozystack.io, kind: ")
          .append(kind)
          .append("},");
    }
    return Serialization.unmarshal(
        """
        apiVersion: backups.cozystack.io/v1alpha1
        kind: BackupDriver
        metadata: {name: %1$s, creationTimestamp: "%2$s"}
        spec:
          driver: %1$s
          catalog: {name: c, version: 1.0.0}
          contractVersion: %3$d
          strategies: [%4$s]
          leaseDurationSeconds: 30
        """
            .formatted(name, created, contract, strategies),
        BackupDriver.class);
  }

  @Test
  void aLiveDriverOwnsItsKinds() {
    var resolution =
        DriverClaims.resolve(
            List.of(driver("cnpg", "2026-11-01T00:00:00Z", 1, "CNPG", "MariaDB")),
            Map.of("cnpg", NOW.minusSeconds(5)),
            NOW);

    assertThat(resolution.owners())
        .containsEntry("strategy.backups.cozystack.io/CNPG", "cnpg")
        .containsEntry("strategy.backups.cozystack.io/MariaDB", "cnpg");
    assertThat(resolution.drivers().get("cnpg").state()).isEqualTo(DriverClaims.State.REGISTERED);
    assertThat(resolution.drivers().get("cnpg").lapsesAt()).isEqualTo(NOW.plusSeconds(25));
  }

  @Test
  void aSecondClaimIsRefusedAndBothReportTheConflict() {
    var resolution =
        DriverClaims.resolve(
            List.of(
                driver("late", "2026-11-02T00:00:00Z", 1, "CNPG", "MongoDB"),
                driver("early", "2026-11-01T00:00:00Z", 1, "CNPG")),
            Map.of("late", NOW, "early", NOW),
            NOW);

    assertThat(resolution.owners())
        .containsEntry("strategy.backups.cozystack.io/CNPG", "early")
        .containsEntry("strategy.backups.cozystack.io/MongoDB", "late");
    assertThat(resolution.drivers().get("early").state()).isEqualTo(DriverClaims.State.CONFLICT);
    assertThat(resolution.drivers().get("early").conflicts())
        .containsExactly("strategy.backups.cozystack.io/CNPG is also claimed by late (refused)");
    assertThat(resolution.drivers().get("late").conflicts())
        .containsExactly("strategy.backups.cozystack.io/CNPG is owned by early");
    assertThat(resolution.drivers().get("late").owned())
        .containsExactly("strategy.backups.cozystack.io/MongoDB");
  }

  @Test
  void aDeadDriversClaimLapsesAndTheNextClaimantTakesOver() {
    var drivers =
        List.of(
            driver("old", "2026-11-01T00:00:00Z", 1, "CNPG"),
            driver("new", "2026-11-02T00:00:00Z", 1, "CNPG"));

    var resolution =
        DriverClaims.resolve(drivers, Map.of("old", NOW.minusSeconds(31), "new", NOW), NOW);

    assertThat(resolution.owners()).containsEntry("strategy.backups.cozystack.io/CNPG", "new");
    assertThat(resolution.drivers().get("old").state()).isEqualTo(DriverClaims.State.LAPSED);
    assertThat(resolution.drivers().get("old").message()).contains("its claims lapsed");
    assertThat(resolution.drivers().get("new").conflicts()).isEmpty();
  }

  @Test
  void aDriverWithoutAHeartbeatOrOutsideTheContractWindowOwnsNothing() {
    var resolution =
        DriverClaims.resolve(
            List.of(
                driver("silent", "2026-11-01T00:00:00Z", 1, "CNPG"),
                driver("future", "2026-11-01T00:00:00Z", 4, "Velero")),
            Map.of("future", NOW),
            NOW);

    assertThat(resolution.owners()).isEmpty();
    assertThat(resolution.drivers().get("silent").message())
        .contains("Lease cozy-system/backup-driver-silent does not exist");
    assertThat(resolution.drivers().get("future").state())
        .isEqualTo(DriverClaims.State.UNSUPPORTED_CONTRACT);
  }

  @Test
  void aDriverUpgradedWithinTheWindowKeepsItsKinds() {
    var resolution =
        DriverClaims.resolve(
            List.of(driver("cnpg", "2026-11-01T00:00:00Z", 2, "CNPG")), Map.of("cnpg", NOW), NOW);

    assertThat(resolution.owners()).containsEntry("strategy.backups.cozystack.io/CNPG", "cnpg");
  }
}
