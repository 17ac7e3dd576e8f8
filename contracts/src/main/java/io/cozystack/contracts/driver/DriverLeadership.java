package io.cozystack.contracts.driver;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.extended.leaderelection.LeaderCallbacks;
import io.fabric8.kubernetes.client.extended.leaderelection.LeaderElectionConfigBuilder;
import io.fabric8.kubernetes.client.extended.leaderelection.resourcelock.LeaseLock;
import java.time.Duration;
import java.util.UUID;
import java.util.function.IntConsumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One active instance among a driver process's replicas: the holder of Lease {@code lease} runs the
 * drivers; the others wait. A leader that loses the Lease exits (code 1), so it never acts beside
 * its successor; the pod restarts as a follower.
 */
public final class DriverLeadership {
  private static final Logger LOG = LoggerFactory.getLogger(DriverLeadership.class);
  static final Duration LEASE = Duration.ofSeconds(15);

  private DriverLeadership() {}

  /** Lease name for a process running {@code drivers}: the same for every replica. */
  public static String leaseName(java.util.List<String> drivers) {
    return "backup-drivers-" + String.join("-", drivers.stream().sorted().toList()) + "-leader";
  }

  /** Starts campaigning; {@code lead} runs once this replica holds the Lease. */
  static void campaign(
      KubernetesClient client, String namespace, String lease, Runnable lead, IntConsumer exit) {
    String identity =
        System.getenv().getOrDefault("HOSTNAME", "driver")
            + "-"
            + UUID.randomUUID().toString().substring(0, 8);
    client
        .leaderElector()
        .withConfig(
            new LeaderElectionConfigBuilder()
                .withName(lease)
                .withLock(new LeaseLock(namespace, lease, identity))
                .withLeaseDuration(LEASE)
                .withRenewDeadline(Duration.ofSeconds(10))
                .withRetryPeriod(Duration.ofSeconds(2))
                .withLeaderCallbacks(
                    new LeaderCallbacks(
                        () -> {
                          LOG.info(
                              "Became leader ({}) of {}: running the drivers", identity, lease);
                          lead.run();
                        },
                        () -> {
                          LOG.warn("Lost leadership ({}) of {}: exiting", identity, lease);
                          exit.accept(1);
                        },
                        leader -> LOG.info("Leader of {} is now {}", lease, leader)))
                .build())
        .build()
        .start();
  }
}
