package io.cozystack.catalog.services.backups.mongodb;

import com.fasterxml.jackson.databind.JsonNode;
import io.cozystack.catalog.services.backups.upstream.SpecProblem;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Iterator;
import java.util.Set;

/**
 * A MongoDB RestoreJob's {@code spec.options}: {@code recoveryTime} (RFC 3339, a point in time to
 * recover to from the oplog the operator keeps; absent means the backup as taken) and {@code
 * restoreTimeoutSeconds} (default 1800), how long the restore may take from when the driver took
 * the job. Anything else is refused by name.
 *
 * @param pitrDate {@code recoveryTime} in the operator's {@code YYYY-MM-DD HH:MM:SS} UTC, or null
 */
record RestoreOptions(String pitrDate, Duration timeout) {
  static final String RECOVERY_TIME = "recoveryTime";
  static final String TIMEOUT = "restoreTimeoutSeconds";
  static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(1800);
  private static final Set<String> KNOWN = Set.of(RECOVERY_TIME, TIMEOUT);
  private static final DateTimeFormatter PITR_DATE =
      DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");

  /** The options; a problem names the option. */
  static RestoreOptions parse(JsonNode options) throws SpecProblem {
    if (options == null || options.isNull() || options.isMissingNode()) {
      return new RestoreOptions(null, DEFAULT_TIMEOUT);
    }
    if (!options.isObject()) {
      throw new SpecProblem("options: must be an object");
    }
    for (Iterator<String> it = options.fieldNames(); it.hasNext(); ) {
      String name = it.next();
      if (!KNOWN.contains(name)) {
        throw new SpecProblem(
            "options."
                + name
                + ": unknown; the MongoDB driver takes "
                + RECOVERY_TIME
                + ", "
                + TIMEOUT);
      }
    }
    return new RestoreOptions(
        pitrDate(options.path(RECOVERY_TIME)), timeout(options.path(TIMEOUT)));
  }

  private static String pitrDate(JsonNode value) throws SpecProblem {
    if (value.isMissingNode() || value.isNull()) {
      return null;
    }
    SpecProblem notATime =
        new SpecProblem(
            "options."
                + RECOVERY_TIME
                + ": "
                + value
                + " is not an RFC 3339 time such as 2026-08-01T10:02:00Z");
    if (!value.isTextual()) {
      throw notATime;
    }
    try {
      return OffsetDateTime.parse(value.asText())
          .withOffsetSameInstant(ZoneOffset.UTC)
          .format(PITR_DATE);
    } catch (DateTimeParseException e) {
      throw notATime;
    }
  }

  private static Duration timeout(JsonNode value) throws SpecProblem {
    if (value.isMissingNode() || value.isNull()) {
      return DEFAULT_TIMEOUT;
    }
    if (!value.isIntegralNumber() || !value.canConvertToLong() || value.asLong() <= 0) {
      throw new SpecProblem("options." + TIMEOUT + ": must be a positive whole number of seconds");
    }
    return Duration.ofSeconds(value.asLong());
  }
}
