package io.cozystack.e2e;

import io.cozystack.api.backups.v1alpha1.BackupDriver;
import io.cozystack.contracts.driver.DriverRuntime;
import io.cozystack.contracts.driver.StrategyDriver;
import io.cozystack.e2e.chart.ApiRequest;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.http.AsyncBody;
import io.fabric8.kubernetes.client.http.BasicBuilder;
import io.fabric8.kubernetes.client.http.HttpRequest;
import io.fabric8.kubernetes.client.http.HttpResponse;
import io.fabric8.kubernetes.client.http.Interceptor;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

/**
 * A catalog's backup driver inside the test JVM, with its own client as its own process would have:
 * the SDK runtime the driver jar runs.
 */
final class InProcessDriver implements AutoCloseable {
  private final KubernetesClient client;
  private final DriverRuntime runtime;
  private final Path kubeconfig;
  private final String name;

  private InProcessDriver(
      KubernetesClient client, DriverRuntime runtime, Path kubeconfig, String name) {
    this.client = client;
    this.runtime = runtime;
    this.kubeconfig = kubeconfig;
    this.name = name;
  }

  static InProcessDriver start(Path kubeconfig, StrategyDriver driver) throws Exception {
    return start(
        new KubernetesClientBuilder()
            .withConfig(Config.fromKubeconfig(Files.readString(kubeconfig)))
            .build(),
        driver,
        kubeconfig);
  }

  /**
   * The same, and every request the driver's client sends is added to {@code requests} as RBAC sees
   * it ({@link ApiRequest}), for {@link DriverRbac} to check against the catalog's chart.
   */
  static InProcessDriver start(Path kubeconfig, StrategyDriver driver, Set<String> requests)
      throws Exception {
    return start(
        new KubernetesClientBuilder()
            .withConfig(Config.fromKubeconfig(Files.readString(kubeconfig)))
            .withHttpClientBuilderConsumer(
                b -> b.addOrReplaceInterceptor("rbac", new Recorder(requests)))
            .build(),
        driver,
        kubeconfig);
  }

  private static InProcessDriver start(
      KubernetesClient client, StrategyDriver driver, Path kubeconfig) {
    try {
      return new InProcessDriver(
          client, DriverRuntime.start(client, driver), kubeconfig, driver.registration().driver());
    } catch (RuntimeException e) {
      client.close();
      throw e;
    }
  }

  /**
   * Records each request; a server-side apply (a PATCH) answered 201 Created made its object, which
   * the API server also authorizes as a create (of that name).
   */
  private record Recorder(Set<String> requests) implements Interceptor {
    @Override
    public void before(BasicBuilder builder, HttpRequest request, RequestTags tags) {
      requests.add(ApiRequest.of(request.method(), request.uri()).toString());
    }

    @Override
    public void after(
        HttpRequest request,
        HttpResponse<?> response,
        AsyncBody.Consumer<List<ByteBuffer>> consumer) {
      if ("PATCH".equals(request.method()) && response.code() == 201) {
        requests.add(ApiRequest.of(request.method(), request.uri()).withVerb("create").toString());
      }
    }
  }

  /**
   * Stops the driver and withdraws its claim, as uninstalling its catalog would: its heartbeat and
   * registration go, so a later class on the same control plane finds its kinds unclaimed instead
   * of owned by a driver that no longer runs until its lease runs out. With a client of its own, so
   * the driver's recorded requests stay the driver's.
   */
  @Override
  public void close() {
    runtime.close();
    client.close();
    try (KubernetesClient admin =
        new KubernetesClientBuilder()
            .withConfig(Config.fromKubeconfig(Files.readString(kubeconfig)))
            .build()) {
      admin
          .leases()
          .inNamespace(BackupDriver.LEASE_NAMESPACE)
          .withName(BackupDriver.LEASE_PREFIX + name)
          .delete();
      admin.resources(BackupDriver.class).withName(name).delete();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
