package io.cozystack.catalog.services.backups.upstream;

import static org.assertj.core.api.Assertions.assertThat;

import io.cozystack.contracts.driver.WatchedKind.JobKey;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import org.junit.jupiter.api.Test;

/** An object's change wakes the jobs waiting for it, one per change, longest-waiting first. */
class ObjectWaitersTest {
  static final GenericKubernetesResource MARIADB = mariaDb("tenant-a", "mariadb-db");

  @Test
  void eachChangeWakesTheNextWaitingJob() {
    ObjectWaiters waiters = new ObjectWaiters("k8s.mariadb.com/v1alpha1", "MariaDB");
    waiters.await("tenant-a", "mariadb-db", new JobKey("tenant-a", "first"));
    waiters.await("tenant-a", "mariadb-db", new JobKey("tenant-a", "second"));
    waiters.await("tenant-b", "mariadb-db", new JobKey("tenant-b", "elsewhere"));

    assertThat(waiters.wake(MARIADB)).contains(new JobKey("tenant-a", "first"));
    assertThat(waiters.wake(MARIADB)).contains(new JobKey("tenant-a", "second"));
    assertThat(waiters.wake(MARIADB)).isEmpty();
  }

  @Test
  void aJobThatNoLongerWaitsIsNotWoken() {
    ObjectWaiters waiters = new ObjectWaiters("k8s.mariadb.com/v1alpha1", "MariaDB");
    waiters.await("tenant-a", "mariadb-db", new JobKey("tenant-a", "first"));
    waiters.done("tenant-a", "mariadb-db", new JobKey("tenant-a", "first"));

    assertThat(waiters.wake(MARIADB)).isEmpty();
    assertThat(waiters.watchedKind().owner().apply(MARIADB)).isEmpty();
  }

  @Test
  void itWatchesTheKindItWasMadeFor() {
    ObjectWaiters waiters = new ObjectWaiters("psmdb.percona.com/v1", "PerconaServerMongoDB");

    assertThat(waiters.watchedKind().apiVersion()).isEqualTo("psmdb.percona.com/v1");
    assertThat(waiters.watchedKind().kind()).isEqualTo("PerconaServerMongoDB");
  }

  private static GenericKubernetesResource mariaDb(String namespace, String name) {
    GenericKubernetesResource o = new GenericKubernetesResource();
    o.setApiVersion("k8s.mariadb.com/v1alpha1");
    o.setKind("MariaDB");
    o.setMetadata(new ObjectMetaBuilder().withName(name).withNamespace(namespace).build());
    return o;
  }
}
