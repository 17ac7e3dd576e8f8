package io.cozystack.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.cozystack.api.Contracts;
import io.cozystack.api.backups.v1alpha1.BackupDriver;
import io.fabric8.kubernetes.api.model.coordination.v1.Lease;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.nio.file.Path;
import java.time.Duration;
import java.time.ZonedDateTime;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The services catalog's driver jar as its own process, as its Deployment runs it: it registers,
 * heartbeats, and stops on SIGTERM; a bad argument is refused before it touches the cluster.
 */
@ExtendWith(KubernetesExtension.class)
class DriverProcessIT {
  static final String JAR = System.getProperty("services-drivers.jar");
  static final String DRIVER = "cnpg.services.cozystack.io";
  @Kube static KubernetesClient client;
  @Kube static Path kubeconfig;
  @Kube static String namespace;

  /** What the driver needs to start: the heartbeat namespace and its strategy CRD. */
  @BeforeAll
  static void prerequisites() throws Exception {
    Manifests.namespace(client, "cozy-system");
    Manifests.crd(
        client,
        "catalogs/services/deploy/backup-drivers/crds/strategy.backups.cozystack.io_cnpgs.yaml");
  }

  @Test
  void theJarRegistersItsDriverHeartbeatsAndStopsOnSigterm() throws Exception {
    ZonedDateTime before = ZonedDateTime.now().minusSeconds(1);

    OperatorProcess drivers =
        OperatorProcess.startJar(
            JAR,
            "services-drivers",
            Map.of("KUBECONFIG", kubeconfig.toString()),
            List.of("--driver", "cnpg"));
    try {
      drivers.await("running backup drivers [cnpg]", 60);
      Lease lease =
          client
              .leases()
              .inNamespace(BackupDriver.LEASE_NAMESPACE)
              .withName(BackupDriver.LEASE_PREFIX + DRIVER)
              .get();
      assertThat(lease.getSpec().getRenewTime()).isAfter(before);
      BackupDriver registration = client.resources(BackupDriver.class).withName(DRIVER).get();
      assertThat(registration.getSpec().catalog().name()).isEqualTo("cozystack.services");
      assertThat(registration.getSpec().contractVersion()).isEqualTo(Contracts.VERSION);
      assertThat(registration.getSpec().strategies())
          .extracting(s -> s.apiGroup() + "/" + s.kind())
          .containsExactly("strategy.backups.cozystack.io/CNPG");
    } finally {
      // SIGTERM through the handle: Process.destroy() would also close our end of its stdout.
      drivers.process.toHandle().destroy();
    }
    assertThat(drivers.process.waitFor(30, TimeUnit.SECONDS)).as("exits after SIGTERM").isTrue();
    drivers.drain();
    assertThat(drivers.process.exitValue()).isEqualTo(143);
  }

  @Test
  void twoReplicasElectOneLeaderAndTheOtherTakesOverWhenItDies() throws Exception {
    OperatorProcess first = replica("drivers-1");
    OperatorProcess second = null;
    try {
      first.await("running backup drivers [cnpg]", 60);
      second = replica("drivers-2");
      OperatorProcess follower = second;
      // While the leader lives, the follower never runs a driver.
      await()
          .during(Duration.ofSeconds(5))
          .atMost(Duration.ofSeconds(10))
          .until(() -> !follower.saw("running backup drivers"));
      // It says whom it follows once its JVM has started and read the Lease: slow on a loaded
      // machine (seen in CI), so waited for, not read at one moment.
      await()
          .atMost(Duration.ofSeconds(60))
          .until(() -> follower.saw("Leader of backup-drivers-cnpg-leader is now"));
      assertThat(follower.saw("running backup drivers"))
          .as("still no driver on the follower")
          .isFalse();

      long killed = System.nanoTime();
      first.process.destroyForcibly(); // SIGKILL: the Lease is not released
      first.process.waitFor(10, TimeUnit.SECONDS);
      follower.await("running backup drivers [cnpg]", 60);
      System.out.printf(
          "[driver-leader-election] handover after SIGKILL of the leader: %.1f s%n",
          (System.nanoTime() - killed) / 1e9);
    } finally {
      first.process.destroyForcibly();
      if (second != null) {
        second.process.destroyForcibly();
      }
    }
  }

  private static OperatorProcess replica(String name) throws java.io.IOException {
    return OperatorProcess.startJar(
        JAR,
        name,
        Map.of("KUBECONFIG", kubeconfig.toString()),
        List.of("--driver", "cnpg", "--leader-elect", "--leader-election-namespace=" + namespace));
  }

  @Test
  void anUnknownDriverIsRefusedNamingWhatTheCatalogShips() throws Exception {
    OperatorProcess drivers =
        OperatorProcess.startJar(
            JAR,
            "services-drivers",
            Map.of("KUBECONFIG", kubeconfig.toString()),
            List.of("--driver", "velero"));
    assertThat(drivers.process.waitFor(60, TimeUnit.SECONDS)).isTrue();
    drivers.drain();
    assertThat(drivers.process.exitValue()).isEqualTo(2);
    assertThat(drivers.saw("--driver velero: unknown driver")).isTrue();
    await().atMost(Duration.ofSeconds(1)).until(() -> drivers.saw("cnpg"));
  }
}
