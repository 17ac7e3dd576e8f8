package io.cozystack.contracts.driver;

import io.cozystack.api.backups.v1alpha1.RunPhase;
import java.time.Instant;
import java.time.format.DateTimeParseException;

/** Phase and timestamp rules shared by the backup and restore lifecycles. */
final class RunPhases {
  private RunPhases() {}

  static boolean terminal(RunPhase phase) {
    return phase == RunPhase.SUCCEEDED || phase == RunPhase.FAILED;
  }

  /** When the driver took the job; {@code now} if the stamp is missing or unreadable. */
  static Instant startedAt(String stamp, Instant now) {
    if (stamp == null) {
      return now;
    }
    try {
      return Instant.parse(stamp);
    } catch (DateTimeParseException e) {
      return now;
    }
  }
}
