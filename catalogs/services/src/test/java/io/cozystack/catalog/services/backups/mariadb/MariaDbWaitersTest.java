package io.cozystack.catalog.services.backups.mariadb;

import static org.assertj.core.api.Assertions.assertThat;

import io.cozystack.contracts.driver.WatchedKind.JobKey;
import org.junit.jupiter.api.Test;

/** A MariaDB's appearance wakes the jobs waiting for it, one per change, longest-waiting first. */
class MariaDbWaitersTest {
  static final io.fabric8.kubernetes.api.model.GenericKubernetesResource MARIADB =
      Json.object(
          "{apiVersion: k8s.mariadb.com/v1alpha1, kind: MariaDB,"
              + " metadata: {name: mariadb-db, namespace: tenant-a}}");

  @Test
  void eachChangeWakesTheNextWaitingJob() {
    MariaDbWaiters waiters = new MariaDbWaiters();
    waiters.await("tenant-a", "mariadb-db", new JobKey("tenant-a", "first"));
    waiters.await("tenant-a", "mariadb-db", new JobKey("tenant-a", "second"));
    waiters.await("tenant-b", "mariadb-db", new JobKey("tenant-b", "elsewhere"));

    assertThat(waiters.wake(MARIADB)).contains(new JobKey("tenant-a", "first"));
    assertThat(waiters.wake(MARIADB)).contains(new JobKey("tenant-a", "second"));
    assertThat(waiters.wake(MARIADB)).isEmpty();
  }

  @Test
  void aJobThatNoLongerWaitsIsNotWoken() {
    MariaDbWaiters waiters = new MariaDbWaiters();
    waiters.await("tenant-a", "mariadb-db", new JobKey("tenant-a", "first"));
    waiters.done("tenant-a", "mariadb-db", new JobKey("tenant-a", "first"));

    assertThat(waiters.wake(MARIADB)).isEmpty();
    assertThat(waiters.watchedKind().owner().apply(MARIADB)).isEmpty();
  }
}
