package io.cozystack.operator.backups;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.cozystack.api.backups.strategy.v1alpha1.Job;
import io.cozystack.api.backups.v1alpha1.Backup;
import io.cozystack.api.backups.v1alpha1.BackupsApi;
import io.cozystack.api.backups.v1alpha1.RestoreJob;
import io.cozystack.api.backups.v1alpha1.RestoreJobStatus;
import io.cozystack.api.backups.v1alpha1.RunPhase;
import io.cozystack.api.meta.TypedLocalObjectReference;
import io.cozystack.contracts.driver.RestoreRun;
import io.cozystack.contracts.driver.RunConditions;
import io.cozystack.contracts.driver.StrategyTemplate;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.PodTemplateSpec;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.utils.Serialization;
import io.javaoperatorsdk.operator.api.reconciler.Context;
import io.javaoperatorsdk.operator.api.reconciler.EventSourceContext;
import io.javaoperatorsdk.operator.api.reconciler.Reconciler;
import io.javaoperatorsdk.operator.api.reconciler.UpdateControl;
import io.javaoperatorsdk.operator.processing.event.ResourceID;
import io.javaoperatorsdk.operator.processing.event.source.EventSource;
import io.javaoperatorsdk.operator.processing.event.source.informer.InformerEventSource;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The platform's Job driver, restore side (Cozystack §3.3): for a RestoreJob dispatched to it, runs
 * the Backup's Job strategy in restore mode as batch Job {@code <restorejob>-restore}, against the
 * backed-up application or the target the RestoreJob names (same namespace only), with the
 * parameters the Backup recorded.
 */
public final class JobRestoreDriver implements Reconciler<RestoreJob> {
  private static final String PARAMETER_PREFIX = "job.strategy.backups.cozystack.io/parameter/";

  private final Clock clock;
  private InformerEventSource<io.fabric8.kubernetes.api.model.batch.v1.Job, RestoreJob> runs;

  public JobRestoreDriver(Clock clock) {
    this.clock = clock;
  }

  @Override
  public List<EventSource<?, RestoreJob>> prepareEventSources(
      EventSourceContext<RestoreJob> context) {
    runs = RunJobs.informer(context, RestoreJob.class, "restore");
    return List.of(runs);
  }

  @Override
  public UpdateControl<RestoreJob> reconcile(RestoreJob job, Context<RestoreJob> ctx) {
    RestoreJobStatus status = job.getStatus();
    if (status == null
        || !PlatformDriverHeartbeat.DRIVER.equals(status.driver())
        || status.phase() == RunPhase.SUCCEEDED
        || status.phase() == RunPhase.FAILED) {
      return UpdateControl.noUpdate();
    }
    KubernetesClient client = ctx.getClient();
    if (status.phase() != RunPhase.RUNNING) {
      return write(
          client, job, RunPhase.RUNNING, null, RunStep.working("Running", "restore Job starting"));
    }
    String name = job.getMetadata().getName() + "-restore";
    Optional<io.fabric8.kubernetes.api.model.batch.v1.Job> current =
        runs.get(new ResourceID(name, job.getMetadata().getNamespace()));
    if (current.isEmpty()) {
      Optional<String> problem = start(client, job, name);
      if (problem.isPresent()) {
        return write(
            client,
            job,
            RunPhase.FAILED,
            problem.get(),
            RunStep.failed("RestoreFailed", problem.get()));
      }
      return UpdateControl.noUpdate();
    }
    if (RunJobs.reports(current, "Complete")) {
      return write(
          client,
          job,
          RunPhase.SUCCEEDED,
          null,
          RunStep.done("RestoreCompleted", "restore Job completed"));
    }
    if (RunJobs.reports(current, "Failed")) {
      return write(
          client,
          job,
          RunPhase.FAILED,
          "restore Job reported Failed",
          RunStep.failed("RestoreFailed", "restore Job reported Failed"));
    }
    return UpdateControl.noUpdate();
  }

  private Optional<String> start(KubernetesClient client, RestoreJob job, String name) {
    String ns = job.getMetadata().getNamespace();
    Backup backup =
        client
            .resources(Backup.class)
            .inNamespace(ns)
            .withName(job.getSpec().backupRef().name())
            .get();
    if (backup == null) {
      return Optional.of("Backup " + ns + "/" + job.getSpec().backupRef().name() + " not found");
    }
    Job strategy =
        client.resources(Job.class).withName(backup.getSpec().strategyRef().name()).get();
    if (strategy == null) {
      return Optional.of("Job strategy not found: " + backup.getSpec().strategyRef().name());
    }
    TypedLocalObjectReference target = RestoreRun.target(backup, job);
    String group =
        target.apiGroup() == null ? BackupsApi.DEFAULT_APPLICATION_API_GROUP : target.apiGroup();
    GenericKubernetesResource application =
        client
            .genericKubernetesResources(group + "/v1alpha1", target.kind())
            .inNamespace(ns)
            .withName(target.name())
            .get();
    if (application == null) {
      return Optional.of(
          "application not found: " + ns + "/" + target.name() + " (kind=" + target.kind() + ")");
    }
    try {
      JsonNode rendered =
          StrategyTemplate.render(
              Serialization.jsonMapper().valueToTree(strategy.getSpec().template()),
              context(application, backup, ns));
      RunJobs.create(
          client,
          job,
          name,
          "restore",
          Serialization.jsonMapper().treeToValue(rendered, PodTemplateSpec.class));
      return Optional.empty();
    } catch (StrategyTemplate.TemplateException e) {
      return Optional.of("failed to template Job strategy: " + e.getMessage());
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      return Optional.of("the rendered template is not a pod template: " + e.getOriginalMessage());
    }
  }

  private static JsonNode context(GenericKubernetesResource application, Backup backup, String ns) {
    Map<String, String> parameters = new TreeMap<>();
    Optional.ofNullable(backup.getSpec().driverMetadata())
        .orElse(Map.of())
        .forEach(
            (k, v) -> {
              if (k.startsWith(PARAMETER_PREFIX)) {
                parameters.put(k.substring(PARAMETER_PREFIX.length()), v);
              }
            });
    ObjectNode context = Serialization.jsonMapper().createObjectNode();
    context.set("Application", Serialization.jsonMapper().valueToTree(application));
    context.set(
        "Release",
        Serialization.jsonMapper()
            .valueToTree(Map.of("Name", application.getMetadata().getName(), "Namespace", ns)));
    context.put("Mode", "restore");
    context.set("Parameters", Serialization.jsonMapper().valueToTree(parameters));
    context.set("Backup", Serialization.jsonMapper().valueToTree(backup));
    return context;
  }

  private UpdateControl<RestoreJob> write(
      KubernetesClient client, RestoreJob job, RunPhase phase, String message, RunStep step) {
    RestoreJobStatus old = job.getStatus();
    Instant now = clock.instant().truncatedTo(ChronoUnit.SECONDS);
    List<io.cozystack.api.meta.Condition> conditions =
        step.conditions(
            old.conditions(),
            Optional.ofNullable(job.getMetadata().getGeneration()).orElse(0L),
            now);
    boolean terminal = phase == RunPhase.SUCCEEDED || phase == RunPhase.FAILED;
    RunConditions.patchStatus(
        client,
        job,
        new RestoreJobStatus(
            old.observedGeneration(),
            phase,
            old.startedAt() != null ? old.startedAt() : now.toString(),
            terminal ? now.toString() : old.completedAt(),
            message,
            old.driver(),
            conditions));
    return UpdateControl.noUpdate();
  }
}
