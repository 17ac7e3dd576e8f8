package io.cozystack.catalog.services.backups.upstream;

import static org.assertj.core.api.Assertions.assertThat;

import io.cozystack.contracts.driver.Progress;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** Waiting is re-checked when the deadline would pass, then fails. */
class DeadlineTest {

  @Test
  void beforeTheLimitTheJobWorksAndIsRecheckedWhenItWouldPass() {
    Progress p =
        new Deadline(Duration.ofMinutes(30), Duration.ofMinutes(12))
            .waitOr("Waiting", "still", "TimedOut", "gone");

    assertThat(p).isInstanceOf(Progress.Working.class);
    Progress.Working w = (Progress.Working) p;
    assertThat(w.reason()).isEqualTo("Waiting");
    assertThat(w.recheckAfter()).isEqualTo(Duration.ofMinutes(18));
  }

  @Test
  void atTheLimitTheJobFails() {
    Progress p =
        new Deadline(Duration.ofMinutes(30), Duration.ofMinutes(30))
            .waitOr("Waiting", "still", "TimedOut", "gone");

    assertThat(p).isEqualTo(Progress.failed("TimedOut", "gone"));
  }

  @Test
  void theLimitReadsAsMinutesHoursOrSeconds() {
    assertThat(new Deadline(Duration.ofMinutes(30), Duration.ZERO).limitText()).isEqualTo("30m");
    assertThat(new Deadline(Duration.ofHours(2), Duration.ZERO).limitText()).isEqualTo("2h");
    assertThat(new Deadline(Duration.ofSeconds(90), Duration.ZERO).limitText()).isEqualTo("90s");
  }
}
