package io.cozystack.operator.packages;

import java.math.BigDecimal;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Durations in Flux's syntax ({@code 30s}, {@code 5m}, {@code 1h30m}, {@code 1.5h}), written as Go
 * writes a {@code metav1.Duration} ({@code 5m0s}), so HelmReleases read exactly like Cozystack's
 * and GitOps diffs between the two stay empty.
 */
public final class GoDuration {
  private static final Pattern SYNTAX = Pattern.compile("([0-9]+(\\.[0-9]+)?(ms|s|m|h))+");
  private static final Pattern PART = Pattern.compile("([0-9]+(?:\\.[0-9]+)?)(ms|s|m|h)");
  private static final long MS = 1_000_000L;
  private static final long SECOND = 1_000 * MS;
  private static final Map<String, Long> UNITS =
      Map.of("ms", MS, "s", SECOND, "m", 60 * SECOND, "h", 3600 * SECOND);

  private GoDuration() {}

  /** The nanoseconds of a duration in Flux's syntax; empty when it is not one. */
  public static Optional<Long> parse(String value) {
    if (value == null || !SYNTAX.matcher(value).matches()) {
      return Optional.empty();
    }
    BigDecimal total = BigDecimal.ZERO;
    Matcher part = PART.matcher(value);
    while (part.find()) {
      total =
          total.add(
              new BigDecimal(part.group(1)).multiply(BigDecimal.valueOf(UNITS.get(part.group(2)))));
    }
    return Optional.of(total.longValue());
  }

  /** {@code value} as Go prints it ({@code 5m} → {@code 5m0s}); unchanged when not a duration. */
  public static String canonical(String value) {
    return parse(value).map(GoDuration::format).orElse(value);
  }

  /** Go's {@code time.Duration.String()} for whole milliseconds and up. */
  static String format(long nanos) {
    if (nanos == 0) {
      return "0s";
    }
    if (nanos < SECOND) {
      return decimal(nanos, MS) + "ms";
    }
    long hours = nanos / UNITS.get("h");
    long minutes = nanos % UNITS.get("h") / UNITS.get("m");
    String seconds = decimal(nanos % UNITS.get("m"), SECOND) + "s";
    if (hours > 0) {
      return hours + "h" + minutes + "m" + seconds;
    }
    return minutes > 0 ? minutes + "m" + seconds : seconds;
  }

  private static String decimal(long nanos, long unit) {
    return BigDecimal.valueOf(nanos)
        .divide(BigDecimal.valueOf(unit))
        .stripTrailingZeros()
        .toPlainString();
  }
}
