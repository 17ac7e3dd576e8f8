package io.cozystack.operator.computeplane;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** What a probe says about a cluster that does not answer as it should. */
class ReadyzProbeTest {

  @Test
  void aStartingApiServerIsDescribedByTheChecksThatFailed() {
    String body =
        "[+]ping ok\n[+]log ok\n[-]etcd failed: reason withheld\n"
            + "[-]poststarthook/rbac/bootstrap-roles failed: not finished\nreadyz check failed\n";

    assertThat(ReadyzProbe.failedChecks(body))
        .isEqualTo(
            "(etcd failed: reason withheld, poststarthook/rbac/bootstrap-roles failed: not"
                + " finished)");
    assertThat(ReadyzProbe.failedChecks("Forbidden\n")).isEqualTo("Forbidden");
  }

  @Test
  void anUnreadableKubeconfigIsAnOutcomeNotAnError() {
    ProbeOutcome outcome =
        new ReadyzProbe(Duration.ofSeconds(1), Clock.systemUTC()).probe("not: [a kubeconfig");

    assertThat(outcome.answered()).isFalse();
    assertThat(outcome.detail()).startsWith("the kubeconfig cannot be read");
  }

  @Test
  void aClusterNobodyListensForIsUnreachable() {
    String kubeconfig =
        """
        apiVersion: v1
        kind: Config
        clusters: [{name: c, cluster: {server: "https://127.0.0.1:1", insecure-skip-tls-verify: true}}]
        users: [{name: u, user: {token: t}}]
        contexts: [{name: x, context: {cluster: c, user: u}}]
        current-context: x
        """;

    ProbeOutcome outcome =
        new ReadyzProbe(Duration.ofSeconds(2), Clock.systemUTC()).probe(kubeconfig);

    assertThat(outcome.answered()).isFalse();
    assertThat(outcome.detail()).contains("Connect");
  }
}
