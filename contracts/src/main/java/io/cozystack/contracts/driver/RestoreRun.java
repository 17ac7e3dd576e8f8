package io.cozystack.contracts.driver;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.cozystack.api.backups.v1alpha1.Backup;
import io.cozystack.api.backups.v1alpha1.RestoreJob;
import io.cozystack.api.meta.TypedLocalObjectReference;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * One restore a driver is asked to start or observe: the RestoreJob, the Backup it restores, the
 * target (the RestoreJob's {@code targetApplicationRef} over the backed-up application, field by
 * field, same namespace), the strategy that took the backup, and the target if it exists.
 */
public record RestoreRun(
    KubernetesClient client,
    RestoreJob job,
    Backup backup,
    TypedLocalObjectReference target,
    GenericKubernetesResource strategy,
    Optional<GenericKubernetesResource> targetApplication,
    Instant startedAt,
    Instant now) {

  public String namespace() {
    return job.getMetadata().getNamespace();
  }

  public String name() {
    return job.getMetadata().getName();
  }

  /** Whether the restore goes back into the application that was backed up. */
  public boolean inPlace() {
    TypedLocalObjectReference from = backup.getSpec().applicationRef();
    return from.kind().equals(target.kind()) && from.name().equals(target.name());
  }

  /** The driver-specific {@code spec.options}, an empty object when absent. */
  public JsonNode options() {
    JsonNode options = job.getSpec().options();
    return options == null ? Serialization.jsonMapper().createObjectNode() : options;
  }

  /** Labels a driver puts on every object it creates for this job, so they wake it. */
  public Map<String, String> ownerLabels() {
    return BackupRun.RunLabels.owner(name(), namespace());
  }

  /** Time since the driver took the job. */
  public Duration elapsed() {
    return Duration.between(startedAt, now);
  }

  /** The entries of the Backup's {@code driverMetadata} under {@code prefix}, prefix removed. */
  public Map<String, String> driverMetadata(String prefix) {
    Map<String, String> found = new TreeMap<>();
    Optional.ofNullable(backup.getSpec().driverMetadata())
        .orElse(Map.of())
        .forEach(
            (k, v) -> {
              if (k.startsWith(prefix)) {
                found.put(k.substring(prefix.length()), v);
              }
            });
    return found;
  }

  /**
   * {@code .Application} (the target, if it exists), {@code .Release}, {@code .Mode = restore},
   * {@code .Backup}, and {@code .Parameters} as given.
   */
  public JsonNode templateContext(Map<String, String> parameters) {
    ObjectNode context = Serialization.jsonMapper().createObjectNode();
    targetApplication.ifPresent(
        app -> context.set("Application", Serialization.jsonMapper().valueToTree(app)));
    context.set("Parameters", Serialization.jsonMapper().valueToTree(parameters));
    context.set(
        "Release",
        Serialization.jsonMapper()
            .valueToTree(Map.of("Name", target.name(), "Namespace", namespace())));
    context.put("Mode", "restore");
    context.set("Backup", backupContext());
    return context;
  }

  /** {@code .Backup} as Cozystack templates read it: Name, Namespace, ApplicationRef. */
  private JsonNode backupContext() {
    TypedLocalObjectReference app = backup.getSpec().applicationRef();
    Map<String, String> ref = new TreeMap<>();
    ref.put("APIGroup", app.apiGroup() == null ? "" : app.apiGroup());
    ref.put("Kind", app.kind());
    ref.put("Name", app.name());
    ObjectNode node = Serialization.jsonMapper().createObjectNode();
    node.put("Name", backup.getMetadata().getName());
    node.put("Namespace", backup.getMetadata().getNamespace());
    node.set("ApplicationRef", Serialization.jsonMapper().valueToTree(ref));
    return node;
  }

  /** The backed-up application, overridden field by field by the RestoreJob's target. */
  public static TypedLocalObjectReference target(Backup backup, RestoreJob job) {
    TypedLocalObjectReference from = backup.getSpec().applicationRef();
    TypedLocalObjectReference to = job.getSpec().targetApplicationRef();
    if (to == null) {
      return from;
    }
    return new TypedLocalObjectReference(
        to.apiGroup() != null ? to.apiGroup() : from.apiGroup(),
        to.kind() != null ? to.kind() : from.kind(),
        to.name() != null ? to.name() : from.name());
  }
}
