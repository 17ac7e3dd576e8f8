package io.cozystack.contracts.driver;

import com.fasterxml.jackson.databind.JsonNode;
import io.cozystack.api.backups.v1alpha1.BackupStatus.BackupArtifact;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;

/**
 * Where a backup or restore stands, as a driver reports it. The runtime turns it into the job's
 * phase, conditions and, for a finished backup, the Backup object.
 */
public sealed interface Progress {

  /**
   * Still working. {@code reason} and {@code message} go to the job's Ready condition; {@code
   * recheckAfter}, if set, wakes the job again after that long (for a driver's own deadline, not
   * for polling: upstream changes wake the job through {@link StrategyDriver#watches()}).
   */
  record Working(String reason, String message, Duration recheckAfter) implements Progress {
    public Working {
      Objects.requireNonNull(reason, "reason");
      Objects.requireNonNull(message, "message");
    }

    /** The same progress, checked again after {@code delay}. */
    public Working recheckAfter(Duration delay) {
      return new Working(reason, message, delay);
    }
  }

  /** The backup is complete; the runtime records it as a Backup named after the BackupJob. */
  record BackedUp(
      BackupArtifact artifact, Map<String, String> driverMetadata, JsonNode underlyingResources)
      implements Progress {
    public BackedUp {
      driverMetadata = driverMetadata == null ? Map.of() : Map.copyOf(driverMetadata);
    }
  }

  /** The restore is complete. */
  record Restored(String message) implements Progress {}

  /** Terminal failure: the job is marked Failed with this reason and message. */
  record Failed(String reason, String message) implements Progress {
    public Failed {
      Objects.requireNonNull(reason, "reason");
      Objects.requireNonNull(message, "message");
    }
  }

  static Working working(String reason, String message) {
    return new Working(reason, message, null);
  }

  static BackedUp backedUp(
      BackupArtifact artifact, Map<String, String> driverMetadata, JsonNode underlyingResources) {
    return new BackedUp(artifact, driverMetadata, underlyingResources);
  }

  static Restored restored(String message) {
    return new Restored(message);
  }

  static Failed failed(String reason, String message) {
    return new Failed(reason, message);
  }
}
