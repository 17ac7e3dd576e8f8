package io.cozystack.catalog.services.backups.upstream;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.util.Iterator;

/**
 * A RestoreJob's {@code spec.options} for a driver whose only option is {@code
 * restoreTimeoutSeconds} (default 1800): how long the restore may take from when the driver took
 * the job. Any other option is refused by name, not ignored.
 */
public final class RestoreTimeout {
  public static final String TIMEOUT = "restoreTimeoutSeconds";
  public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(1800);

  private RestoreTimeout() {}

  /** The restore timeout; a problem names the option and, for an unknown one, {@code driver}. */
  public static Duration parse(JsonNode options, String driver) throws SpecProblem {
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
            "options." + name + ": unknown; the " + driver + " driver takes only " + TIMEOUT);
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
