package io.cozystack.catalog.services.backups.cnpg;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.Iterator;
import java.util.Set;

/**
 * A CNPG RestoreJob's {@code spec.options}: {@code recoveryTime} (RFC 3339, point-in-time recovery;
 * absent means the end of the WAL archive), {@code restoreTimeoutSeconds} (default 1800) and {@code
 * walArchiveTimeoutSeconds} (default 180). Anything else is refused by name.
 */
record RestoreOptions(String recoveryTime, Duration restoreTimeout, Duration walArchiveTimeout) {
  private static final Set<String> KNOWN =
      Set.of("recoveryTime", "restoreTimeoutSeconds", "walArchiveTimeoutSeconds");

  static RestoreOptions parse(JsonNode options) {
    for (Iterator<String> it = options.fieldNames(); it.hasNext(); ) {
      String key = it.next();
      if (!KNOWN.contains(key)) {
        throw new IllegalArgumentException(
            "spec.options." + key + ": unknown option; the CNPG driver reads " + KNOWN);
      }
    }
    String recoveryTime = null;
    if (options.hasNonNull("recoveryTime")) {
      recoveryTime = options.get("recoveryTime").asText();
      try {
        OffsetDateTime.parse(recoveryTime);
      } catch (DateTimeParseException e) {
        throw new IllegalArgumentException(
            "spec.options.recoveryTime: '"
                + recoveryTime
                + "' is not an RFC 3339 time, e.g. 2026-08-01T10:02:00Z");
      }
    }
    return new RestoreOptions(
        recoveryTime,
        seconds(options, "restoreTimeoutSeconds", 1800),
        seconds(options, "walArchiveTimeoutSeconds", 180));
  }

  private static Duration seconds(JsonNode options, String key, long otherwise) {
    if (!options.has(key)) {
      return Duration.ofSeconds(otherwise);
    }
    JsonNode v = options.get(key);
    if (!v.canConvertToLong() || v.asLong() <= 0) {
      throw new IllegalArgumentException(
          "spec.options." + key + ": must be a positive number of seconds, got " + v);
    }
    return Duration.ofSeconds(v.asLong());
  }
}
