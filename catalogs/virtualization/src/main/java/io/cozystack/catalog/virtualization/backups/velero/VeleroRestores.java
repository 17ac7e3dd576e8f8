package io.cozystack.catalog.virtualization.backups.velero;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.cozystack.api.backups.v1alpha1.Backup;
import io.cozystack.contracts.driver.Progress;
import io.cozystack.contracts.driver.StrategyTemplate;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.util.Map;
import java.util.Optional;

/**
 * The Velero Restore of a RestoreJob, as pure functions: the object to create, and what its Velero
 * phase means for the job.
 */
final class VeleroRestores {
  static final String IN_PROGRESS = "VeleroRestoreInProgress";
  static final String FAILED = "VeleroRestoreFailed";
  static final String TOO_MANY = "TooManyVeleroRestores";
  static final String NOT_A_VELERO_BACKUP = "VeleroBackupUnknown";

  private VeleroRestores() {}

  /** The Velero Backup a Backup was taken as ({@code driverMetadata[velero.io/backup-name]}). */
  static Optional<String> veleroBackupName(Backup backup) {
    Map<String, String> metadata = backup.getSpec().driverMetadata();
    String name = metadata == null ? null : metadata.get(Velero.BACKUP_NAME);
    return name == null || name.isBlank() ? Optional.empty() : Optional.of(name);
  }

  /** Why a Backup without that metadata cannot be restored by this driver. */
  static Progress noVeleroBackup(Backup backup) {
    return Progress.failed(
        NOT_A_VELERO_BACKUP,
        "Backup "
            + backup.getMetadata().getNamespace()
            + "/"
            + backup.getMetadata().getName()
            + " has no driverMetadata "
            + Velero.BACKUP_NAME
            + "; it does not name a Velero Backup to restore");
  }

  /**
   * The strategy's {@code spec.template.restoreSpec} (a Velero RestoreSpec) rendered with {@code
   * context}, or an empty object if the strategy has none. Field paths in errors read {@code
   * template.restoreSpec...}.
   */
  static ObjectNode renderSpec(GenericKubernetesResource strategy, JsonNode context)
      throws StrategyTemplate.TemplateException {
    JsonNode spec = VeleroBackups.template(strategy).path("restoreSpec");
    if (!spec.isObject()) {
      return Serialization.jsonMapper().createObjectNode();
    }
    ObjectNode wrapped = Serialization.jsonMapper().createObjectNode();
    wrapped.set("restoreSpec", spec);
    return (ObjectNode) StrategyTemplate.render(wrapped, context).get("restoreSpec");
  }

  /**
   * The Velero Restore of RestoreJob {@code namespace/name}: named {@code
   * <namespace>.<name>-<random>} in cozy-velero, with the job's owner labels; {@code spec} plus
   * {@code backupName}, and for a copy restore a {@code namespaceMapping} from the Backup's
   * namespace to the target (entries the template maps are kept).
   */
  static GenericKubernetesResource desired(
      String namespace,
      String name,
      Map<String, String> ownerLabels,
      ObjectNode spec,
      String veleroBackupName,
      String backupNamespace,
      Optional<String> copyTo) {
    ObjectNode full = spec.deepCopy();
    full.put("backupName", veleroBackupName);
    copyTo.ifPresent(
        target -> {
          JsonNode mapping = full.path("namespaceMapping");
          ObjectNode map =
              mapping.isObject() ? (ObjectNode) mapping : full.putObject("namespaceMapping");
          map.put(backupNamespace, target);
        });
    return Velero.object(Velero.RESTORE, namespace + "." + name + "-", ownerLabels, full);
  }

  /** More than one Velero Restore carries the job's labels. */
  static Progress tooMany(int count) {
    return Progress.failed(
        TOO_MANY, "found " + count + " Velero Restores for this job; expected one");
  }

  /** What a Velero Restore's phase means for its RestoreJob. */
  static Progress observe(GenericKubernetesResource restore) {
    String phase = Velero.phase(restore);
    if (Velero.COMPLETED.equals(phase)) {
      return Progress.restored("Velero Restore " + Velero.ref(restore) + " completed");
    }
    if (Velero.FAILED_PHASES.contains(phase)) {
      String reason = Velero.status(restore).path("failureReason").asText("");
      return Progress.failed(
          FAILED,
          "Velero Restore failed with phase " + phase + (reason.isBlank() ? "" : ": " + reason));
    }
    return Progress.working(
        IN_PROGRESS,
        "Velero Restore "
            + Velero.ref(restore)
            + (phase.isEmpty() ? " is not picked up by Velero yet" : " is " + phase));
  }
}
