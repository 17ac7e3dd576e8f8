package io.cozystack.operator.computeplane;

import java.time.Duration;

/**
 * How ComputePlane clusters are probed: a Ready cluster is asked again every {@code interval}; one
 * that did not answer is asked after 2 s, then twice as long each time, up to {@code interval}.
 */
public record ComputePlaneSettings(Duration interval, Duration timeout) {
  public static final Duration FIRST_RETRY = Duration.ofSeconds(2);

  public static ComputePlaneSettings defaults() {
    return new ComputePlaneSettings(Duration.ofSeconds(30), Duration.ofSeconds(5));
  }

  /** When to probe again after {@code failures} failed probes in a row (0 after a success). */
  public Duration nextProbe(int failures) {
    if (failures == 0) {
      return interval;
    }
    Duration backoff = FIRST_RETRY.multipliedBy(1L << Math.min(failures - 1, 20));
    return backoff.compareTo(interval) < 0 ? backoff : interval;
  }
}
