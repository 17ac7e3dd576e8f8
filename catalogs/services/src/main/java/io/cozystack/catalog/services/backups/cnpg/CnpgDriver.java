package io.cozystack.catalog.services.backups.cnpg;

import io.cozystack.api.Contracts;
import io.cozystack.api.backups.driver.DriverRegistrationSpec;
import io.cozystack.api.backups.driver.StrategyHandoff;
import io.cozystack.api.backups.v1alpha1.Backup;
import io.cozystack.catalog.services.backups.ServicesCatalog;
import io.cozystack.contracts.driver.BackupRun;
import io.cozystack.contracts.driver.Progress;
import io.cozystack.contracts.driver.RestoreRun;
import io.cozystack.contracts.driver.StrategyDriver;
import io.cozystack.contracts.driver.WatchedKind;
import io.cozystack.contracts.driver.WatchedKind.JobKey;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The services catalog's CNPG driver: backs up a Postgres application through a CloudNativePG
 * {@code Backup} to the strategy's barman object store, and restores by re-creating the target's
 * Cluster in recovery mode. Deleting a Backup deletes its CNPG Backup object (as in Cozystack); the
 * archive itself is governed by the retention policy.
 */
public final class CnpgDriver implements StrategyDriver {
  public static final String NAME = "cnpg.services.cozystack.io";

  /** Which restore waits on which Cluster (namespace/name), so Cluster changes wake it. */
  private final Map<String, JobKey> restoresByCluster = new ConcurrentHashMap<>();

  @Override
  public DriverRegistrationSpec registration() {
    return new DriverRegistrationSpec(
        NAME,
        new DriverRegistrationSpec.CatalogRef(ServicesCatalog.NAME, ServicesCatalog.VERSION),
        Contracts.VERSION,
        List.of(new DriverRegistrationSpec.StrategyKind(StrategyHandoff.STRATEGY_GROUP, "CNPG")),
        60);
  }

  @Override
  public List<WatchedKind> watches() {
    return List.of(
        WatchedKind.labelled("postgresql.cnpg.io/v1", "Backup"),
        new WatchedKind("postgresql.cnpg.io/v1", "Cluster", this::restoreWaitingOn));
  }

  @Override
  public Progress backup(BackupRun run) {
    return CnpgBackups.backup(run);
  }

  @Override
  public Progress restore(RestoreRun run) {
    String cluster = run.namespace() + "/" + CnpgKinds.clusterOf(run.target().name());
    Progress progress = CnpgRestores.restore(run);
    if (progress instanceof Progress.Working) {
      restoresByCluster.put(cluster, new JobKey(run.namespace(), run.name()));
    } else {
      restoresByCluster.remove(cluster);
    }
    return progress;
  }

  @Override
  public boolean cleansUpBackups() {
    return true;
  }

  @Override
  public void cleanUpBackup(KubernetesClient client, Backup backup) {
    String name =
        backup.getSpec().driverMetadata() == null
            ? null
            : backup.getSpec().driverMetadata().get("cnpg.io/backup-name");
    if (name != null) {
      client
          .genericKubernetesResources(CnpgKinds.BACKUP)
          .inNamespace(backup.getMetadata().getNamespace())
          .withName(name)
          .delete();
    }
  }

  private Optional<JobKey> restoreWaitingOn(GenericKubernetesResource cluster) {
    return Optional.ofNullable(
        restoresByCluster.get(
            cluster.getMetadata().getNamespace() + "/" + cluster.getMetadata().getName()));
  }
}
