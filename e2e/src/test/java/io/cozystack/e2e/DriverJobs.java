package io.cozystack.e2e;

import static org.awaitility.Awaitility.await;

import io.cozystack.api.backups.v1alpha1.Backup;
import io.cozystack.api.backups.v1alpha1.BackupJob;
import io.cozystack.api.backups.v1alpha1.RestoreJob;
import io.cozystack.api.backups.v1alpha1.RunPhase;
import io.cozystack.api.backups.v1alpha1.RunStatus;
import io.cozystack.api.meta.Condition;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * The BackupJobs and RestoreJobs a driver's e2e test writes in its namespace for one application
 * kind, and what it reads back: their run status, the Backups, and the upstream operator's objects
 * the driver made for a job (found by the job's owner label).
 */
final class DriverJobs {
  static final String OWNER_LABEL = "backups.cozystack.io/owned-by.BackupJobName";
  private static final Duration WAIT = Duration.ofSeconds(30);

  private final KubernetesClient client;
  private final String namespace;
  private final String appKind;
  private final String upstreamApiVersion;

  /**
   * @param appKind the application kind the jobs name ({@code apps.cozystack.io})
   * @param upstreamApiVersion the API version of the operator objects the driver makes
   */
  DriverJobs(KubernetesClient client, String namespace, String appKind, String upstreamApiVersion) {
    this.client = client;
    this.namespace = namespace;
    this.appKind = appKind;
    this.upstreamApiVersion = upstreamApiVersion;
  }

  void backupJob(String name, String app, String backupClass) {
    Manifests.apply(
        client,
        """
        apiVersion: backups.cozystack.io/v1alpha1
        kind: BackupJob
        metadata: {name: %s, namespace: %s}
        spec:
          applicationRef: {kind: %s, name: %s}
          backupClassName: %s
        """
            .formatted(name, namespace, appKind, app, backupClass));
  }

  /** A RestoreJob of Backup {@code backup}: in place, or into {@code target} when given. */
  void restoreJob(String name, String backup, String target) {
    Manifests.apply(
        client,
        """
        apiVersion: backups.cozystack.io/v1alpha1
        kind: RestoreJob
        metadata: {name: %s, namespace: %s}
        spec:
          backupRef: {name: %s}
        %s"""
            .formatted(
                name,
                namespace,
                backup,
                target == null
                    ? ""
                    : "  targetApplicationRef: {kind: " + appKind + ", name: " + target + "}\n"));
  }

  Backup backup(String name) {
    return client.resources(Backup.class).inNamespace(namespace).withName(name).get();
  }

  RestoreJob restoreJob(String name) {
    return client.resources(RestoreJob.class).inNamespace(namespace).withName(name).get();
  }

  /** The operator object as it is now, or null once it is gone. */
  GenericKubernetesResource operatorObject(GenericKubernetesResource object) {
    return client
        .genericKubernetesResources(upstreamApiVersion, object.getKind())
        .inNamespace(namespace)
        .withName(object.getMetadata().getName())
        .get();
  }

  List<GenericKubernetesResource> owned(String kind, String job) {
    return client
        .genericKubernetesResources(upstreamApiVersion, kind)
        .inNamespace(namespace)
        .withLabel(OWNER_LABEL, job)
        .list()
        .getItems();
  }

  GenericKubernetesResource awaitOwned(String kind, String job) {
    return await().atMost(WAIT).until(() -> owned(kind, job), l -> !l.isEmpty()).get(0);
  }

  <T extends HasMetadata> void awaitReady(Class<T> type, String name, String reason) {
    await()
        .atMost(WAIT)
        .until(
            () -> {
              RunStatus status = status(type, name);
              Condition ready = status == null ? null : ready(status.conditions());
              return ready != null && reason.equals(ready.reason());
            });
  }

  <T extends HasMetadata> void awaitPhase(Class<T> type, String name, RunPhase phase) {
    await()
        .atMost(WAIT)
        .until(() -> status(type, name) != null && status(type, name).phase() == phase);
  }

  static void awaitGone(Callable<?> read) {
    await().atMost(WAIT).until(() -> read.call() == null);
  }

  /** The run status of a BackupJob or RestoreJob, or null before it has one. */
  <T extends HasMetadata> RunStatus status(Class<T> type, String name) {
    HasMetadata job = client.resources(type).inNamespace(namespace).withName(name).get();
    if (job instanceof BackupJob b) {
      return b.getStatus();
    }
    return job instanceof RestoreJob r ? r.getStatus() : null;
  }

  static Condition ready(List<Condition> conditions) {
    return conditions == null
        ? null
        : conditions.stream().filter(c -> "Ready".equals(c.type())).findFirst().orElse(null);
  }
}
