package io.cozystack.operator.computeplane;

import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.http.HttpRequest;
import io.fabric8.kubernetes.client.http.HttpResponse;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * {@code GET /readyz} through a kubeconfig, with one timeout for connecting and answering and no
 * retries (the caller's backoff decides when to ask again). A client is built per probe: probes are
 * rare (seconds to a minute apart per cluster) and a kubeconfig may change between them.
 */
public final class ReadyzProbe implements ClusterProbe {
  private final Duration timeout;
  private final Clock clock;

  public ReadyzProbe(Duration timeout, Clock clock) {
    this.timeout = timeout;
    this.clock = clock;
  }

  @Override
  public ProbeOutcome probe(String kubeconfig) {
    Config config;
    try {
      config = Config.fromKubeconfig(kubeconfig);
    } catch (RuntimeException e) {
      return ProbeOutcome.failed(
          "the kubeconfig cannot be read: " + e.getMessage(), clock.instant());
    }
    int millis = (int) timeout.toMillis();
    config.setConnectionTimeout(millis);
    config.setRequestTimeout(millis);
    config.setRequestRetryBackoffLimit(0);
    try (KubernetesClient cluster = new KubernetesClientBuilder().withConfig(config).build()) {
      HttpRequest request =
          cluster
              .getHttpClient()
              .newHttpRequestBuilder()
              .uri(cluster.getMasterUrl().toString().replaceAll("/$", "") + "/readyz")
              .timeout(millis, TimeUnit.MILLISECONDS)
              .build();
      HttpResponse<String> response =
          cluster
              .getHttpClient()
              .sendAsync(request, String.class)
              .get(millis + 1000L, TimeUnit.MILLISECONDS);
      if (response.code() == 200) {
        return ProbeOutcome.answered(clock.instant());
      }
      return ProbeOutcome.failed(
          "HTTP " + response.code() + " " + failedChecks(response.body()), clock.instant());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return ProbeOutcome.failed("interrupted", clock.instant());
    } catch (TimeoutException e) {
      return ProbeOutcome.failed("no answer within " + timeout.toSeconds() + "s", clock.instant());
    } catch (ExecutionException | RuntimeException e) {
      Throwable cause = e instanceof ExecutionException && e.getCause() != null ? e.getCause() : e;
      String message = firstLine(cause.getMessage());
      return ProbeOutcome.failed(
          cause.getClass().getSimpleName() + (message.isBlank() ? "" : ": " + message),
          clock.instant());
    }
  }

  /**
   * The checks {@code /readyz} reports failed ({@code [-]name failed: ...}), else its first line.
   */
  static String failedChecks(String body) {
    if (body == null) {
      return "";
    }
    String failed =
        body.lines()
            .filter(l -> l.startsWith("[-]"))
            .map(l -> l.substring(3))
            .collect(java.util.stream.Collectors.joining(", "));
    return failed.isEmpty() ? firstLine(body) : "(" + failed + ")";
  }

  private static String firstLine(String text) {
    return text == null ? "" : text.lines().findFirst().orElse("");
  }
}
