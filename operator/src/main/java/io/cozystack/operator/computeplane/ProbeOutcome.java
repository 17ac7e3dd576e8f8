package io.cozystack.operator.computeplane;

import java.time.Instant;

/** The result of one {@code /readyz} probe of a ComputePlane cluster. */
public record ProbeOutcome(boolean answered, String detail, Instant at) {
  public static ProbeOutcome answered(Instant at) {
    return new ProbeOutcome(true, "/readyz answered ok", at);
  }

  public static ProbeOutcome failed(String detail, Instant at) {
    return new ProbeOutcome(false, detail, at);
  }
}
