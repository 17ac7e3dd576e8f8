package io.cozystack.contracts.driver;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.cozystack.api.backups.v1alpha1.BackupClassSpec.BackupClassStrategy;
import io.cozystack.api.backups.v1alpha1.BackupJob;
import io.cozystack.api.backups.v1alpha1.BackupsApi;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;

/**
 * One backup a driver is asked to start or observe: the BackupJob, the BackupClass route that chose
 * this driver, the strategy object, and the live application.
 */
public record BackupRun(
    KubernetesClient client,
    BackupJob job,
    BackupClassStrategy route,
    GenericKubernetesResource strategy,
    GenericKubernetesResource application,
    Instant startedAt,
    Instant now) {

  public String namespace() {
    return job.getMetadata().getNamespace();
  }

  public String name() {
    return job.getMetadata().getName();
  }

  /** The BackupClass parameters of the route (never secrets). */
  public Map<String, String> parameters() {
    return route.parameters() == null ? Map.of() : route.parameters();
  }

  /** Labels a driver puts on every object it creates for this job, so they wake it. */
  public Map<String, String> ownerLabels() {
    return RunLabels.owner(name(), namespace());
  }

  /** Time since the driver took the job. */
  public Duration elapsed() {
    return Duration.between(startedAt, now);
  }

  /** The strategy's {@code spec.template} rendered with {@link #templateContext()}. */
  public JsonNode renderTemplate() throws StrategyTemplate.TemplateException {
    return StrategyTemplate.render(
        Serialization.jsonMapper().valueToTree(strategy).path("spec").path("template"),
        templateContext());
  }

  /** {@code .Application}, {@code .Parameters}, {@code .Release}, {@code .Mode = backup}. */
  public JsonNode templateContext() {
    ObjectNode context = Serialization.jsonMapper().createObjectNode();
    context.set("Application", Serialization.jsonMapper().valueToTree(application));
    context.set("Parameters", Serialization.jsonMapper().valueToTree(parameters()));
    context.set(
        "Release",
        Serialization.jsonMapper()
            .valueToTree(
                Map.of("Name", application.getMetadata().getName(), "Namespace", namespace())));
    context.put("Mode", "backup");
    return context;
  }

  /** Labels shared by backup and restore runs. */
  static final class RunLabels {
    private RunLabels() {}

    static Map<String, String> owner(String name, String namespace) {
      return Map.of(
          BackupsApi.OWNED_BY_BACKUP_JOB_NAME, name,
          BackupsApi.OWNED_BY_BACKUP_JOB_NAMESPACE, namespace);
    }
  }
}
