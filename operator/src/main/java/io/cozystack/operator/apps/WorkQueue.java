package io.cozystack.operator.apps;

import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A keyed work queue with one worker: a key enqueued while pending runs once; a failed key is
 * retried with exponential backoff (1 s doubling to 5 min); keys of one queue never run
 * concurrently.
 */
final class WorkQueue implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(WorkQueue.class);
  private static final Duration MAX_BACKOFF = Duration.ofMinutes(5);

  private final ScheduledExecutorService worker;
  private final Consumer<String> handler;
  private final Failures onFailure;
  private final Set<String> pending = ConcurrentHashMap.newKeySet();
  private final Map<String, Integer> failures = new ConcurrentHashMap<>();

  /** Told of each failed run of a key, before its retry: to show the failure where it belongs. */
  interface Failures {
    void failed(String key, int attempt, RuntimeException e);
  }

  WorkQueue(String name, Consumer<String> handler) {
    this(name, handler, (key, attempt, e) -> {});
  }

  WorkQueue(String name, Consumer<String> handler, Failures onFailure) {
    this.handler = handler;
    this.onFailure = onFailure;
    this.worker =
        Executors.newSingleThreadScheduledExecutor(
            r -> {
              Thread t = new Thread(r, "apps-" + name);
              t.setDaemon(true);
              return t;
            });
  }

  void enqueue(String key) {
    schedule(key, 0);
  }

  /** Runs {@code task} on the worker after {@code delay}, in turn with the keys. */
  void later(Runnable task, Duration delay) {
    if (!worker.isShutdown()) {
      worker.schedule(task, delay.toMillis(), TimeUnit.MILLISECONDS);
    }
  }

  private void schedule(String key, long delayMillis) {
    if (pending.add(key) && !worker.isShutdown()) {
      worker.schedule(() -> run(key), delayMillis, TimeUnit.MILLISECONDS);
    }
  }

  private void run(String key) {
    pending.remove(key);
    try {
      handler.accept(key);
      failures.remove(key);
    } catch (RuntimeException e) {
      int attempt = failures.merge(key, 1, Integer::sum);
      long delay = Math.min(MAX_BACKOFF.toMillis(), 1000L << Math.min(attempt - 1, 20));
      LOG.warn(
          "Reconcile of {} failed (attempt {}), retrying in {} ms: {}",
          key,
          attempt,
          delay,
          e.getMessage());
      report(key, attempt, e);
      schedule(key, delay);
    }
  }

  private void report(String key, int attempt, RuntimeException e) {
    try {
      onFailure.failed(key, attempt, e);
    } catch (RuntimeException reportFailed) {
      // Showing the failure is best effort: the API server may be what failed.
      LOG.debug("Could not report the failure of {}: {}", key, reportFailed.getMessage());
    }
  }

  @Override
  public void close() {
    worker.shutdownNow();
  }
}
