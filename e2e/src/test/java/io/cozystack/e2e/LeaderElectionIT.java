package io.cozystack.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.fabric8.kubernetes.api.model.coordination.v1.Lease;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
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
    Replica first = Replica.start(kubeconfig, namespace);
    first.await("Became leader", 60);
    Replica second = Replica.start(kubeconfig, namespace);
    try {
      second.await("Operator started with", 60);
      // While the leader lives, the follower never leads: no resource is reconciled by both.
      await()
          .during(Duration.ofSeconds(5))
          .atMost(Duration.ofSeconds(10))
          .until(() -> !second.saw("Became leader"));
      String firstHolder = lease().getSpec().getHolderIdentity();
      assertThat(first.saw("Became leader (" + firstHolder + ")")).isTrue();

      long killed = System.nanoTime();
      first.process.destroyForcibly(); // SIGKILL: no graceful release of the Lease
      first.process.waitFor(10, TimeUnit.SECONDS);
      second.await("Became leader", 60);
      double handover = (System.nanoTime() - killed) / 1e9;
      System.out.printf(
          "[leader-election] handover after SIGKILL of the leader: %.1f s%n", handover);

      assertThat(lease().getSpec().getHolderIdentity()).isNotEqualTo(firstHolder);
    } finally {
      first.process.destroyForcibly();
      second.process.destroyForcibly();
    }
  }

  private static Lease lease() {
    return client.leases().inNamespace(namespace).withName("cozy-operator-leader").get();
  }

  /** One operator.jar process with leader election on, its output collected. */
  record Replica(Process process, List<String> output) {
    static Replica start(Path kubeconfig, String namespace) throws Exception {
      ProcessBuilder builder =
          new ProcessBuilder(
                  Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                  "-jar",
                  System.getProperty("operator.jar"),
                  "--metrics-port=0",
                  "--leader-elect=true",
                  "--leader-election-namespace=" + namespace)
              .redirectErrorStream(true);
      builder.environment().put("KUBECONFIG", kubeconfig.toString());
      Process process = builder.start();
      List<String> output = new CopyOnWriteArrayList<>();
      Thread reader =
          new Thread(
              () -> {
                try (BufferedReader r =
                    new BufferedReader(
                        new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                  String line;
                  while ((line = r.readLine()) != null) {
                    output.add(line);
                  }
                } catch (java.io.IOException ignored) {
                  // the process ended
                }
              });
      reader.setDaemon(true);
      reader.start();
      return new Replica(process, output);
    }

    boolean saw(String text) {
      return output.stream().anyMatch(l -> l.contains(text));
    }

    void await(String text, int seconds) {
      org.awaitility.Awaitility.await().atMost(Duration.ofSeconds(seconds)).until(() -> saw(text));
    }
  }
}
