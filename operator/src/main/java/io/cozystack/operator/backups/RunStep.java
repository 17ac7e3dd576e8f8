package io.cozystack.operator.backups;

import io.cozystack.api.meta.Condition;
import io.cozystack.contracts.driver.RunConditions;
import java.time.Instant;
import java.util.List;

/**
 * The Job driver's conditions for one step of a run, with the SDK's semantics (so the platform's
 * driver reads like a catalog's): Reconciling while working, Stalled after a failure, neither once
 * done; every other condition kept.
 */
interface RunStep {
  List<Condition> conditions(List<Condition> old, long generation, Instant now);

  static RunStep working(String reason, String message) {
    return (old, generation, now) -> RunConditions.working(old, reason, message, generation, now);
  }

  static RunStep done(String reason, String message) {
    return (old, generation, now) -> RunConditions.done(old, reason, message, generation, now);
  }

  static RunStep failed(String reason, String message) {
    return (old, generation, now) -> RunConditions.failed(old, reason, message, generation, now);
  }
}
