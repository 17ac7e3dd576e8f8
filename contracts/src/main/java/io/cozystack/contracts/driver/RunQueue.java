package io.cozystack.contracts.driver;

import java.time.Duration;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.MDC;

/**
 * The runtime's work queue: a key is queued at most once, never handled by two workers at once (an
 * event during its run queues it again once), retried with exponential backoff (1 s to 5 min) when
 * its handler throws, and re-queued after the delay its handler asks for.
 */
final class RunQueue implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(RunQueue.class);
  private static final Duration MAX_BACKOFF = Duration.ofMinutes(5);

  /** What kind of object a key names. */
  enum Type {
    BACKUP_JOB("BackupJob"),
    RESTORE_JOB("RestoreJob"),
    BACKUP("Backup");

    private final String kind;

    Type(String kind) {
      this.kind = kind;
    }

    String kind() {
      return kind;
    }
  }

  /** One object to handle. */
  record Key(Type type, String namespace, String name) {}

  /** Handles a key; returns when to look again, if the handler wants that. */
  interface Handler {
    Optional<Duration> handle(Key key) throws Exception;
  }

  private final Handler handler;
  private final ExecutorService workers;
  private final ScheduledExecutorService timer;
  private final Set<Key> queued = new HashSet<>();
  private final Set<Key> active = new HashSet<>();
  private final Set<Key> again = new HashSet<>();
  private final Map<Key, Integer> failures = new HashMap<>();

  RunQueue(String name, int workers, Handler handler) {
    this.handler = handler;
    this.workers = Executors.newFixedThreadPool(workers, daemon(name + "-worker"));
    this.timer = Executors.newSingleThreadScheduledExecutor(daemon(name + "-timer"));
  }

  void enqueue(Key key) {
    synchronized (this) {
      if (active.contains(key)) {
        again.add(key);
        return;
      }
      if (!queued.add(key)) {
        return;
      }
    }
    try {
      workers.execute(() -> run(key));
    } catch (RejectedExecutionException e) {
      // Closed: the process is stopping, and the next one starts from the informers' lists.
    }
  }

  void enqueueAfter(Key key, Duration delay) {
    try {
      timer.schedule(() -> enqueue(key), Math.max(0, delay.toMillis()), TimeUnit.MILLISECONDS);
    } catch (RejectedExecutionException e) {
      // Closed, as above.
    }
  }

  private void run(Key key) {
    synchronized (this) {
      queued.remove(key);
      active.add(key);
    }
    // Every line logged during the run names the job, as the operator's reconcile lines do.
    MDC.put("resource.kind", key.type().kind());
    MDC.put("resource.namespace", key.namespace());
    MDC.put("resource.name", key.name());
    try {
      Optional<Duration> later = handler.handle(key);
      synchronized (this) {
        failures.remove(key);
      }
      later.ifPresent(d -> enqueueAfter(key, d));
    } catch (Exception e) {
      int attempts;
      synchronized (this) {
        attempts = failures.merge(key, 1, Integer::sum);
      }
      Duration backoff = backoff(attempts);
      LOG.warn("{} {}/{}: {} (retry in {})", key.type(), key.namespace(), key.name(), e, backoff);
      enqueueAfter(key, backoff);
    } finally {
      MDC.clear();
      boolean rerun;
      synchronized (this) {
        active.remove(key);
        rerun = again.remove(key);
      }
      if (rerun) {
        enqueue(key);
      }
    }
  }

  static Duration backoff(int attempts) {
    Duration d = Duration.ofSeconds(1L << Math.min(attempts - 1, 16));
    return d.compareTo(MAX_BACKOFF) > 0 ? MAX_BACKOFF : d;
  }

  private static java.util.concurrent.ThreadFactory daemon(String name) {
    return r -> {
      Thread t = new Thread(r, name);
      t.setDaemon(true);
      return t;
    };
  }

  @Override
  public void close() {
    timer.shutdownNow();
    workers.shutdownNow();
  }
}
