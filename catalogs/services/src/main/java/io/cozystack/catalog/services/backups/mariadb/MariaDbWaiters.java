package io.cozystack.catalog.services.backups.mariadb;

import io.cozystack.contracts.driver.WatchedKind;
import io.cozystack.contracts.driver.WatchedKind.JobKey;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The jobs waiting for a mariadb-operator MariaDB object to appear. The MariaDB objects carry no
 * owner labels, so the driver remembers who waits for which; each change of that MariaDB wakes one
 * waiting job (the SDK wakes one job per event; the operator updates a new MariaDB's status several
 * times, and a woken job that must still wait registers again). Without this a job would wait for
 * its deadline.
 */
final class MariaDbWaiters {
  private final Map<String, LinkedHashSet<JobKey>> waiting = new ConcurrentHashMap<>();

  /** {@code job} waits for MariaDB {@code namespace/name}. Register before looking, not after. */
  void await(String namespace, String name, JobKey job) {
    waiting.compute(
        key(namespace, name),
        (k, jobs) -> {
          LinkedHashSet<JobKey> set = jobs == null ? new LinkedHashSet<>() : jobs;
          set.add(job);
          return set;
        });
  }

  /** {@code job} no longer waits for MariaDB {@code namespace/name}. */
  void done(String namespace, String name, JobKey job) {
    waiting.computeIfPresent(
        key(namespace, name),
        (k, jobs) -> {
          jobs.remove(job);
          return jobs.isEmpty() ? null : jobs;
        });
  }

  /** The job a change of {@code mariaDb} wakes: the longest-waiting one, which stops waiting. */
  Optional<JobKey> wake(GenericKubernetesResource mariaDb) {
    String key = key(mariaDb.getMetadata().getNamespace(), mariaDb.getMetadata().getName());
    JobKey[] woken = new JobKey[1];
    waiting.computeIfPresent(
        key,
        (k, jobs) -> {
          Iterator<JobKey> it = jobs.iterator();
          woken[0] = it.next();
          it.remove();
          return jobs.isEmpty() ? null : jobs;
        });
    return Optional.ofNullable(woken[0]);
  }

  /** The MariaDB kind, watched so that its appearance wakes a waiting job. */
  WatchedKind watchedKind() {
    return new WatchedKind(MariaDbApi.API_VERSION, MariaDbApi.MARIADB, this::wake);
  }

  private static String key(String namespace, String name) {
    return namespace + "/" + name;
  }
}
