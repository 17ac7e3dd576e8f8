package io.cozystack.catalog.services.backups.upstream;

import io.cozystack.contracts.driver.Progress;
import java.time.Duration;

/**
 * A limit on how long a job may wait, counted from when the driver took it. While it has not
 * passed, a waiting job is {@link Progress.Working} re-checked when it would pass (never polled:
 * upstream changes wake the job); once passed, the job fails.
 *
 * @param limit how long the job may wait in all
 * @param elapsed how long it has waited so far
 */
public record Deadline(Duration limit, Duration elapsed) {

  public boolean passed() {
    return elapsed.compareTo(limit) >= 0;
  }

  public Duration remaining() {
    return passed() ? Duration.ZERO : limit.minus(elapsed);
  }

  /** Working with {@code reason}/{@code message} until the limit, then Failed. */
  public Progress waitOr(String reason, String message, String failedReason, String failedMessage) {
    if (passed()) {
      return Progress.failed(failedReason, failedMessage);
    }
    return Progress.working(reason, message).recheckAfter(remaining());
  }

  /** The limit for messages: {@code 30m}, {@code 90s}, {@code 2h}. */
  public String limitText() {
    long seconds = limit.toSeconds();
    if (seconds % 3600 == 0) {
      return seconds / 3600 + "h";
    }
    return seconds % 60 == 0 ? seconds / 60 + "m" : seconds + "s";
  }
}
