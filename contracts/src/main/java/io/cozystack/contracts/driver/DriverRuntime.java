package io.cozystack.contracts.driver;

import io.cozystack.api.Contracts;
import io.cozystack.api.backups.driver.DriverRegistrationSpec;
import io.cozystack.api.backups.v1alpha1.Backup;
import io.cozystack.api.backups.v1alpha1.BackupJob;
import io.cozystack.api.backups.v1alpha1.RestoreJob;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.informers.ResourceEventHandler;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.MDC;

/**
 * Runs a {@link StrategyDriver}: registers it and keeps its heartbeat, watches the BackupJobs and
 * RestoreJobs dispatched to it (and its Backups, strategies and watched kinds), and drives each job
 * through the lifecycle with one work queue. Start it once per process; close it to stop.
 */
public final class DriverRuntime implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(DriverRuntime.class);

  private final KubernetesClient client;
  private final StrategyDriver driver;
  private final DriverHeartbeat heartbeat;
  private final StrategyLookup strategies;
  private final BackupJobRuns backups;
  private final RestoreJobRuns restores;
  private final BackupCleanups cleanups;
  private final WorkLoop<RunKey> queue;
  private final List<SharedIndexInformer<?>> informers = new ArrayList<>();
  private SharedIndexInformer<BackupJob> backupJobs;
  private SharedIndexInformer<RestoreJob> restoreJobs;
  private SharedIndexInformer<Backup> backupObjects;

  private DriverRuntime(KubernetesClient client, StrategyDriver driver, Clock clock, int workers) {
    DriverRegistrationSpec registration = validate(driver.registration());
    this.client = client;
    this.driver = driver;
    this.heartbeat = new DriverHeartbeat(client, registration);
    this.strategies = new StrategyLookup(client, registration.strategies());
    this.backups = new BackupJobRuns(client, driver, strategies, clock);
    this.restores = new RestoreJobRuns(client, driver, strategies, clock, this::backupOf);
    this.cleanups = new BackupCleanups(client, driver, strategies);
    this.queue = new WorkLoop<>(registration.driver(), workers, this::handle);
  }

  /**
   * Workers of the queue. A run waits on the API server, not the CPU: with 2 workers 500 jobs
   * queued up behind each other (p50 7.8 s from creation to Succeeded in BackupDriverBenchmark),
   * with 8 they did not (p50 0.49 s).
   */
  public static final int DEFAULT_WORKERS = 8;

  /** Starts the driver with the system clock and {@link #DEFAULT_WORKERS} workers. */
  public static DriverRuntime start(KubernetesClient client, StrategyDriver driver) {
    return start(client, driver, Clock.systemUTC(), DEFAULT_WORKERS);
  }

  /** Starts the driver; fails at once (naming what) if it cannot register or watch. */
  public static DriverRuntime start(
      KubernetesClient client, StrategyDriver driver, Clock clock, int workers) {
    return start(client, driver, clock, workers, true);
  }

  /**
   * Starts a driver hosted by a process that has other work (the platform's own Job driver in the
   * operator): its first heartbeat goes on the timer, so a failure (cozy-system not there yet, a
   * transient error) is logged and retried instead of failing the host's start. It still fails if
   * it cannot watch.
   */
  public static DriverRuntime startHosted(KubernetesClient client, StrategyDriver driver) {
    return start(client, driver, Clock.systemUTC(), DEFAULT_WORKERS, false);
  }

  private static DriverRuntime start(
      KubernetesClient client,
      StrategyDriver driver,
      Clock clock,
      int workers,
      boolean firstBeatNow) {
    DriverRuntime runtime = new DriverRuntime(client, driver, clock, workers);
    try {
      runtime.run(firstBeatNow);
    } catch (RuntimeException e) {
      runtime.close();
      throw e;
    }
    return runtime;
  }

  /** The finalizer a driver puts on the RestoreJobs and Backups whose clean-up it owns. */
  public static String finalizer(String driver) {
    return driver + "/cleanup";
  }

  private void run(boolean firstBeatNow) {
    if (firstBeatNow) {
      heartbeat.startNow();
    } else {
      heartbeat.start();
    }
    strategies.start(this::wakeWaitingJobs);
    backupObjects =
        watch(
            client.resources(Backup.class).inAnyNamespace().inform(),
            b -> {
              if (cleanups.wants(b)) {
                queue.enqueue(key(RunKey.Type.BACKUP, b));
              }
            });
    backupJobs =
        watch(
            client.resources(BackupJob.class).inAnyNamespace().inform(),
            j -> {
              if (backups.wants(j)) {
                queue.enqueue(key(RunKey.Type.BACKUP_JOB, j));
              }
            });
    restoreJobs =
        watch(
            client.resources(RestoreJob.class).inAnyNamespace().inform(),
            j -> {
              if (restores.wants(j)) {
                queue.enqueue(key(RunKey.Type.RESTORE_JOB, j));
              }
            });
    for (WatchedKind kind : driver.watches()) {
      watch(
          client
              .genericKubernetesResources(kind.apiVersion(), kind.kind())
              .inAnyNamespace()
              .inform(),
          (GenericKubernetesResource o) -> kind.owner().apply(o).ifPresent(this::wakeJob));
    }
    LOG.info(
        "backup driver {} started: claims {}",
        driver.registration().driver(),
        driver.registration().strategies());
  }

  private <T extends HasMetadata> SharedIndexInformer<T> watch(
      SharedIndexInformer<T> informer, Consumer<T> onChange) {
    informer.addEventHandler(
        new ResourceEventHandler<>() {
          @Override
          public void onAdd(T obj) {
            onChange.accept(obj);
          }

          @Override
          public void onUpdate(T oldObj, T newObj) {
            onChange.accept(newObj);
          }

          @Override
          public void onDelete(T obj, boolean deletedFinalStateUnknown) {
            onChange.accept(obj);
          }
        });
    informers.add(informer);
    return informer;
  }

  /** The Backup a RestoreJob restores, from the cache. */
  private Optional<Backup> backupOf(RestoreJob job) {
    return Optional.ofNullable(
        backupObjects
            .getStore()
            .getByKey(job.getMetadata().getNamespace() + "/" + job.getSpec().backupRef().name()));
  }

  private void wakeJob(WatchedKind.JobKey job) {
    queue.enqueue(new RunKey(RunKey.Type.BACKUP_JOB, job.namespace(), job.name()));
    queue.enqueue(new RunKey(RunKey.Type.RESTORE_JOB, job.namespace(), job.name()));
  }

  /** A strategy appeared or changed: every job of this driver still working looks again. */
  private void wakeWaitingJobs() {
    if (backupJobs != null) {
      backupJobs.getStore().list().stream()
          .filter(backups::wants)
          .forEach(j -> queue.enqueue(key(RunKey.Type.BACKUP_JOB, j)));
    }
    if (restoreJobs != null) {
      restoreJobs.getStore().list().stream()
          .filter(restores::wants)
          .forEach(j -> queue.enqueue(key(RunKey.Type.RESTORE_JOB, j)));
    }
  }

  private Optional<Duration> handle(RunKey key) {
    String storeKey = key.namespace() + "/" + key.name();
    // Every line logged during the run names the object, as the operator's reconcile lines do.
    MDC.put("resource.kind", key.type().kind());
    MDC.put("resource.namespace", key.namespace());
    MDC.put("resource.name", key.name());
    try {
      return switch (key.type()) {
        case BACKUP_JOB -> backups.handle(backupJobs.getStore().getByKey(storeKey));
        case RESTORE_JOB -> restores.handle(restoreJobs.getStore().getByKey(storeKey));
        case BACKUP -> cleanups.handle(backupObjects.getStore().getByKey(storeKey));
      };
    } finally {
      MDC.clear();
    }
  }

  private static RunKey key(RunKey.Type type, HasMetadata object) {
    return new RunKey(type, object.getMetadata().getNamespace(), object.getMetadata().getName());
  }

  /** The registration's own rules, checked before anything is written. */
  static DriverRegistrationSpec validate(DriverRegistrationSpec registration) {
    if (registration == null || registration.driver() == null || registration.driver().isBlank()) {
      throw new IllegalArgumentException("registration.driver: a driver needs a name");
    }
    if (registration.strategies() == null || registration.strategies().isEmpty()) {
      throw new IllegalArgumentException(
          "registration.strategies: driver " + registration.driver() + " claims no strategy kind");
    }
    if (registration.contractVersion() == null
        || Math.abs(registration.contractVersion() - Contracts.VERSION) > 1) {
      throw new IllegalArgumentException(
          "registration.contractVersion: "
              + registration.contractVersion()
              + " is outside what this SDK speaks ("
              + (Contracts.VERSION - 1)
              + ".."
              + (Contracts.VERSION + 1)
              + ")");
    }
    return registration;
  }

  @Override
  public void close() {
    heartbeat.close();
    queue.close();
    informers.forEach(SharedIndexInformer::close);
    strategies.close();
  }
}
