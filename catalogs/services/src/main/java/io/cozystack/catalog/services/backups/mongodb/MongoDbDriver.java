package io.cozystack.catalog.services.backups.mongodb;

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
 * The MongoDB backup driver ({@code mongodb.services.cozystack.io}): drives strategy kind {@code
 * strategy.backups.cozystack.io/MongoDB} through the Percona operator's logical {@code
 * PerconaServerMongoDBBackup} and {@code PerconaServerMongoDBRestore} objects
 * (psmdb.percona.com/v1) and removes them with the Backup and the RestoreJob they were made for.
 */
public final class MongoDbDriver implements StrategyDriver {
  public static final String NAME = "mongodb.services.cozystack.io";
  public static final String STRATEGY_KIND = "MongoDB";
  static final int LEASE_SECONDS = 60;

  /** Jobs waiting for a PerconaServerMongoDB {@code mongodb-<app>} to appear or enable backups. */
  private final ObjectWaiters waiters = new ObjectWaiters(PsmdbApi.API_VERSION, PsmdbApi.CLUSTER);

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
    return new MongoDbBackups(store(run.client()), waiters).backup(run);
  }

  @Override
  public Progress restore(RestoreRun run) {
    return new MongoDbRestores(store(run.client()), waiters).restore(run);
  }

  /**
   * The operator's backups and restores (labelled with their job), and its clusters, whose changes
   * wake a job waiting for {@code mongodb-<app>}.
   */
  @Override
  public List<WatchedKind> watches() {
    return List.of(
        WatchedKind.labelled(PsmdbApi.API_VERSION, PsmdbApi.BACKUP),
        WatchedKind.labelled(PsmdbApi.API_VERSION, PsmdbApi.RESTORE),
        waiters.watchedKind());
  }

  @Override
  public boolean cleansUpBackups() {
    return true;
  }

  @Override
  public void cleanUpBackup(KubernetesClient client, Backup backup) {
    MongoDbCleanups.backup(client, backup);
  }

  @Override
  public boolean cleansUpRestores() {
    return true;
  }

  @Override
  public void cleanUpRestore(KubernetesClient client, RestoreJob job, Optional<Backup> backup) {
    MongoDbCleanups.restore(client, job);
  }

  private static UpstreamStore store(KubernetesClient client) {
    return new UpstreamStore(client, PsmdbApi.API_VERSION);
  }
}
