package io.cozystack.operator.packages;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class GoDurationTest {

  @Test
  void writesDurationsAsGoDoes() {
    assertThat(GoDuration.canonical("5m")).isEqualTo("5m0s");
    assertThat(GoDuration.canonical("10m")).isEqualTo("10m0s");
    assertThat(GoDuration.canonical("30s")).isEqualTo("30s");
    assertThat(GoDuration.canonical("1h")).isEqualTo("1h0m0s");
    assertThat(GoDuration.canonical("90m")).isEqualTo("1h30m0s");
    assertThat(GoDuration.canonical("1.5h")).isEqualTo("1h30m0s");
    assertThat(GoDuration.canonical("1500ms")).isEqualTo("1.5s");
    assertThat(GoDuration.canonical("250ms")).isEqualTo("250ms");
    assertThat(GoDuration.canonical("1h0m0s")).isEqualTo("1h0m0s");
  }

  @Test
  void leavesWhatIsNotADurationAlone() {
    assertThat(GoDuration.parse("5 minutes")).isEmpty();
    assertThat(GoDuration.parse("-5m")).isEmpty();
    assertThat(GoDuration.canonical("soon")).isEqualTo("soon");
    assertThat(GoDuration.parse("0s")).contains(0L);
  }
}
