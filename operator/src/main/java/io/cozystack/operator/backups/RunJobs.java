package io.cozystack.operator.backups;

import io.cozystack.api.backups.v1alpha1.BackupsApi;
import io.cozystack.operator.packages.Ownership;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.PodTemplateSpec;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.api.model.batch.v1.JobBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.javaoperatorsdk.operator.api.config.informer.InformerEventSourceConfiguration;
import io.javaoperatorsdk.operator.api.reconciler.EventSourceContext;
import io.javaoperatorsdk.operator.processing.event.ResourceID;
import io.javaoperatorsdk.operator.processing.event.source.informer.InformerEventSource;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * What the Job driver's backup and restore sides share: the batch Job, its outcome, status writes.
 */
final class RunJobs {
  private RunJobs() {}

  /** Creates batch Job {@code name} running {@code template}, owned by the BackupJob/RestoreJob. */
  static void create(
      KubernetesClient client,
      HasMetadata owner,
      String name,
      String mode,
      PodTemplateSpec template) {
    Map<String, String> labels =
        Map.of(
            JobStrategyDriver.MODE_LABEL, mode,
            BackupsApi.OWNED_BY_BACKUP_JOB_NAME, owner.getMetadata().getName(),
            BackupsApi.OWNED_BY_BACKUP_JOB_NAMESPACE, owner.getMetadata().getNamespace());
    if (template.getSpec().getRestartPolicy() == null) {
      template.getSpec().setRestartPolicy("Never");
    }
    var metadata =
        template.getMetadata() == null ? new ObjectMetaBuilder().build() : template.getMetadata();
    Map<String, String> podLabels = new TreeMap<>(labels);
    if (metadata.getLabels() != null) {
      podLabels.putAll(metadata.getLabels());
    }
    metadata.setLabels(podLabels);
    template.setMetadata(metadata);
    client
        .resource(
            new JobBuilder()
                .withMetadata(
                    new ObjectMetaBuilder()
                        .withName(name)
                        .withNamespace(owner.getMetadata().getNamespace())
                        .withLabels(labels)
                        .withOwnerReferences(Ownership.controllerReference(owner))
                        .build())
                .withNewSpec()
                .withBackoffLimit(2)
                .withTemplate(template)
                .endSpec()
                .build())
        .create();
  }

  /**
   * The informer of the driver's batch Jobs of one mode ({@code backup} or {@code restore}), each
   * waking the job that owns it (by its owner labels).
   */
  static <P extends HasMetadata> InformerEventSource<Job, P> informer(
      EventSourceContext<P> context, Class<P> owners, String mode) {
    return new InformerEventSource<>(
        InformerEventSourceConfiguration.from(Job.class, owners)
            .withName(mode + "-runs")
            .withWatchAllNamespaces()
            .withLabelSelector(JobStrategyDriver.MODE_LABEL + "=" + mode)
            .withSecondaryToPrimaryMapper(
                (Job run) ->
                    Set.of(
                        new ResourceID(
                            run.getMetadata().getLabels().get(BackupsApi.OWNED_BY_BACKUP_JOB_NAME),
                            run.getMetadata().getNamespace())))
            .build(),
        context);
  }

  /** Whether the run reports condition {@code type} (Complete, Failed). */
  static boolean reports(Optional<Job> run, String type) {
    return run
        .map(r -> r.getStatus() == null ? null : r.getStatus().getConditions())
        .orElse(List.of())
        .stream()
        .anyMatch(c -> type.equals(c.getType()) && "True".equals(c.getStatus()));
  }
}
