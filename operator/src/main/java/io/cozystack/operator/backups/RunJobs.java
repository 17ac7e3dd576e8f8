package io.cozystack.operator.backups;

import io.cozystack.api.backups.v1alpha1.BackupsApi;
import io.cozystack.operator.packages.Ownership;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.PodTemplateSpec;
import io.fabric8.kubernetes.api.model.batch.v1.JobBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.Map;
import java.util.TreeMap;

/** The batch Job a Job-driver run starts. */
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
            JobDriver.MODE_LABEL, mode,
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
}
