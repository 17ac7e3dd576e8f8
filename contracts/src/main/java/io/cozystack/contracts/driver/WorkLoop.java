package io.cozystack.contracts.driver;

import java.time.Duration;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The keyed work loop of every controller started at runtime, where the operator framework cannot
 * register one (it registers controllers only before it starts): a driver's jobs and each served
 * application kind. A key is queued at most once and never handled by two workers at once (an event
 * during its run queues it once more, after); a handler that throws is told to the failure listener
 * and retried with exponential backoff (1 s doubling to 5 min), an event while it waits running it
 * at once; a handler may ask to be run again after a delay.
 */
public final class WorkLoop<K> implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(WorkLoop.class);
  private static final Duration MAX_BACKOFF = Duration.ofMinutes(5);

  /** Handles a key; returns when to look again, if it wants that. */
  public interface Handler<K> {
    Optional<Duration> handle(K key) throws Exception;
  }

  /** Told of each failed run of a key, before its retry: to show the failure where it belongs. */
  public interface Failures<K> {
    void failed(K key, int attempt, Exception e);
  }

  private final String name;
  private final Handler<K> handler;
  private final Failures<K> onFailure;
  private final ThreadPoolExecutor workers;
  private final ScheduledExecutorService timer;
  private final Set<K> queued = new HashSet<>();
  private final Set<K> active = new HashSet<>();
  private final Set<K> again = new HashSet<>();
  private final Map<K, Integer> failures = new HashMap<>();

  public WorkLoop(String name, int workers, Handler<K> handler) {
    this(name, workers, handler, (key, attempt, e) -> {});
  }

  /**
   * @param workers how many keys run at once; the worker threads exist only while there is work
   */
  public WorkLoop(String name, int workers, Handler<K> handler, Failures<K> onFailure) {
    this.name = name;
    this.handler = handler;
    this.onFailure = onFailure;
    this.workers =
        new ThreadPoolExecutor(
            workers,
            workers,
            1,
            TimeUnit.MINUTES,
            new LinkedBlockingQueue<>(),
            daemon(name + "-worker"));
    this.workers.allowCoreThreadTimeOut(true);
    this.timer = Executors.newSingleThreadScheduledExecutor(daemon(name + "-timer"));
  }

  public void enqueue(K key) {
    synchronized (this) {
      if (active.contains(key)) {
        again.add(key);
        return;
      }
      if (!queued.add(key)) {
        return;
      }
    }
    execute(() -> run(key));
  }

  public void enqueueAfter(K key, Duration delay) {
    schedule(() -> enqueue(key), delay);
  }

  /**
   * Runs {@code task} on a worker after {@code delay}, in turn with the keys: with one worker,
   * never beside a key's run.
   */
  public void later(Runnable task, Duration delay) {
    schedule(() -> execute(task), delay);
  }

  private void schedule(Runnable task, Duration delay) {
    try {
      timer.schedule(task, Math.max(0, delay.toMillis()), TimeUnit.MILLISECONDS);
    } catch (RejectedExecutionException e) {
      // Closed, as below.
    }
  }

  private void execute(Runnable task) {
    try {
      workers.execute(task);
    } catch (RejectedExecutionException e) {
      // Closed: the process is stopping, and the next one starts from the informers' lists.
    }
  }

  private void run(K key) {
    synchronized (this) {
      queued.remove(key);
      active.add(key);
    }
    try {
      Optional<Duration> later = handler.handle(key);
      synchronized (this) {
        failures.remove(key);
      }
      later.ifPresent(d -> enqueueAfter(key, d));
    } catch (Exception e) {
      retry(key, e);
    } finally {
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

  private void retry(K key, Exception e) {
    int attempt;
    synchronized (this) {
      attempt = failures.merge(key, 1, Integer::sum);
    }
    Duration backoff = backoff(attempt);
    LOG.warn("{} {}: attempt {} failed, retrying in {}: {}", name, key, attempt, backoff, e);
    try {
      onFailure.failed(key, attempt, e);
    } catch (RuntimeException reportFailed) {
      // Showing the failure is best effort: the API server may be what failed.
      LOG.debug("Could not report the failure of {}: {}", key, reportFailed.getMessage());
    }
    enqueueAfter(key, backoff);
  }

  static Duration backoff(int attempts) {
    Duration d = Duration.ofSeconds(1L << Math.min(attempts - 1, 16));
    return d.compareTo(MAX_BACKOFF) > 0 ? MAX_BACKOFF : d;
  }

  private static ThreadFactory daemon(String name) {
    AtomicInteger count = new AtomicInteger();
    return r -> {
      Thread t = new Thread(r, name + "-" + count.incrementAndGet());
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
