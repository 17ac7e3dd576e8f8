package io.cozystack.catalog.services.backups.mongodb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cozystack.catalog.services.backups.Json;
import io.cozystack.catalog.services.backups.upstream.SpecProblem;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** A RestoreJob's options: a point in time and a timeout, nothing else. */
class RestoreOptionsTest {

  @Test
  void noOptionsRestoreTheBackupAsTakenWithinHalfAnHour() throws Exception {
    assertThat(RestoreOptions.parse(Json.yaml("{}")))
        .isEqualTo(new RestoreOptions(null, Duration.ofMinutes(30)));
    assertThat(RestoreOptions.parse(null)).isEqualTo(RestoreOptions.parse(Json.yaml("{}")));
  }

  @Test
  void theRecoveryTimeBecomesTheOperatorsUtcDate() throws Exception {
    RestoreOptions o =
        RestoreOptions.parse(
            Json.yaml("{recoveryTime: '2026-08-01T12:02:03+02:00', restoreTimeoutSeconds: 7200}"));

    assertThat(o).isEqualTo(new RestoreOptions("2026-08-01 10:02:03", Duration.ofHours(2)));
  }

  @Test
  void aProblemNamesTheOption() {
    assertThatThrownBy(() -> RestoreOptions.parse(Json.yaml("{recoverytime: x}")))
        .isInstanceOf(SpecProblem.class)
        .hasMessage(
            "options.recoverytime: unknown; the MongoDB driver takes recoveryTime,"
                + " restoreTimeoutSeconds");
    assertThatThrownBy(() -> RestoreOptions.parse(Json.yaml("{recoveryTime: yesterday}")))
        .hasMessage(
            "options.recoveryTime: \"yesterday\" is not an RFC 3339 time such as"
                + " 2026-08-01T10:02:00Z");
    assertThatThrownBy(() -> RestoreOptions.parse(Json.yaml("{recoveryTime: 20260801}")))
        .hasMessageStartingWith("options.recoveryTime: 20260801 is not an RFC 3339 time");
    assertThatThrownBy(() -> RestoreOptions.parse(Json.yaml("{restoreTimeoutSeconds: 0}")))
        .hasMessage("options.restoreTimeoutSeconds: must be a positive whole number of seconds");
  }
}
