package io.cozystack.operator.status;

import io.cozystack.api.meta.Condition;
import io.cozystack.api.meta.ConditionStatus;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Builds a resource's condition list: kstatus types {@link #READY}, {@link #RECONCILING} and {@link
 * #STALLED}. A condition keeps its {@code lastTransitionTime} while its status does not change, so
 * re-computing an unchanged status writes nothing new.
 */
public final class Conditions {
  public static final String READY = "Ready";
  public static final String RECONCILING = "Reconciling";
  public static final String STALLED = "Stalled";

  private final List<Condition> previous;
  private final long generation;
  private final Instant now;
  private final List<Condition> result = new ArrayList<>();

  private Conditions(List<Condition> previous, long generation, Instant now) {
    this.previous = previous == null ? List.of() : previous;
    this.generation = generation;
    this.now = now.truncatedTo(ChronoUnit.SECONDS);
  }

  /** Starts from the conditions currently in status (may be null). */
  public static Conditions from(List<Condition> previous, long generation, Instant now) {
    return new Conditions(previous, generation, now);
  }

  public Conditions set(String type, ConditionStatus status, String reason, String message) {
    String since =
        find(previous, type)
            .filter(old -> old.status() == status)
            .map(Condition::lastTransitionTime)
            .orElse(now.toString());
    result.removeIf(c -> c.type().equals(type));
    result.add(new Condition(type, status, generation, since, reason, message));
    return this;
  }

  /** Ready=True; Reconciling and Stalled absent. */
  public Conditions ready(String reason, String message) {
    return set(READY, ConditionStatus.TRUE, reason, message);
  }

  /** Ready=Unknown and Reconciling=True: progressing, nothing wrong yet. */
  public Conditions progressing(String reason, String message) {
    set(READY, ConditionStatus.UNKNOWN, reason, message);
    return set(RECONCILING, ConditionStatus.TRUE, reason, message);
  }

  /** Ready=False while still working on it (e.g. waiting for a dependency). */
  public Conditions waiting(String reason, String message) {
    set(READY, ConditionStatus.FALSE, reason, message);
    return set(RECONCILING, ConditionStatus.TRUE, reason, message);
  }

  /**
   * Ready=False alone: installed as asked, waiting on something outside the platform (a cluster
   * being provisioned, or one that does not answer); the object itself says what it waits for.
   * kstatus reads Ready=False as in progress, so a release that renders such an object and must not
   * wait for it says so with a health check (the Tenant definition's {@code healthCheckExprs} for
   * ComputePlane).
   */
  public Conditions notReady(String reason, String message) {
    return set(READY, ConditionStatus.FALSE, reason, message);
  }

  /** Ready=False and Stalled=True: needs a person (bad spec, conflict, terminal failure). */
  public Conditions stalled(String reason, String message) {
    set(READY, ConditionStatus.FALSE, reason, message);
    return set(STALLED, ConditionStatus.TRUE, reason, message);
  }

  /** Carries a condition over unchanged, if it was present. */
  public Conditions keep(String type) {
    find(previous, type)
        .ifPresent(
            old -> {
              result.removeIf(c -> c.type().equals(type));
              result.add(old);
            });
    return this;
  }

  public List<Condition> build() {
    return List.copyOf(result);
  }

  public static Optional<Condition> find(List<Condition> conditions, String type) {
    return conditions == null
        ? Optional.empty()
        : conditions.stream().filter(c -> type.equals(c.type())).findFirst();
  }

  public static boolean isTrue(List<Condition> conditions, String type) {
    return find(conditions, type).map(c -> c.status() == ConditionStatus.TRUE).orElse(false);
  }
}
