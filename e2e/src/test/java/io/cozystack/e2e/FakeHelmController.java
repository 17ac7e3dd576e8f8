package io.cozystack.e2e;

import static org.awaitility.Awaitility.await;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Test double for Flux's helm-controller, which does not run in the test control plane: writes the
 * status helm-controller would write for a HelmRelease (Ready=True for the current generation, or
 * Stalled=True after a terminal failure). Nothing else is faked.
 */
final class FakeHelmController {
  private final KubernetesClient client;

  FakeHelmController(KubernetesClient client) {
    this.client = client;
  }

  void reportReady(String namespace, String name) {
    report(
        namespace,
        name,
        List.of(condition("Ready", "True", "InstallSucceeded", "Helm install succeeded")));
  }

  void reportStalled(String namespace, String name) {
    report(
        namespace,
        name,
        List.of(
            condition("Ready", "False", "InstallFailed", "Helm install failed: chart error"),
            condition(
                "Stalled", "True", "RetriesExceeded", "Failed to install after 3 attempt(s)")));
  }

  private void report(String namespace, String name, List<Map<String, Object>> conditions) {
    var releases =
        client
            .genericKubernetesResources("helm.toolkit.fluxcd.io/v2", "HelmRelease")
            .inNamespace(namespace);
    // helm-controller reports on a release once it exists; the operator may not have written it
    // yet.
    GenericKubernetesResource release =
        await("HelmRelease " + namespace + "/" + name + " written")
            .atMost(Duration.ofSeconds(30))
            .until(() -> releases.withName(name).get(), Objects::nonNull);
    release.setAdditionalProperty(
        "status",
        Map.of(
            "observedGeneration", release.getMetadata().getGeneration(), "conditions", conditions));
    releases.resource(release).updateStatus();
  }

  private static Map<String, Object> condition(
      String type, String status, String reason, String message) {
    return Map.of(
        "type", type,
        "status", status,
        "reason", reason,
        "message", message,
        "lastTransitionTime", Instant.now().truncatedTo(ChronoUnit.SECONDS).toString());
  }
}
