package io.cozystack.catalog.services.backups.mariadb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cozystack.catalog.services.backups.Json;
import io.cozystack.catalog.services.backups.upstream.SpecProblem;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The only restore option: restoreTimeoutSeconds. */
class RestoreOptionsTest {

  @Test
  void theTimeoutDefaultsTo1800Seconds() throws Exception {
    assertThat(RestoreOptions.timeout(null)).isEqualTo(Duration.ofSeconds(1800));
    assertThat(RestoreOptions.timeout(Json.yaml("{}"))).isEqualTo(Duration.ofSeconds(1800));
  }

  @Test
  void aGivenTimeoutIsUsed() throws Exception {
    assertThat(RestoreOptions.timeout(Json.yaml("{restoreTimeoutSeconds: 600}")))
        .isEqualTo(Duration.ofMinutes(10));
  }

  @Test
  void anythingElseIsRefusedNamingTheOption() {
    assertThatThrownBy(() -> RestoreOptions.timeout(Json.yaml("{purge: true}")))
        .isInstanceOf(SpecProblem.class)
        .hasMessageContaining("options.purge: unknown");
    assertThatThrownBy(() -> RestoreOptions.timeout(Json.yaml("{restoreTimeoutSeconds: 0}")))
        .hasMessageContaining("options.restoreTimeoutSeconds");
    assertThatThrownBy(() -> RestoreOptions.timeout(Json.yaml("{restoreTimeoutSeconds: '60'}")))
        .hasMessageContaining("options.restoreTimeoutSeconds");
    assertThatThrownBy(() -> RestoreOptions.timeout(Json.yaml("{restoreTimeoutSeconds: 1.5}")))
        .hasMessageContaining("options.restoreTimeoutSeconds");
  }
}
