package io.cozystack.operator.backups;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import io.cozystack.api.Contracts;
import io.cozystack.api.backups.driver.DriverRegistrationSpec;
import io.cozystack.api.backups.driver.StrategyHandoff;
import io.cozystack.contracts.driver.BackupRun;
import io.cozystack.contracts.driver.Progress;
import io.cozystack.contracts.driver.RestoreRun;
import io.cozystack.contracts.driver.StrategyDriver;
import io.cozystack.contracts.driver.StrategyTemplate;
import io.cozystack.contracts.driver.WatchedKind;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.PodTemplateSpec;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The platform's Job driver (Cozystack §3.3) on the same SDK runtime as every catalog's driver: it
 * runs the {@code strategy.backups.cozystack.io/Job} pod template as batch Job {@code
 * <backupjob>-backup} (or {@code <restorejob>-restore} in restore mode) and reports its outcome.
 * The BackupClass parameters are recorded in the Backup's {@code driverMetadata} and rendered again
 * on restore. A Job driver keeps no side-state: nothing to clean up.
 */
public final class JobDriver implements StrategyDriver {
  /** The name the platform's Job driver registers under. */
  public static final String NAME = "job.platform.cozystack.io";

  static final String PARAMETER_PREFIX = "job.strategy.backups.cozystack.io/parameter/";
  static final String MODE_LABEL = "job.strategy.backups.cozystack.io/mode";

  /** The Job kind, the platform's version and contract version, a 60 s lease. */
  @Override
  public DriverRegistrationSpec registration() {
    return new DriverRegistrationSpec(
        NAME,
        new DriverRegistrationSpec.CatalogRef("cozystack.platform", Contracts.PLATFORM_VERSION),
        Contracts.VERSION,
        List.of(new DriverRegistrationSpec.StrategyKind(StrategyHandoff.STRATEGY_GROUP, "Job")),
        60);
  }

  @Override
  public List<WatchedKind> watches() {
    return List.of(WatchedKind.labelled("batch/v1", "Job"));
  }

  @Override
  public Progress backup(BackupRun run) {
    String name = run.name() + "-backup";
    Job existing = batchJob(run.client(), run.namespace(), name);
    if (existing == null) {
      try {
        start(run.client(), run.job(), name, "backup", run.renderTemplate());
      } catch (StrategyTemplate.TemplateException e) {
        return Progress.failed(
            "BackupFailed", "failed to template Job strategy: " + e.getMessage());
      } catch (JsonProcessingException e) {
        return notAPodTemplate("BackupFailed", e);
      }
      return Progress.working("BackupRunning", "backup Job " + name + " started");
    }
    if (reports(existing, "Complete")) {
      Map<String, String> recorded = new TreeMap<>();
      run.parameters().forEach((k, v) -> recorded.put(PARAMETER_PREFIX + k, v));
      return Progress.backedUp(null, recorded, null);
    }
    if (reports(existing, "Failed")) {
      return Progress.failed("BackupFailed", "backup Job " + name + " reported Failed");
    }
    return Progress.working("BackupRunning", "backup Job " + name + " running");
  }

  @Override
  public Progress restore(RestoreRun run) {
    if (run.targetApplication().isEmpty()) {
      return Progress.failed(
          "RestoreFailed",
          "application not found: "
              + run.namespace()
              + "/"
              + run.target().name()
              + " (kind="
              + run.target().kind()
              + ")");
    }
    String name = run.name() + "-restore";
    Job existing = batchJob(run.client(), run.namespace(), name);
    if (existing == null) {
      try {
        JsonNode template =
            Serialization.jsonMapper().valueToTree(run.strategy()).path("spec").path("template");
        JsonNode context = run.templateContext(run.driverMetadata(PARAMETER_PREFIX));
        start(run.client(), run.job(), name, "restore", StrategyTemplate.render(template, context));
      } catch (StrategyTemplate.TemplateException e) {
        return Progress.failed(
            "RestoreFailed", "failed to template Job strategy: " + e.getMessage());
      } catch (JsonProcessingException e) {
        return notAPodTemplate("RestoreFailed", e);
      }
      return Progress.working("RestoreRunning", "restore Job " + name + " started");
    }
    if (reports(existing, "Complete")) {
      return Progress.restored("restore Job completed");
    }
    if (reports(existing, "Failed")) {
      return Progress.failed("RestoreFailed", "restore Job " + name + " reported Failed");
    }
    return Progress.working("RestoreRunning", "restore Job " + name + " running");
  }

  private static void start(
      KubernetesClient client, HasMetadata owner, String name, String mode, JsonNode rendered)
      throws JsonProcessingException {
    RunJobs.create(
        client,
        owner,
        name,
        mode,
        Serialization.jsonMapper().treeToValue(rendered, PodTemplateSpec.class));
  }

  private static Progress notAPodTemplate(String reason, JsonProcessingException e) {
    return Progress.failed(
        reason, "the rendered template is not a pod template: " + e.getOriginalMessage());
  }

  private static Job batchJob(KubernetesClient client, String namespace, String name) {
    return client.batch().v1().jobs().inNamespace(namespace).withName(name).get();
  }

  /** Whether the batch Job reports condition {@code type} (Complete, Failed) as True. */
  static boolean reports(Job job, String type) {
    return job.getStatus() != null
        && job.getStatus().getConditions() != null
        && job.getStatus().getConditions().stream()
            .anyMatch(c -> type.equals(c.getType()) && "True".equals(c.getStatus()));
  }
}
