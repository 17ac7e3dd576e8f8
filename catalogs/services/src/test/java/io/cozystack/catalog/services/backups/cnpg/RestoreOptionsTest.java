package io.cozystack.catalog.services.backups.cnpg;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabric8.kubernetes.client.utils.Serialization;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RestoreOptionsTest {
  static RestoreOptions parse(Map<String, Object> options) {
    return RestoreOptions.parse(Serialization.jsonMapper().valueToTree(options));
  }

  @Test
  void defaultsAndAPointInTime() {
    RestoreOptions none = parse(Map.of());
    assertThat(none.recoveryTime()).isNull();
    assertThat(none.restoreTimeout()).isEqualTo(Duration.ofMinutes(30));
    assertThat(none.walArchiveTimeout()).isEqualTo(Duration.ofSeconds(180));
    RestoreOptions pitr =
        parse(Map.of("recoveryTime", "2026-08-01T10:02:00Z", "restoreTimeoutSeconds", 60));
    assertThat(pitr.recoveryTime()).isEqualTo("2026-08-01T10:02:00Z");
    assertThat(pitr.restoreTimeout()).isEqualTo(Duration.ofSeconds(60));
  }

  @Test
  void badOptionsAreRefusedByName() {
    assertThatThrownBy(() -> parse(Map.of("recoveryTime", "yesterday")))
        .hasMessageContaining("spec.options.recoveryTime")
        .hasMessageContaining("RFC 3339");
    assertThatThrownBy(() -> parse(Map.of("restoreTimeoutSeconds", -5)))
        .hasMessageContaining("spec.options.restoreTimeoutSeconds");
    assertThatThrownBy(() -> parse(Map.of("recoverytime", "2026-08-01T10:02:00Z")))
        .hasMessageContaining("spec.options.recoverytime: unknown option");
  }
}
