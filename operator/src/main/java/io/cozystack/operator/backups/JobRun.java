package io.cozystack.operator.backups;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.cozystack.api.backups.strategy.v1alpha1.Job;
import io.cozystack.api.backups.v1alpha1.Backup;
import io.cozystack.api.backups.v1alpha1.BackupClass;
import io.cozystack.api.backups.v1alpha1.BackupClassSpec.BackupClassStrategy;
import io.cozystack.api.backups.v1alpha1.BackupJob;
import io.cozystack.api.backups.v1alpha1.BackupSpec;
import io.cozystack.api.backups.v1alpha1.BackupsApi;
import io.cozystack.api.meta.TypedLocalObjectReference;
import io.cozystack.contracts.driver.BackupClassRoute;
import io.cozystack.contracts.driver.StrategyTemplate;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.PodTemplateSpec;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/** One backup run of the Job driver: the batch Job it starts and the Backup it records. */
final class JobRun {
  private static final String PARAMETER_PREFIX = "job.strategy.backups.cozystack.io/parameter/";

  private final KubernetesClient client;
  private final BackupJob job;

  JobRun(KubernetesClient client, BackupJob job) {
    this.client = client;
    this.job = job;
  }

  static String name(BackupJob job) {
    return job.getMetadata().getName() + "-backup";
  }

  /** Starts the batch Job unless it exists; returns why it cannot be started, if it cannot. */
  Optional<String> ensure(Optional<io.fabric8.kubernetes.api.model.batch.v1.Job> existing) {
    if (existing.isPresent()) {
      return Optional.empty();
    }
    Optional<BackupClassStrategy> route = route();
    if (route.isEmpty()) {
      return Optional.of(
          "BackupClass " + job.getSpec().backupClassName() + " no longer routes this application");
    }
    Job strategy = client.resources(Job.class).withName(route.get().strategyRef().name()).get();
    if (strategy == null) {
      return Optional.of("Job strategy not found: " + route.get().strategyRef().name());
    }
    TypedLocalObjectReference app = job.getSpec().applicationRef();
    String group =
        app.apiGroup() == null ? BackupsApi.DEFAULT_APPLICATION_API_GROUP : app.apiGroup();
    GenericKubernetesResource application =
        client
            .genericKubernetesResources(group + "/v1alpha1", app.kind())
            .inNamespace(job.getMetadata().getNamespace())
            .withName(app.name())
            .get();
    if (application == null) {
      return Optional.of(
          "application not found: "
              + job.getMetadata().getNamespace()
              + "/"
              + app.name()
              + " (kind="
              + app.kind()
              + ")");
    }
    try {
      JsonNode rendered =
          StrategyTemplate.render(
              Serialization.jsonMapper().valueToTree(strategy.getSpec().template()),
              context(application, route.get()));
      create(Serialization.jsonMapper().treeToValue(rendered, PodTemplateSpec.class));
      return Optional.empty();
    } catch (StrategyTemplate.TemplateException e) {
      return Optional.of("failed to template Job strategy: " + e.getMessage());
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      return Optional.of("the rendered template is not a pod template: " + e.getOriginalMessage());
    }
  }

  private Optional<BackupClassStrategy> route() {
    BackupClass backupClass =
        client.resources(BackupClass.class).withName(job.getSpec().backupClassName()).get();
    TypedLocalObjectReference app = job.getSpec().applicationRef();
    String group =
        app.apiGroup() == null ? BackupsApi.DEFAULT_APPLICATION_API_GROUP : app.apiGroup();
    return backupClass == null
        ? Optional.empty()
        : BackupClassRoute.of(backupClass, group, app.kind());
  }

  private JsonNode context(GenericKubernetesResource application, BackupClassStrategy route) {
    ObjectNode context = Serialization.jsonMapper().createObjectNode();
    context.set("Application", Serialization.jsonMapper().valueToTree(application));
    context.set(
        "Release",
        Serialization.jsonMapper()
            .valueToTree(
                Map.of(
                    "Name", application.getMetadata().getName(),
                    "Namespace", job.getMetadata().getNamespace())));
    context.put("Mode", "backup");
    context.set(
        "Parameters",
        Serialization.jsonMapper()
            .valueToTree(route.parameters() == null ? Map.of() : route.parameters()));
    return context;
  }

  private void create(PodTemplateSpec template) {
    RunJobs.create(client, job, name(job), "backup", template);
  }

  /** Records the Backup of a completed run (reused if it exists); returns its name. */
  String recordBackup(Instant now) {
    Optional<BackupClassStrategy> route = route();
    Map<String, String> metadata = new TreeMap<>();
    route
        .map(BackupClassStrategy::parameters)
        .orElse(Map.of())
        .forEach((k, v) -> metadata.put(PARAMETER_PREFIX + k, v));
    Backup backup = new Backup();
    backup.setMetadata(
        new ObjectMetaBuilder()
            .withName(job.getMetadata().getName())
            .withNamespace(job.getMetadata().getNamespace())
            .build());
    backup.setSpec(
        new BackupSpec(
            job.getSpec().applicationRef(),
            job.getSpec().planRef(),
            route.map(BackupClassStrategy::strategyRef).orElse(null),
            now.truncatedTo(ChronoUnit.SECONDS).toString(),
            metadata));
    try {
      client.resource(backup).create();
    } catch (KubernetesClientException e) {
      if (e.getCode() != 409) {
        throw e;
      }
    }
    return backup.getMetadata().getName();
  }
}
