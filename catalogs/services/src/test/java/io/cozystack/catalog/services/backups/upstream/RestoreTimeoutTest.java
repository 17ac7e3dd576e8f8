package io.cozystack.catalog.services.backups.upstream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cozystack.catalog.services.backups.Json;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** A driver's only restore option: restoreTimeoutSeconds. */
class RestoreTimeoutTest {

  @Test
  void theTimeoutDefaultsTo1800Seconds() throws Exception {
    assertThat(RestoreTimeout.parse(null, "MariaDB")).isEqualTo(Duration.ofSeconds(1800));
    assertThat(RestoreTimeout.parse(Json.yaml("{}"), "MariaDB"))
        .isEqualTo(Duration.ofSeconds(1800));
  }

  @Test
  void aGivenTimeoutIsUsed() throws Exception {
    assertThat(RestoreTimeout.parse(Json.yaml("{restoreTimeoutSeconds: 600}"), "MariaDB"))
        .isEqualTo(Duration.ofMinutes(10));
  }

  @Test
  void anythingElseIsRefusedNamingTheOptionAndTheDriver() {
    assertThatThrownBy(() -> RestoreTimeout.parse(Json.yaml("{purge: true}"), "FoundationDB"))
        .isInstanceOf(SpecProblem.class)
        .hasMessage(
            "options.purge: unknown; the FoundationDB driver takes only restoreTimeoutSeconds");
    assertThatThrownBy(
            () -> RestoreTimeout.parse(Json.yaml("{restoreTimeoutSeconds: 0}"), "MariaDB"))
        .hasMessageContaining("options.restoreTimeoutSeconds");
    assertThatThrownBy(
            () -> RestoreTimeout.parse(Json.yaml("{restoreTimeoutSeconds: '60'}"), "MariaDB"))
        .hasMessageContaining("options.restoreTimeoutSeconds");
    assertThatThrownBy(
            () -> RestoreTimeout.parse(Json.yaml("{restoreTimeoutSeconds: 1.5}"), "MariaDB"))
        .hasMessageContaining("options.restoreTimeoutSeconds");
  }
}
