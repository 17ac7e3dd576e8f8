package io.cozystack.catalog.services.backups.foundationdb;

import io.cozystack.api.Contracts;
import io.cozystack.api.backups.driver.DriverRegistrationSpec;
import io.cozystack.api.backups.driver.DriverRegistrationSpec.CatalogRef;
import io.cozystack.api.backups.driver.DriverRegistrationSpec.StrategyKind;
import io.cozystack.api.backups.driver.StrategyHandoff;
import io.cozystack.api.backups.v1alpha1.Backup;
import io.cozystack.api.backups.v1alpha1.RestoreJob;
import io.cozystack.catalog.services.backups.ServicesCatalog;
import io.cozystack.catalog.services.backups.upstream.ObjectWaiters;
import io.cozystack.catalog.services.backups.upstream.UpstreamStore;
import io.cozystack.contracts.driver.BackupRun;
import io.cozystack.contracts.driver.Progress;
import io.cozystack.contracts.driver.RestoreRun;
import io.cozystack.contracts.driver.StrategyDriver;
import io.cozystack.contracts.driver.WatchedKind;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.List;
import java.util.Optional;

/**
 * The FoundationDB backup driver ({@code foundationdb.services.cozystack.io}): drives strategy kind
 * {@code strategy.backups.cozystack.io/FoundationDB} through the FoundationDB operator's {@code
 * FoundationDBBackup} and {@code FoundationDBRestore} objects (apps.foundationdb.org/v1beta2, the
 * operator's v1.55.0 API) and removes them with the Backup and the RestoreJob they were made for.
 */
public final class FoundationDbDriver implements StrategyDriver {
  public static final String NAME = "foundationdb.services.cozystack.io";
  public static final String STRATEGY_KIND = "FoundationDB";
  static final int LEASE_SECONDS = 60;

  /** Jobs waiting for a FoundationDBCluster {@code foundationdb-<app>} to appear or be ready. */
  private final ObjectWaiters clusters = new ObjectWaiters(FdbApi.API_VERSION, FdbApi.CLUSTER);

  /** Backup jobs waiting for another FoundationDBBackup of their cluster to stop or go. */
  private final ObjectWaiters others = new ObjectWaiters(FdbApi.API_VERSION, FdbApi.BACKUP);

  @Override
  public DriverRegistrationSpec registration() {
    return new DriverRegistrationSpec(
        NAME,
        new CatalogRef(ServicesCatalog.NAME, ServicesCatalog.VERSION),
        Contracts.VERSION,
        List.of(new StrategyKind(StrategyHandoff.STRATEGY_GROUP, STRATEGY_KIND)),
        LEASE_SECONDS);
  }

  @Override
  public Progress backup(BackupRun run) {
    return new FdbBackups(store(run.client()), clusters, others).backup(run);
  }

  @Override
  public Progress restore(RestoreRun run) {
    return new FdbRestores(store(run.client()), clusters).restore(run);
  }

  /**
   * The operator's backups and restores (labelled with their job), its clusters, whose changes wake
   * a job waiting for {@code foundationdb-<app>}, and the backups again, for the job waiting on
   * another job's backup: one informer each, since a change must wake both the object's own job and
   * the one waiting on it.
   */
  @Override
  public List<WatchedKind> watches() {
    return List.of(
        WatchedKind.labelled(FdbApi.API_VERSION, FdbApi.BACKUP),
        WatchedKind.labelled(FdbApi.API_VERSION, FdbApi.RESTORE),
        clusters.watchedKind(),
        others.watchedKind());
  }

  @Override
  public boolean cleansUpBackups() {
    return true;
  }

  @Override
  public void cleanUpBackup(KubernetesClient client, Backup backup) {
    FdbCleanups.backup(store(client), backup);
  }

  @Override
  public boolean cleansUpRestores() {
    return true;
  }

  @Override
  public void cleanUpRestore(KubernetesClient client, RestoreJob job, Optional<Backup> backup) {
    FdbCleanups.restore(store(client), job);
  }

  private static UpstreamStore store(KubernetesClient client) {
    return new UpstreamStore(client, FdbApi.API_VERSION);
  }
}
