package io.cozystack.operator.backups;

import io.cozystack.api.backups.driver.StrategyHandoff;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * Where a BackupJob or RestoreJob of one strategy kind goes, decided without I/O from the driver
 * registry: to the live driver that owns the kind; nowhere yet while the kind is contested, or
 * while it is handed to a catalog whose driver is not live (until a deadline); and nowhere at all
 * when no one ever declared the kind. Never a silent skip.
 */
public final class Dispatch {
  /** How long a job waits for the driver of a handed-off kind before it fails. */
  public static final Duration AWAIT_DEADLINE = Duration.ofMinutes(30);

  /** The outcome. */
  public enum State {
    DISPATCHED,
    AWAITING_DRIVER,
    DRIVER_CONFLICT,
    DRIVER_NOT_INSTALLED
  }

  /**
   * @param driver the owner, when dispatched
   * @param recheckIn when a waiting job must be judged again (its deadline), if it waits
   */
  public record Decision(State state, String driver, String message, Duration recheckIn) {
    public boolean terminal() {
      return state == State.DRIVER_NOT_INSTALLED;
    }

    /** The condition reason for this state. */
    public String reason() {
      return switch (state) {
        case DISPATCHED -> "Dispatched";
        case AWAITING_DRIVER -> "AwaitingDriver";
        case DRIVER_CONFLICT -> "DriverConflict";
        case DRIVER_NOT_INSTALLED -> "DriverNotInstalled";
      };
    }
  }

  private Dispatch() {}

  /**
   * @param kind the strategy kind as {@code <apiGroup>/<kind>}
   * @param since when the job started waiting (its creation)
   */
  public static Decision decide(
      String kind, DriverClaims.Resolution registry, Instant since, Instant now) {
    Optional<String> conflict = contested(kind, registry);
    String owner = registry.owners().get(kind);
    if (conflict.isPresent()) {
      return new Decision(
          State.DRIVER_CONFLICT,
          null,
          "strategy kind "
              + kind
              + " is contested ("
              + conflict.get()
              + "); no driver acts until only one claims it",
          null);
    }
    if (owner != null) {
      return new Decision(State.DISPATCHED, owner, "dispatched to driver " + owner, null);
    }
    int slash = kind.indexOf('/');
    Optional<StrategyHandoff> handoff =
        StrategyHandoff.of(kind.substring(0, slash), kind.substring(slash + 1));
    if (handoff.isEmpty()) {
      return new Decision(
          State.DRIVER_NOT_INSTALLED,
          null,
          "no live driver claims strategy kind "
              + kind
              + " and no catalog is known to provide it; install the catalog whose driver"
              + " implements it",
          null);
    }
    Instant deadline = since.plus(AWAIT_DEADLINE);
    String install =
        "catalog "
            + handoff.get().catalog()
            + " (version "
            + handoff.get().catalogVersion()
            + " or later)";
    if (!now.isBefore(deadline)) {
      return new Decision(
          State.DRIVER_NOT_INSTALLED,
          null,
          "strategy kind "
              + kind
              + " is provided by "
              + install
              + ", whose driver did not register within "
              + AWAIT_DEADLINE.toMinutes()
              + "m; install it",
          null);
    }
    return new Decision(
        State.AWAITING_DRIVER,
        null,
        "strategy kind "
            + kind
            + " is provided by "
            + install
            + "; waiting for its driver until "
            + deadline,
        Duration.between(now, deadline));
  }

  private static Optional<String> contested(String kind, DriverClaims.Resolution registry) {
    return registry.drivers().entrySet().stream()
        .flatMap(e -> e.getValue().conflicts().stream().filter(c -> c.startsWith(kind + " ")))
        .findFirst();
  }
}
