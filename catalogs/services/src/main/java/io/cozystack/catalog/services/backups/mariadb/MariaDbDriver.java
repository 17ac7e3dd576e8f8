package io.cozystack.catalog.services.backups.mariadb;

import io.cozystack.api.Contracts;
import io.cozystack.api.backups.driver.DriverRegistrationSpec;
import io.cozystack.api.backups.driver.DriverRegistrationSpec.CatalogRef;
import io.cozystack.api.backups.driver.DriverRegistrationSpec.StrategyKind;
import io.cozystack.api.backups.driver.StrategyHandoff;
import io.cozystack.catalog.services.backups.ServicesCatalog;
import io.cozystack.catalog.services.backups.upstream.ObjectWaiters;
import io.cozystack.catalog.services.backups.upstream.UpstreamStore;
import io.cozystack.contracts.driver.BackupRun;
import io.cozystack.contracts.driver.Progress;
import io.cozystack.contracts.driver.RestoreRun;
import io.cozystack.contracts.driver.StrategyDriver;
import io.cozystack.contracts.driver.WatchedKind;
import java.util.List;

/**
 * The MariaDB backup driver ({@code mariadb.services.cozystack.io}): drives strategy kind {@code
 * strategy.backups.cozystack.io/MariaDB} through mariadb-operator's {@code Backup} and {@code
 * Restore} objects (k8s.mariadb.com/v1alpha1). It keeps no side-state of its own: the archive is
 * governed by the strategy's {@code maxRetention}, so it cleans up nothing when a Backup or a
 * RestoreJob is deleted.
 */
public final class MariaDbDriver implements StrategyDriver {
  public static final String NAME = "mariadb.services.cozystack.io";
  public static final String STRATEGY_KIND = "MariaDB";
  static final int LEASE_SECONDS = 60;

  /** Jobs waiting for a MariaDB object {@code mariadb-<app>} to appear. */
  private final ObjectWaiters waiters =
      new ObjectWaiters(MariaDbApi.API_VERSION, MariaDbApi.MARIADB);

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
    return new MariaDbBackups(new UpstreamStore(run.client(), MariaDbApi.API_VERSION), waiters)
        .backup(run);
  }

  @Override
  public Progress restore(RestoreRun run) {
    return new MariaDbRestores(new UpstreamStore(run.client(), MariaDbApi.API_VERSION), waiters)
        .restore(run);
  }

  /**
   * mariadb-operator's Backups and Restores (labelled with their job), and its MariaDB objects,
   * whose appearance wakes a job waiting for {@code mariadb-<app>}.
   */
  @Override
  public List<WatchedKind> watches() {
    return List.of(
        WatchedKind.labelled(MariaDbApi.API_VERSION, MariaDbApi.BACKUP),
        WatchedKind.labelled(MariaDbApi.API_VERSION, MariaDbApi.RESTORE),
        waiters.watchedKind());
  }
}
