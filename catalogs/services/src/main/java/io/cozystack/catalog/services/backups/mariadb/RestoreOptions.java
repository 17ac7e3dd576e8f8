package io.cozystack.catalog.services.backups.mariadb;

import com.fasterxml.jackson.databind.JsonNode;
import io.cozystack.catalog.services.backups.upstream.SpecProblem;
import java.time.Duration;
import java.util.Iterator;

/**
 * A MariaDB RestoreJob's {@code spec.options}: only {@code restoreTimeoutSeconds} (default 1800),
 * how long the restore may take from when the driver took the job.
 */
final class RestoreOptions {
  static final String TIMEOUT = "restoreTimeoutSeconds";
  static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(1800);

  private RestoreOptions() {}

  /** The restore timeout; a problem names the option. */
  static Duration timeout(JsonNode options) throws SpecProblem {
    if (options == null || options.isNull() || options.isMissingNode()) {
      return DEFAULT_TIMEOUT;
    }
    if (!options.isObject()) {
      throw new SpecProblem("options: must be an object");
    }
    for (Iterator<String> it = options.fieldNames(); it.hasNext(); ) {
      String name = it.next();
      if (!TIMEOUT.equals(name)) {
        throw new SpecProblem(
            "options." + name + ": unknown; the MariaDB driver takes only " + TIMEOUT);
      }
    }
    JsonNode value = options.path(TIMEOUT);
    if (value.isMissingNode() || value.isNull()) {
      return DEFAULT_TIMEOUT;
    }
    if (!value.canConvertToLong() || !value.isIntegralNumber() || value.asLong() <= 0) {
      throw new SpecProblem("options." + TIMEOUT + ": must be a positive whole number of seconds");
    }
    return Duration.ofSeconds(value.asLong());
  }
}
