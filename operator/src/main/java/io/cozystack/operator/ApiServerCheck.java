package io.cozystack.operator;

import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.VersionInfo;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Start-up probe: fails fast, with a message naming the server and the fix, when it is unusable.
 */
final class ApiServerCheck {
  private static final Logger LOG = LoggerFactory.getLogger(ApiServerCheck.class);

  /** The API server did not answer, or refused our credentials. */
  static final class UnreachableException extends Exception {
    UnreachableException(String message) {
      super(message);
    }
  }

  private ApiServerCheck() {}

  static void verify(KubernetesClient client, Duration timeout) throws UnreachableException {
    String server = String.valueOf(client.getMasterUrl());
    // A client of its own without retries, so a refused connection is reported as such at once.
    Config once =
        new ConfigBuilder(client.getConfiguration()).withRequestRetryBackoffLimit(0).build();
    try (KubernetesClient probe = new KubernetesClientBuilder().withConfig(once).build()) {
      VersionInfo version =
          CompletableFuture.supplyAsync(probe::getKubernetesVersion)
              .get(timeout.toMillis(), TimeUnit.MILLISECONDS);
      LOG.info(
          "Connected to the Kubernetes API server at {} (version {})",
          server,
          version.getGitVersion());
    } catch (TimeoutException e) {
      throw new UnreachableException(
          unreachable(server, "no answer within " + timeout.toSeconds() + "s"));
    } catch (ExecutionException e) {
      throw new UnreachableException(unreachable(server, rootMessage(e.getCause())));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new UnreachableException(unreachable(server, "interrupted"));
    }
  }

  private static String unreachable(String server, String cause) {
    return "Cannot reach the Kubernetes API server at "
        + server
        + ": "
        + cause
        + ". Point KUBECONFIG at a reachable cluster (or run in a pod with a service account).";
  }

  /** The most telling cause: a refused connection or unknown host, else the root cause. */
  static String rootMessage(Throwable e) {
    if (e instanceof KubernetesClientException kce && kce.getCode() > 0) {
      return "HTTP " + kce.getCode() + " " + kce.getMessage();
    }
    Throwable root = e;
    for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (t instanceof java.net.ConnectException) {
        return "connection refused";
      }
      if (t instanceof java.net.UnknownHostException) {
        return "unknown host " + t.getMessage();
      }
      if (t instanceof javax.net.ssl.SSLException) {
        return "TLS failed: " + t.getMessage();
      }
      root = t;
    }
    return root.getClass().getSimpleName()
        + (root.getMessage() == null ? "" : ": " + root.getMessage());
  }
}
