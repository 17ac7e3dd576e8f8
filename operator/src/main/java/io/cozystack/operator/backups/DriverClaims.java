package io.cozystack.operator.backups;

import io.cozystack.api.Contracts;
import io.cozystack.api.backups.driver.DriverRegistrationSpec;
import io.cozystack.api.backups.v1alpha1.BackupDriver;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Who owns each strategy kind, computed without I/O from every registration and its last heartbeat.
 * A driver is live while its Lease was renewed within its lease duration and its contract version
 * is supported. Among live claimants of a kind the earliest registration owns it; each later claim
 * is refused, and both sides report the conflict. A lapsed driver owns nothing, so the next
 * claimant takes over.
 */
public final class DriverClaims {
  /** What one registration is, in the resolution. */
  public enum State {
    REGISTERED,
    CONFLICT,
    LAPSED,
    UNSUPPORTED_CONTRACT
  }

  /** One driver's outcome; {@code lapsesAt} is when it lapses unless it renews (null if lapsed). */
  public record DriverState(
      State state, List<String> owned, List<String> conflicts, String message, Instant lapsesAt) {}

  /** The owner of every owned kind ({@code group/kind} → driver) and every driver's state. */
  public record Resolution(Map<String, String> owners, Map<String, DriverState> drivers) {}

  private DriverClaims() {}

  public static Resolution resolve(
      List<BackupDriver> registrations, Map<String, Instant> heartbeats, Instant now) {
    List<BackupDriver> ordered = new ArrayList<>(registrations);
    ordered.sort(
        Comparator.comparing((BackupDriver d) -> created(d))
            .thenComparing(d -> d.getMetadata().getName()));
    Map<String, String> owners = new TreeMap<>();
    Map<String, List<String>> refused = new LinkedHashMap<>();
    Map<String, List<String>> contested = new LinkedHashMap<>();
    for (BackupDriver driver : ordered) {
      if (liveness(driver, heartbeats, now) != State.REGISTERED) {
        continue;
      }
      String name = driver.getSpec().driver();
      for (DriverRegistrationSpec.StrategyKind kind : driver.getSpec().strategies()) {
        String key = kind.apiGroup() + "/" + kind.kind();
        String owner = owners.putIfAbsent(key, name);
        if (owner != null && !owner.equals(name)) {
          refused.computeIfAbsent(name, k -> new ArrayList<>()).add(key + " is owned by " + owner);
          contested
              .computeIfAbsent(owner, k -> new ArrayList<>())
              .add(key + " is also claimed by " + name + " (refused)");
        }
      }
    }
    Map<String, DriverState> drivers = new TreeMap<>();
    for (BackupDriver driver : ordered) {
      drivers.put(
          driver.getSpec().driver(), state(driver, heartbeats, now, owners, refused, contested));
    }
    return new Resolution(owners, drivers);
  }

  private static DriverState state(
      BackupDriver driver,
      Map<String, Instant> heartbeats,
      Instant now,
      Map<String, String> owners,
      Map<String, List<String>> refused,
      Map<String, List<String>> contested) {
    String name = driver.getSpec().driver();
    State liveness = liveness(driver, heartbeats, now);
    if (liveness == State.LAPSED) {
      Instant last = heartbeats.get(name);
      return new DriverState(
          State.LAPSED,
          List.of(),
          List.of(),
          last == null
              ? "no heartbeat yet: Lease "
                  + BackupDriver.LEASE_NAMESPACE
                  + "/"
                  + BackupDriver.LEASE_PREFIX
                  + name
                  + " does not exist"
              : "no heartbeat since " + last + "; its claims lapsed",
          null);
    }
    if (liveness == State.UNSUPPORTED_CONTRACT) {
      return new DriverState(
          liveness,
          List.of(),
          List.of(),
          "contract version "
              + driver.getSpec().contractVersion()
              + " is outside the window "
              + (Contracts.VERSION - 1)
              + ".."
              + (Contracts.VERSION + 1),
          null);
    }
    List<String> owned =
        owners.entrySet().stream()
            .filter(e -> e.getValue().equals(name))
            .map(Map.Entry::getKey)
            .toList();
    List<String> conflicts = new ArrayList<>(refused.getOrDefault(name, List.of()));
    conflicts.addAll(contested.getOrDefault(name, List.of()));
    Instant lapsesAt = heartbeats.get(name).plus(leaseDuration(driver));
    return new DriverState(
        conflicts.isEmpty() ? State.REGISTERED : State.CONFLICT,
        owned,
        conflicts,
        conflicts.isEmpty()
            ? "owns " + String.join(", ", owned)
            : "conflict: " + String.join("; ", conflicts),
        lapsesAt);
  }

  static State liveness(BackupDriver driver, Map<String, Instant> heartbeats, Instant now) {
    if (!Contracts.supportsContract(
        Optional.ofNullable(driver.getSpec().contractVersion()).orElse(-99))) {
      return State.UNSUPPORTED_CONTRACT;
    }
    Instant last = heartbeats.get(driver.getSpec().driver());
    return last != null && last.plus(leaseDuration(driver)).isAfter(now)
        ? State.REGISTERED
        : State.LAPSED;
  }

  static Duration leaseDuration(BackupDriver driver) {
    return Duration.ofSeconds(
        Optional.ofNullable(driver.getSpec().leaseDurationSeconds())
            .orElse(BackupDriver.DEFAULT_LEASE_SECONDS));
  }

  private static Instant created(BackupDriver driver) {
    String ts = driver.getMetadata().getCreationTimestamp();
    return ts == null ? Instant.EPOCH : Instant.parse(ts);
  }
}
