package io.cozystack.contracts.driver;

import io.cozystack.api.backups.v1alpha1.BackupsApi;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * A kind of object a driver watches, in every namespace, and how one such object names the job it
 * belongs to. By default the job is read from the owner labels the driver put on it.
 */
public record WatchedKind(
    String apiVersion, String kind, Function<GenericKubernetesResource, Optional<JobKey>> owner) {

  /** A namespaced job (BackupJob or RestoreJob; the runtime tries both). */
  public record JobKey(String namespace, String name) {}

  /** A kind whose objects carry {@link BackupRun#ownerLabels()}. */
  public static WatchedKind labelled(String apiVersion, String kind) {
    return new WatchedKind(apiVersion, kind, WatchedKind::fromOwnerLabels);
  }

  static Optional<JobKey> fromOwnerLabels(GenericKubernetesResource object) {
    Map<String, String> labels = object.getMetadata().getLabels();
    if (labels == null
        || !labels.containsKey(BackupsApi.OWNED_BY_BACKUP_JOB_NAME)
        || !labels.containsKey(BackupsApi.OWNED_BY_BACKUP_JOB_NAMESPACE)) {
      return Optional.empty();
    }
    return Optional.of(
        new JobKey(
            labels.get(BackupsApi.OWNED_BY_BACKUP_JOB_NAMESPACE),
            labels.get(BackupsApi.OWNED_BY_BACKUP_JOB_NAME)));
  }
}
