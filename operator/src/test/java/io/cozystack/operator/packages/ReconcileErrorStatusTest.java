package io.cozystack.operator.packages;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.cozystack.api.v1alpha1.PackageSource;
import io.cozystack.operator.Controllers;
import io.cozystack.operator.OperatorRuntime;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * A write the API server refuses becomes a visible status while the framework retries. The mock
 * server refuses server-side apply (404 on create), which stands in for any refused write here.
 */
@EnableKubernetesMockClient(crud = true)
class ReconcileErrorStatusTest {
  static KubernetesClient client;

  @Test
  void aRefusedWriteIsShownInStatus() {
    var registry = new SimpleMeterRegistry();
    OperatorRuntime runtime =
        new OperatorRuntime(
            client, Controllers.all(client, ReleaseSettings.defaults(), registry), false, registry);
    runtime.start();
    try {
      client
          .resource(
              ArtifactNameClaimsTest.source(
                  "acme.refused", "2026-01-01T00:00:00Z", "default", "app"))
          .create();

      PackageSource refused =
          await()
              .atMost(Duration.ofSeconds(30))
              .until(
                  () -> client.resources(PackageSource.class).withName("acme.refused").get(),
                  ps ->
                      ps.getStatus() != null
                          && ps.getStatus().conditions().stream()
                              .anyMatch(c -> "ReconcileError".equals(c.reason())));
      var ready =
          refused.getStatus().conditions().stream()
              .filter(c -> c.type().equals("Ready"))
              .findFirst()
              .orElseThrow();
      assertThat(ready.message())
          .matches("retrying with backoff \\(attempt \\d+, then at most every 5 minutes\\): .+");
      // One Warning event, at the first failure (events of cluster-scoped objects go to default).
      var events =
          await()
              .atMost(Duration.ofSeconds(30))
              .until(
                  () ->
                      client.v1().events().inNamespace("default").list().getItems().stream()
                          .filter(ev -> "acme.refused".equals(ev.getInvolvedObject().getName()))
                          .toList(),
                  found -> !found.isEmpty());
      assertThat(events)
          .singleElement()
          .satisfies(ev -> assertThat(ev.getType()).isEqualTo("Warning"))
          .satisfies(ev -> assertThat(ev.getReason()).isEqualTo("ReconcileError"));
      assertThat(refused.getStatus().variants()).isEqualTo("default");
    } finally {
      runtime.stop();
    }
  }
}
