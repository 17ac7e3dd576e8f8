package io.cozystack.operator;

import io.cozystack.api.meta.Condition;
import io.cozystack.operator.status.Conditions;
import io.cozystack.operator.status.EventRecorder;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.javaoperatorsdk.operator.api.reconciler.Context;
import io.javaoperatorsdk.operator.api.reconciler.ErrorStatusUpdateControl;
import io.javaoperatorsdk.operator.api.reconciler.RetryInfo;
import io.javaoperatorsdk.operator.processing.retry.GenericRetry;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * A failed reconcile, for status and logs: one line a person can act on, whether the API server
 * refused what was written (the object's spec leads to something invalid: needs a person) or the
 * failure is transient, and the retry every controller runs with.
 */
public final class ReconcileErrors {
  /**
   * A transient failure is retried without end, the wait growing to this cap: nothing is ever left
   * unreconciled because the API server was away longer than a few retries.
   */
  public static final Duration RETRY_CAP = Duration.ofMinutes(5);

  /** The reason a failed reconcile shows while it is retried. */
  public static final String RECONCILE_ERROR = "ReconcileError";

  private ReconcileErrors() {}

  /** Exponential from 2 s, no attempt limit, capped at {@link #RETRY_CAP}. */
  public static GenericRetry retry() {
    return GenericRetry.defaultLimitedExponentialRetry()
        .withoutMaxAttempts()
        .setMaxInterval(RETRY_CAP.toMillis());
  }

  public static String describe(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (t instanceof KubernetesClientException kce
          && kce.getStatus() != null
          && kce.getStatus().getMessage() != null) {
        return kce.getStatus().getMessage() + " (HTTP " + kce.getCode() + ")";
      }
    }
    return ApiServerCheck.rootMessage(e);
  }

  /** The API server refused the object written (422 Invalid, 400 BadRequest): not transient. */
  public static boolean refused(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (t instanceof KubernetesClientException kce) {
        return kce.getCode() == 422 || kce.getCode() == 400;
      }
    }
    return false;
  }

  /**
   * The namespace is being deleted, so the API server refuses anything new in it: nothing to retry
   * (the namespace's objects go with it), and nothing worth a stack trace.
   */
  public static boolean namespaceTerminating(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (t instanceof KubernetesClientException kce
          && kce.getCode() == 403
          && kce.getStatus() != null
          && kce.getStatus().getDetails() != null
          && kce.getStatus().getDetails().getCauses() != null) {
        return kce.getStatus().getDetails().getCauses().stream()
            .anyMatch(c -> "NamespaceTerminating".equals(c.getReason()));
      }
    }
    return false;
  }

  /**
   * The error status's control: retried with backoff, except in a namespace being deleted (shown,
   * and left: the object goes with its namespace).
   */
  public static <R extends HasMetadata> ErrorStatusUpdateControl<R> control(
      ErrorStatusUpdateControl<R> control, Throwable e) {
    return namespaceTerminating(e) ? control.withNoRetry() : control;
  }

  /** The previous conditions with Ready=False, Reconciling=True, {@link #RECONCILE_ERROR}. */
  public static List<Condition> conditions(
      List<Condition> previous, long generation, Instant now, Context<?> ctx, Throwable e) {
    return Conditions.from(previous, generation, now)
        .waiting(RECONCILE_ERROR, retrying(ctx, e))
        .build();
  }

  /**
   * A Warning event on {@code resource} at the first failure of a streak (reason {@link
   * #RECONCILE_ERROR}, or {@code Refused} when the API server refused a write), so that {@code
   * kubectl describe} and event watchers see it; its retries only update status. Nothing for a
   * namespace being deleted: that is expected, and the object goes with it.
   */
  public static void announce(Context<?> ctx, HasMetadata resource, Throwable e) {
    boolean retry = ctx.getRetryInfo().map(RetryInfo::getAttemptCount).orElse(0) > 0;
    if (retry || namespaceTerminating(e)) {
      return;
    }
    new EventRecorder(ctx.getClient(), Clock.systemUTC())
        .warning(resource, refused(e) ? "Refused" : RECONCILE_ERROR, retrying(ctx, e));
  }

  /** "retrying with backoff (attempt n, then at most every 5 minutes): cause". */
  public static String retrying(Context<?> ctx, Throwable e) {
    return retrying(ctx.getRetryInfo().map(RetryInfo::getAttemptCount).orElse(0) + 1, e);
  }

  /** As {@link #retrying(Context, Throwable)}, for the {@code attempt}-th failure (from 1). */
  public static String retrying(int attempt, Throwable e) {
    return "retrying with backoff (attempt "
        + attempt
        + ", then at most every "
        + RETRY_CAP.toMinutes()
        + " minutes): "
        + describe(e);
  }
}
