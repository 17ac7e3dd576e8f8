package io.cozystack.operator.backups;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The hand-off matrix for one job, without a cluster. */
class DispatchTest {
  private static final Instant NOW = Instant.parse("2026-11-30T12:00:00Z");
  private static final String CNPG = "strategy.backups.cozystack.io/CNPG";

  private static DriverClaims.Resolution owners(Map<String, String> owners, String... conflicts) {
    return new DriverClaims.Resolution(
        owners,
        Map.of(
            "someone",
            new DriverClaims.DriverState(
                DriverClaims.State.CONFLICT, List.of(), List.of(conflicts), "", null)));
  }

  @Test
  void aKindWithALiveOwnerIsDispatchedToIt() {
    var decision = Dispatch.decide(CNPG, owners(Map.of(CNPG, "cnpg-driver")), NOW, NOW);

    assertThat(decision.state()).isEqualTo(Dispatch.State.DISPATCHED);
    assertThat(decision.driver()).isEqualTo("cnpg-driver");
  }

  @Test
  void aHandedOffKindWithoutADriverWaitsNamingTheCatalogThenFails() {
    var waiting = Dispatch.decide(CNPG, owners(Map.of()), NOW.minusSeconds(60), NOW);
    var late = Dispatch.decide(CNPG, owners(Map.of()), NOW.minus(Duration.ofMinutes(31)), NOW);

    assertThat(waiting.state()).isEqualTo(Dispatch.State.AWAITING_DRIVER);
    assertThat(waiting.message()).contains("catalog cozystack.services");
    assertThat(waiting.recheckIn()).isEqualTo(Duration.ofMinutes(29));
    assertThat(late.state()).isEqualTo(Dispatch.State.DRIVER_NOT_INSTALLED);
    assertThat(late.message())
        .contains("did not register within 30m")
        .contains("cozystack.services");
  }

  @Test
  void aKindNobodyDeclaredFailsAtOnce() {
    var decision = Dispatch.decide("strategy.acme.io/Tape", owners(Map.of()), NOW, NOW);

    assertThat(decision.state()).isEqualTo(Dispatch.State.DRIVER_NOT_INSTALLED);
    assertThat(decision.message()).contains("no catalog is known to provide it");
  }

  @Test
  void aContestedKindIsHeldEvenThoughItHasAnOwner() {
    var decision =
        Dispatch.decide(
            CNPG,
            owners(Map.of(CNPG, "early"), CNPG + " is also claimed by late (refused)"),
            NOW,
            NOW);

    assertThat(decision.state()).isEqualTo(Dispatch.State.DRIVER_CONFLICT);
    assertThat(decision.message()).contains("late");
  }
}
