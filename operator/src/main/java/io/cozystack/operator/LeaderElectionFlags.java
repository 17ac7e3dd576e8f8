package io.cozystack.operator;

import io.fabric8.kubernetes.client.extended.leaderelection.LeaderCallbacks;
import io.javaoperatorsdk.operator.api.config.LeaderElectionConfiguration;
import io.javaoperatorsdk.operator.api.config.LeaderElectionConfigurationBuilder;
import java.util.Optional;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import picocli.CommandLine.Option;

/** The leader-election flags, and the Lease configuration they ask for. */
final class LeaderElectionFlags {
  private static final Logger LOG = LoggerFactory.getLogger(LeaderElectionFlags.class);

  @Option(
      names = "--leader-elect",
      defaultValue = "${env:COZY_LEADER_ELECT:-false}",
      arity = "1",
      description =
          "Reconcile only while holding a Lease, so that several replicas can run. Env:"
              + " COZY_LEADER_ELECT. Default: ${DEFAULT-VALUE}.")
  boolean leaderElect;

  @Option(
      names = "--leader-election-namespace",
      defaultValue = "${env:POD_NAMESPACE:-cozy-system}",
      description = "Namespace of the Lease. Default: ${DEFAULT-VALUE} (env POD_NAMESPACE).")
  String namespace;

  @Option(
      names = "--leader-election-lease",
      defaultValue = "cozy-operator-leader",
      description = "Name of the Lease. Default: ${DEFAULT-VALUE}.")
  String lease;

  /**
   * The Lease configuration when {@code --leader-elect} is on, else null: {@code onLeading} runs
   * once this replica leads; losing the Lease deposes {@code fence} (no write leaves the process
   * any more) and then exits, so Kubernetes restarts it as a follower.
   */
  LeaderElectionConfiguration configuration(LeadershipFence fence, Runnable onLeading) {
    if (!leaderElect) {
      return null;
    }
    String identity =
        Optional.ofNullable(System.getenv("HOSTNAME")).orElse("operator")
            + "-"
            + UUID.randomUUID().toString().substring(0, 8);
    return LeaderElectionConfigurationBuilder.aLeaderElectionConfiguration(lease)
        .withLeaseNamespace(namespace)
        .withIdentity(identity)
        .withLeaderCallbacks(
            new LeaderCallbacks(
                () -> {
                  LOG.info("Became leader ({}): reconciling", identity);
                  onLeading.run();
                },
                () -> {
                  fence.depose();
                  LOG.warn("Lost leadership ({}): exiting so a follower takes over", identity);
                },
                leader -> LOG.info("Leader is now {}", leader)))
        .withExitOnStopLeading(true)
        .build();
  }
}
