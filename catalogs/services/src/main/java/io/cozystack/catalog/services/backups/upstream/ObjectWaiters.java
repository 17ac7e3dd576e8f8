package io.cozystack.catalog.services.backups.upstream;

import io.cozystack.contracts.driver.WatchedKind;
import io.cozystack.contracts.driver.WatchedKind.JobKey;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The jobs waiting for an upstream object the driver did not create (an operator's database object)
 * to appear or change. Such objects carry no owner labels, so the driver remembers who waits for
 * which; each change of the object wakes one waiting job (the SDK wakes one job per event; an
 * operator updates a new object's status several times, and a woken job that must still wait
 * registers again). Without this a job would wait for its deadline.
 */
public final class ObjectWaiters {
  private final String apiVersion;
  private final String kind;
  private final Map<String, LinkedHashSet<JobKey>> waiting = new ConcurrentHashMap<>();

  /** Waiters on the objects of {@code apiVersion} {@code kind}. */
  public ObjectWaiters(String apiVersion, String kind) {
    this.apiVersion = apiVersion;
    this.kind = kind;
  }

  /** {@code job} waits for object {@code namespace/name}. Register before looking, not after. */
  public void await(String namespace, String name, JobKey job) {
    waiting.compute(
        key(namespace, name),
        (k, jobs) -> {
          LinkedHashSet<JobKey> set = jobs == null ? new LinkedHashSet<>() : jobs;
          set.add(job);
          return set;
        });
  }

  /** {@code job} no longer waits for object {@code namespace/name}. */
  public void done(String namespace, String name, JobKey job) {
    waiting.computeIfPresent(
        key(namespace, name),
        (k, jobs) -> {
          jobs.remove(job);
          return jobs.isEmpty() ? null : jobs;
        });
  }

  /** The job a change of {@code object} wakes: the longest-waiting one, which stops waiting. */
  public Optional<JobKey> wake(GenericKubernetesResource object) {
    String key = key(object.getMetadata().getNamespace(), object.getMetadata().getName());
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

  /** The kind, watched so that a change of one of its objects wakes a waiting job. */
  public WatchedKind watchedKind() {
    return new WatchedKind(apiVersion, kind, this::wake);
  }

  private static String key(String namespace, String name) {
    return namespace + "/" + name;
  }
}
