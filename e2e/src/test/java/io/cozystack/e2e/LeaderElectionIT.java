package io.cozystack.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.fabric8.kubernetes.api.model.coordination.v1.Lease;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Two replicas of operator.jar: one leads; killing it hands the Lease to the other. */
@ExtendWith(KubernetesExtension.class)
class LeaderElectionIT {
  @Kube static KubernetesClient client;
  @Kube static String namespace;
  @Kube static Path kubeconfig;

  @Test
  void oneReplicaLeadsAndAFollowerTakesOverWhenItDies() throws Exception {
    OperatorProcess first = replica("replica-1");
    first.await("Became leader", 60);
    OperatorProcess second = replica("replica-2");
    try {
      second.await("Operator started with", 60);
      // While the leader lives, the follower never leads: no resource is reconciled by both.
      await()
          .during(Duration.ofSeconds(5))
          .atMost(Duration.ofSeconds(10))
          .until(() -> !second.saw("Became leader"));
      // The platform's own backup driver runs on the leader only.
      assertThat(first.saw("backup driver job.platform.cozystack.io started")).isTrue();
      assertThat(second.saw("backup driver job.platform.cozystack.io started")).isFalse();
      String firstHolder = lease().getSpec().getHolderIdentity();
      assertThat(first.saw("Became leader (" + firstHolder + ")")).isTrue();

      long killed = System.nanoTime();
      first.process.destroyForcibly(); // SIGKILL: no graceful release of the Lease
      first.process.waitFor(10, TimeUnit.SECONDS);
      second.await("Became leader", 60);
      second.await("backup driver job.platform.cozystack.io started", 30);
      double handover = (System.nanoTime() - killed) / 1e9;
      System.out.printf(
          "[leader-election] handover after SIGKILL of the leader: %.1f s%n", handover);

      assertThat(lease().getSpec().getHolderIdentity()).isNotEqualTo(firstHolder);
    } finally {
      first.process.destroyForcibly();
      second.process.destroyForcibly();
    }
  }

  @Test
  void aDeposedLeaderStopsWritingBeforeItExits() throws Exception {
    OperatorProcess leader = replica("deposed");
    try {
      leader.await("Became leader", 60);
      Lease lease = lease();
      lease.getSpec().setHolderIdentity("someone-else");
      lease.getSpec().setRenewTime(java.time.ZonedDateTime.now());
      lease.getSpec().setLeaseDurationSeconds(600);
      client.resource(lease).update();
      long stolen = System.nanoTime();

      assertThat(leader.process.waitFor(120, TimeUnit.SECONDS))
          .as("the deposed leader exits")
          .isTrue();
      System.out.printf(
          "[leader-election] deposed leader exited %.1f s after its Lease was taken%n",
          (System.nanoTime() - stolen) / 1e9);
      int fenced = indexOf(leader, "refusing every write from now on");
      int lost = indexOf(leader, "Lost leadership");
      assertThat(fenced).as("writes are fenced before the exit is announced").isNotNegative();
      assertThat(fenced).isLessThan(lost);
      assertThat(lease().getSpec().getHolderIdentity())
          .as("the deposed replica never wrote the Lease back")
          .isEqualTo("someone-else");
    } finally {
      leader.process.destroyForcibly();
      client.resource(lease()).delete();
    }
  }

  @Test
  void aLeaderStopsPromptlyOnSigterm() throws Exception {
    OperatorProcess leader = replica("terminated");
    try {
      leader.await("Became leader", 60);
      long asked = System.nanoTime();
      // SIGTERM through the handle: Process.destroy() would also close our end of its stdout.
      leader.process.toHandle().destroy();
      assertThat(leader.process.waitFor(60, TimeUnit.SECONDS)).isTrue();
      System.out.printf(
          "[leader-election] leader stopped %.1f s after SIGTERM%n",
          (System.nanoTime() - asked) / 1e9);
      leader.drain();
      assertThat(leader.saw("Operator stopped")).as("stopped cleanly: %s", leader.output).isTrue();
      assertThat(leader.process.exitValue()).as("JVM exit code after SIGTERM").isEqualTo(143);
    } finally {
      leader.process.destroyForcibly();
    }
  }

  private static int indexOf(OperatorProcess process, String text) {
    for (int i = 0; i < process.output.size(); i++) {
      if (process.output.get(i).contains(text)) {
        return i;
      }
    }
    return -1;
  }

  private static Lease lease() {
    return client.leases().inNamespace(namespace).withName("cozy-operator-leader").get();
  }

  /** A replica of operator.jar with leader election on. */
  private static OperatorProcess replica(String name) throws java.io.IOException {
    return OperatorProcess.start(
        name,
        Map.of("KUBECONFIG", kubeconfig.toString()),
        List.of(
            "--metrics-port=0", "--leader-elect=true", "--leader-election-namespace=" + namespace));
  }
}
