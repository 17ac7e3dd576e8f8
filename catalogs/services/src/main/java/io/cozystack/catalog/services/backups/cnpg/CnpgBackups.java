package io.cozystack.catalog.services.backups.cnpg;

import com.fasterxml.jackson.databind.JsonNode;
import io.cozystack.contracts.driver.BackupRun;
import io.cozystack.contracts.driver.Progress;
import io.cozystack.contracts.driver.StrategyTemplate;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Map;

/**
 * The backup side of the CNPG driver: points the application's CNPG Cluster at the strategy's
 * object store ({@code spec.backup.barmanObjectStore}), then runs one CNPG {@code Backup} of method
 * {@code barmanObjectStore} per BackupJob and reports its phase.
 */
final class CnpgBackups {
  static final String FIELD_MANAGER = "cozystack-cnpg-backup-driver";

  private CnpgBackups() {}

  static Progress backup(BackupRun run) {
    String kind = run.job().getSpec().applicationRef().kind();
    if (!"Postgres".equals(kind)) {
      return Progress.failed(
          "UnsupportedApplication", "the CNPG strategy backs up Postgres only, not " + kind);
    }
    CnpgTemplate template;
    try {
      template = CnpgTemplate.parse(run.renderTemplate());
    } catch (StrategyTemplate.TemplateException | IllegalArgumentException e) {
      return Progress.failed(
          "InvalidStrategy",
          "CNPG strategy " + run.strategy().getMetadata().getName() + ": " + e.getMessage());
    }
    KubernetesClient client = run.client();
    String cluster = CnpgKinds.clusterOf(run.application().getMetadata().getName());
    GenericKubernetesResource live =
        client
            .genericKubernetesResources(CnpgKinds.CLUSTER)
            .inNamespace(run.namespace())
            .withName(cluster)
            .get();
    if (live == null) {
      return waitForCluster(run, cluster);
    }
    String server = template.serverNameOr(cluster);
    pointClusterAtStore(client, live, template.clusterBackup(server));
    GenericKubernetesResource backup = ensureBackup(run, cluster);
    return CnpgBackupOutcome.of(
        backup,
        new CnpgBackupOutcome.Target(server, template, cluster),
        Serialization.jsonMapper().valueToTree(run.application()),
        run.parameters(),
        run.elapsed());
  }

  private static Progress waitForCluster(BackupRun run, String cluster) {
    String what = "cnpg.io Cluster " + run.namespace() + "/" + cluster;
    if (run.elapsed().compareTo(CnpgBackupOutcome.DEADLINE) >= 0) {
      return Progress.failed(
          "ClusterNotReady",
          what + " did not appear within " + CnpgBackupOutcome.DEADLINE.toMinutes() + "m");
    }
    return Progress.working("ClusterNotReady", "waiting for " + what + " to exist")
        .recheckAfter(CnpgBackupOutcome.DEADLINE.minus(run.elapsed()));
  }

  /** Applies our {@code spec.backup} to the Cluster unless it already says exactly that. */
  static void pointClusterAtStore(
      KubernetesClient client, GenericKubernetesResource live, JsonNode desired) {
    JsonNode current = Serialization.jsonMapper().valueToTree(live).path("spec").path("backup");
    if (JsonSubset.contains(current, desired)) {
      return;
    }
    GenericKubernetesResource patch = new GenericKubernetesResource();
    patch.setApiVersion("postgresql.cnpg.io/v1");
    patch.setKind("Cluster");
    patch.setMetadata(
        new ObjectMetaBuilder()
            .withName(live.getMetadata().getName())
            .withNamespace(live.getMetadata().getNamespace())
            .build());
    patch.setAdditionalProperty("spec", Map.of("backup", desired));
    client
        .genericKubernetesResources(CnpgKinds.CLUSTER)
        .inNamespace(live.getMetadata().getNamespace())
        .resource(patch)
        .fieldManager(FIELD_MANAGER)
        .forceConflicts()
        .serverSideApply();
  }

  /** The job's CNPG Backup: the one labelled for it, else a new one. */
  private static GenericKubernetesResource ensureBackup(BackupRun run, String cluster) {
    var backups =
        run.client().genericKubernetesResources(CnpgKinds.BACKUP).inNamespace(run.namespace());
    return backups.withLabels(run.ownerLabels()).list().getItems().stream()
        .min(Comparator.comparing(b -> b.getMetadata().getCreationTimestamp()))
        .orElseGet(() -> backups.resource(newBackup(run, cluster)).create());
  }

  static GenericKubernetesResource newBackup(BackupRun run, String cluster) {
    Map<String, String> labels = new HashMap<>(run.ownerLabels());
    labels.put(CnpgKinds.CLUSTER_LABEL, cluster);
    GenericKubernetesResource backup = new GenericKubernetesResource();
    backup.setApiVersion("postgresql.cnpg.io/v1");
    backup.setKind("Backup");
    backup.setMetadata(
        new ObjectMetaBuilder()
            .withGenerateName(run.name() + "-")
            .withNamespace(run.namespace())
            .withLabels(labels)
            .build());
    backup.setAdditionalProperty(
        "spec", Map.of("method", "barmanObjectStore", "cluster", Map.of("name", cluster)));
    return backup;
  }
}
