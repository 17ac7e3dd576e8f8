package io.cozystack.operator.backups;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.ZonedDateTime;
import org.junit.jupiter.api.Test;

/** Cron expressions, their fire times, and the errors bad ones produce. */
class CronScheduleTest {
  private static final ZonedDateTime NOW = ZonedDateTime.parse("2026-11-30T04:17:30Z");

  @Test
  void fieldsListsRangesStepsAndMacros() {
    assertThat(CronSchedule.parse("*/15 * * * *").latestAtOrBefore(NOW))
        .contains(ZonedDateTime.parse("2026-11-30T04:15Z"));
    assertThat(CronSchedule.parse("0 2,4 * * *").latestAtOrBefore(NOW))
        .contains(ZonedDateTime.parse("2026-11-30T04:00Z"));
    assertThat(CronSchedule.parse("30 1-3 * * *").nextAfter(NOW))
        .contains(ZonedDateTime.parse("2026-12-01T01:30Z"));
    assertThat(CronSchedule.parse("@daily").nextAfter(NOW))
        .contains(ZonedDateTime.parse("2026-12-01T00:00Z"));
    assertThat(CronSchedule.parse("0 0 * * 0").nextAfter(NOW))
        .as("Sunday")
        .contains(ZonedDateTime.parse("2026-12-06T00:00Z"));
    assertThat(CronSchedule.parse("0 0 * * 7").nextAfter(NOW))
        .as("7 is Sunday too")
        .contains(ZonedDateTime.parse("2026-12-06T00:00Z"));
  }

  @Test
  void whenBothDayFieldsAreRestrictedEitherMatches() {
    // The 1st of the month or a Monday: Monday 2026-11-30 matches.
    assertThat(CronSchedule.parse("0 12 1 * 1").nextAfter(NOW))
        .contains(ZonedDateTime.parse("2026-11-30T12:00Z"));
  }

  @Test
  void aBadExpressionSaysWhatIsWrong() {
    assertThatThrownBy(() -> CronSchedule.parse("* * *")).hasMessageContaining("has 3 fields");
    assertThatThrownBy(() -> CronSchedule.parse("61 * * * *"))
        .hasMessageContaining("minute 61 is outside 0-59");
    assertThatThrownBy(() -> CronSchedule.parse("0 x * * *"))
        .hasMessageContaining("hour 'x' is not a number");
    assertThatThrownBy(() -> CronSchedule.parse("0 5-2 * * *"))
        .hasMessageContaining("hour field '5-2'");
  }
}
