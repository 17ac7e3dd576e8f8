package io.cozystack.contracts.driver;

import io.cozystack.api.meta.Condition;
import io.cozystack.api.meta.ConditionStatus;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.base.PatchContext;
import io.fabric8.kubernetes.client.dsl.base.PatchType;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The driver's conditions on a job (public for drivers that run outside {@link DriverRuntime}, such
 * as the platform's Job driver): {@code Ready} (Unknown while working, True when done, False when
 * failed) with {@code Reconciling} while working and {@code Stalled} after a failure. Every other
 * condition (the platform's {@code Dispatched}) is carried over untouched.
 */
public final class RunConditions {
  static final String READY = "Ready";
  static final String RECONCILING = "Reconciling";
  static final String STALLED = "Stalled";

  private RunConditions() {}

  /**
   * The conditions for {@code progress} on {@code job}: working, failed, or done with {@code
   * doneReason} and {@code doneMessage}.
   */
  static List<Condition> of(
      HasMetadata job,
      List<Condition> old,
      Progress progress,
      String doneReason,
      String doneMessage,
      Instant now) {
    long generation = Optional.ofNullable(job.getMetadata().getGeneration()).orElse(0L);
    if (progress instanceof Progress.Working w) {
      return working(old, w.reason(), w.message(), generation, now);
    }
    if (progress instanceof Progress.Failed f) {
      return failed(old, f.reason(), f.message(), generation, now);
    }
    return done(old, doneReason, doneMessage, generation, now);
  }

  public static List<Condition> working(
      List<Condition> old, String reason, String message, long generation, Instant now) {
    List<Condition> out =
        set(old, READY, ConditionStatus.UNKNOWN, reason, message, generation, now);
    out = set(out, RECONCILING, ConditionStatus.TRUE, reason, message, generation, now);
    return without(out, STALLED);
  }

  public static List<Condition> done(
      List<Condition> old, String reason, String message, long generation, Instant now) {
    return without(
        without(set(old, READY, ConditionStatus.TRUE, reason, message, generation, now), STALLED),
        RECONCILING);
  }

  public static List<Condition> failed(
      List<Condition> old, String reason, String message, long generation, Instant now) {
    List<Condition> out = set(old, READY, ConditionStatus.FALSE, reason, message, generation, now);
    out = set(out, STALLED, ConditionStatus.TRUE, reason, message, generation, now);
    return without(out, RECONCILING);
  }

  /** One line per status write: the phase and what Ready says (the MDC names the job). */
  static void log(org.slf4j.Logger log, Object phase, List<Condition> conditions) {
    find(conditions, READY).ifPresent(c -> log.info("{}: {} - {}", phase, c.reason(), c.message()));
  }

  /** Whether Ready already says this (so nothing needs writing). */
  static boolean readySays(List<Condition> conditions, String reason, String message) {
    return find(conditions, READY)
        .map(c -> reason.equals(c.reason()) && message.equals(c.message()))
        .orElse(false);
  }

  static Optional<Condition> find(List<Condition> conditions, String type) {
    return conditions == null
        ? Optional.empty()
        : conditions.stream().filter(c -> type.equals(c.type())).findFirst();
  }

  private static List<Condition> set(
      List<Condition> old,
      String type,
      ConditionStatus status,
      String reason,
      String message,
      long generation,
      Instant now) {
    String since =
        find(old, type)
            .filter(c -> c.status() == status)
            .map(Condition::lastTransitionTime)
            .orElse(now.toString());
    List<Condition> out = without(old, type);
    out.add(new Condition(type, status, generation, since, reason, message));
    return out;
  }

  private static List<Condition> without(List<Condition> old, String type) {
    List<Condition> out = new ArrayList<>();
    if (old != null) {
      old.stream().filter(c -> !type.equals(c.type())).forEach(out::add);
    }
    return out;
  }

  /**
   * Writes {@code status} as one JSON merge patch of the status subresource: the condition list
   * stays whole whoever wrote last (server-side apply from a second field manager can merge a
   * condition list into an invalid one).
   */
  public static void patchStatus(KubernetesClient client, HasMetadata resource, Object status) {
    client
        .resource(resource)
        .subresource("status")
        .patch(
            PatchContext.of(PatchType.JSON_MERGE), Serialization.asJson(Map.of("status", status)));
  }
}
