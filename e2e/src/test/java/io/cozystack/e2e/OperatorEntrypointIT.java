package io.cozystack.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** {@code java -jar operator/target/operator.jar}: starts every controller, stops on SIGTERM. */
@ExtendWith(KubernetesExtension.class)
class OperatorEntrypointIT {
  @Kube static Path kubeconfig;
  @Kube static io.fabric8.kubernetes.client.KubernetesClient client;

  @Test
  void startsEveryControllerAndStopsCleanlyOnSigterm() throws Exception {
    Path jar = Path.of(System.getProperty("operator.jar"));
    assertThat(jar).exists();
    OperatorProcess running =
        OperatorProcess.start(
            "operator", Map.of("KUBECONFIG", kubeconfig.toString()), List.of("--metrics-port=0"));
    Process operator = running.process;
    List<String> output = running.output;

    running.await("Operator started with", 60);
    int port =
        output.stream()
            .filter(l -> l.contains("Serving /metrics, /healthz and /readyz on port "))
            .map(l -> Integer.parseInt(l.replaceAll(".* on port (\\d+).*", "$1")))
            .findFirst()
            .orElseThrow();
    assertThat(http(port, "/healthz")).isEqualTo("200 ok");
    org.awaitility.Awaitility.await()
        .atMost(java.time.Duration.ofSeconds(20))
        .until(() -> http(port, "/readyz").equals("200 ok"));
    assertThat(http(port, "/metrics")).startsWith("200 ").contains("operator_sdk_");

    // Every reconcile line names the resource it is about.
    client
        .resource(ExampleSources.source("acme.logged", "svc", "acme-logged"))
        .fieldManager("cozy-e2e")
        .serverSideApply();
    running.await("PackageSourceReconciler [PackageSource /acme.logged] - ", 30);
    assertThat(output)
        .anyMatch(l -> l.contains("Started controller package for Package (cozystack.io/v1alpha1)"))
        .anyMatch(l -> l.contains("Started controller backupjob for BackupJob"))
        .filteredOn(l -> l.contains("Started controller "))
        .hasSizeGreaterThanOrEqualTo(io.cozystack.api.ApiTypes.ALL.size());
    // Every kind the project defines has a controller (a kind may have more than one).
    for (var type : io.cozystack.api.ApiTypes.ALL) {
      String kind = io.fabric8.kubernetes.api.model.HasMetadata.getKind(type);
      assertThat(output)
          .anyMatch(l -> l.contains("Started controller ") && l.contains(" for " + kind + " ("));
    }

    // SIGTERM through the handle: Process.destroy() would also close our end of its stdout.
    operator.toHandle().destroy();
    assertThat(operator.waitFor(30, TimeUnit.SECONDS)).as("exits after SIGTERM").isTrue();
    running.drain();
    assertThat(output).anyMatch(l -> l.contains("Operator stopped"));
    assertThat(operator.exitValue()).as("JVM exit code after SIGTERM").isEqualTo(143);
  }

  @Test
  void exitsWithAClearMessageWhenTheApiServerIsUnreachable() throws Exception {
    Path config = Files.createTempFile("unreachable", ".kubeconfig");
    Files.writeString(
        config,
        """
        apiVersion: v1
        kind: Config
        clusters: [{name: c, cluster: {server: "https://127.0.0.1:1"}}]
        users: [{name: u, user: {token: t}}]
        contexts: [{name: x, context: {cluster: c, user: u}}]
        current-context: x
        """);
    OperatorProcess running =
        OperatorProcess.start("operator", Map.of("KUBECONFIG", config.toString()), List.of());
    Process operator = running.process;
    List<String> output = running.output;

    assertThat(operator.waitFor(60, TimeUnit.SECONDS)).isTrue();
    running.drain();
    assertThat(operator.exitValue()).isEqualTo(2);
    assertThat(output)
        .anyMatch(
            l ->
                l.contains("Cannot reach the Kubernetes API server at https://127.0.0.1:1")
                    && l.contains("KUBECONFIG"));
  }

  private static String http(int port, String path) throws Exception {
    var response =
        java.net.http.HttpClient.newHttpClient()
            .send(
                java.net.http.HttpRequest.newBuilder(
                        java.net.URI.create("http://127.0.0.1:" + port + path))
                    .build(),
                java.net.http.HttpResponse.BodyHandlers.ofString());
    return response.statusCode() + " " + response.body().trim();
  }
}
