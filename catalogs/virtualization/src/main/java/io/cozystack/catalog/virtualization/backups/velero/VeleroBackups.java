package io.cozystack.catalog.virtualization.backups.velero;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.cozystack.api.backups.v1alpha1.BackupStatus.BackupArtifact;
import io.cozystack.api.backups.v1alpha1.BackupsApi;
import io.cozystack.api.meta.TypedLocalObjectReference;
import io.cozystack.contracts.driver.Progress;
import io.cozystack.contracts.driver.StrategyTemplate;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The Velero Backup of a BackupJob, as pure functions: the object to create, and what its Velero
 * phase means for the job.
 */
final class VeleroBackups {
  static final String IN_PROGRESS = "VeleroBackupInProgress";
  static final String FAILED = "VeleroBackupFailed";
  static final String TOO_MANY = "TooManyVeleroBackups";

  private VeleroBackups() {}

  /**
   * The strategy's {@code spec.template.spec} (a Velero BackupSpec) rendered with {@code context}.
   * Only this part is rendered for a backup: {@code restoreSpec} may name restore-only fields
   * ({@code .Backup}) that a backup context lacks. Field paths in errors read {@code
   * template.spec...}.
   *
   * @throws IllegalArgumentException if the strategy has no {@code spec.template.spec} object
   */
  static JsonNode renderSpec(GenericKubernetesResource strategy, JsonNode context)
      throws StrategyTemplate.TemplateException {
    JsonNode spec = template(strategy).path("spec");
    if (!spec.isObject()) {
      throw new IllegalArgumentException(
          "Velero strategy "
              + strategy.getMetadata().getName()
              + " has no spec.template.spec (a Velero BackupSpec)");
    }
    ObjectNode wrapped = Serialization.jsonMapper().createObjectNode();
    wrapped.set("spec", spec);
    return StrategyTemplate.render(wrapped, context).get("spec");
  }

  /**
   * A VMInstance's disks are separate VMDisk applications: as in Cozystack, the Backup also selects
   * each disk named in the instance's {@code spec.disks[].name} (one {@code orLabelSelectors} entry
   * per disk, by the application labels its chart puts on its objects; a {@code labelSelector} of
   * the strategy becomes the first alternative, since Velero takes only one of the two). Other
   * kinds are unchanged.
   */
  static JsonNode withVmDisks(JsonNode spec, JsonNode application) {
    if (!"VMInstance".equals(application.path("kind").asText())) {
      return spec;
    }
    JsonNode disks = application.path("spec").path("disks");
    if (!disks.isArray() || disks.isEmpty()) {
      return spec;
    }
    ObjectNode out = spec.deepCopy();
    var selectors =
        out.has("orLabelSelectors") && out.get("orLabelSelectors").isArray()
            ? (com.fasterxml.jackson.databind.node.ArrayNode) out.get("orLabelSelectors")
            : out.putArray("orLabelSelectors");
    // Velero refuses labelSelector beside orLabelSelectors: the instance's own selector becomes
    // the first alternative.
    if (out.has("labelSelector")) {
      selectors.insert(0, out.remove("labelSelector"));
    }
    for (JsonNode disk : disks) {
      String name = disk.path("name").asText("");
      if (name.isEmpty()) {
        continue;
      }
      ObjectNode labels = selectors.addObject().putObject("matchLabels");
      labels.put("apps.cozystack.io/application.kind", "VMDisk");
      labels.put("apps.cozystack.io/application.name", name);
    }
    return out;
  }

  /** The strategy's {@code spec.template}, a missing node if absent. */
  static JsonNode template(GenericKubernetesResource strategy) {
    return Serialization.jsonMapper().valueToTree(strategy).path("spec").path("template");
  }

  /**
   * What the Backup records as {@code status.underlyingResources}: self-typed JSON, {@code
   * {apiVersion: backups.cozystack.io/v1alpha1, kind: <application kind>Snapshot, applicationRef:
   * {apiGroup, kind, name}, namespace}}. (Cozystack adds a VMInstance's disks, IP and MAC here; not
   * done yet.)
   */
  static JsonNode underlyingResources(String namespace, TypedLocalObjectReference app) {
    ObjectNode node = Serialization.jsonMapper().createObjectNode();
    node.put("apiVersion", BackupsApi.GROUP + "/v1alpha1");
    node.put("kind", app.kind() + "Snapshot");
    ObjectNode ref = node.putObject("applicationRef");
    ref.put(
        "apiGroup",
        app.apiGroup() == null ? BackupsApi.DEFAULT_APPLICATION_API_GROUP : app.apiGroup());
    ref.put("kind", app.kind());
    ref.put("name", app.name());
    node.put("namespace", namespace);
    return node;
  }

  /**
   * The Velero Backup of BackupJob {@code namespace/name}: named {@code
   * <namespace>.<name>-<random>} in cozy-velero, carrying the job's owner labels (they wake the
   * job) and the underlying resources.
   */
  static GenericKubernetesResource desired(
      String namespace,
      String name,
      Map<String, String> ownerLabels,
      JsonNode spec,
      JsonNode underlyingResources) {
    GenericKubernetesResource backup =
        Velero.object(Velero.BACKUP, namespace + "." + name + "-", ownerLabels, spec);
    backup
        .getMetadata()
        .setAnnotations(
            new TreeMap<>(Map.of(Velero.UNDERLYING_RESOURCES, underlyingResources.toString())));
    return backup;
  }

  /** More than one Velero Backup carries the job's labels: nobody can tell which is the backup. */
  static Progress tooMany(int count) {
    return Progress.failed(
        TOO_MANY, "found " + count + " Velero Backups for this job; expected one");
  }

  /** What a Velero Backup's phase means for its BackupJob. */
  static Progress observe(GenericKubernetesResource backup) {
    String phase = Velero.phase(backup);
    if (Velero.COMPLETED.equals(phase)) {
      return done(backup);
    }
    if (Velero.FAILED_PHASES.contains(phase)) {
      // Cozystack keeps polling a FailedValidation Backup forever; Velero never retries one, so
      // this driver fails the job at once (a deliberate improvement).
      return Progress.failed(FAILED, failure(backup, phase));
    }
    return Progress.working(
        IN_PROGRESS,
        "Velero Backup "
            + Velero.ref(backup)
            + (phase.isEmpty() ? " is not picked up by Velero yet" : " is " + phase));
  }

  private static Progress done(GenericKubernetesResource backup) {
    String name = backup.getMetadata().getName();
    String namespace = backup.getMetadata().getNamespace();
    return Progress.backedUp(
        new BackupArtifact("velero://" + namespace + "/" + name, null, null),
        Map.of(Velero.BACKUP_NAME, name, Velero.BACKUP_NAMESPACE, namespace),
        recordedUnderlyingResources(backup));
  }

  /** The annotation written at creation, or null if it is missing or not JSON. */
  static JsonNode recordedUnderlyingResources(GenericKubernetesResource backup) {
    Map<String, String> annotations = backup.getMetadata().getAnnotations();
    String json = annotations == null ? null : annotations.get(Velero.UNDERLYING_RESOURCES);
    if (json == null) {
      return null;
    }
    try {
      return Serialization.jsonMapper().readTree(json);
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      return null;
    }
  }

  /** "Velero Backup ns/name ended in phase P: reason; validation error; ...". */
  private static String failure(GenericKubernetesResource backup, String phase) {
    JsonNode status = Velero.status(backup);
    List<String> why = new ArrayList<>();
    if (!status.path("failureReason").asText("").isBlank()) {
      why.add(status.path("failureReason").asText());
    }
    status.path("validationErrors").forEach(e -> why.add(e.asText()));
    return "Velero Backup "
        + Velero.ref(backup)
        + " ended in phase "
        + phase
        + (why.isEmpty() ? "" : ": " + String.join("; ", why));
  }
}
