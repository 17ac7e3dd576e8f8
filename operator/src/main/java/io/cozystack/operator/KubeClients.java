package io.cozystack.operator;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fabric8.kubernetes.api.model.ManagedFieldsEntry;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.http.BasicBuilder;
import io.fabric8.kubernetes.client.http.HttpRequest;
import io.fabric8.kubernetes.client.http.Interceptor;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The operator's Kubernetes client, the same for the jar and the tests that run the operator in
 * their JVM.
 *
 * <p>Every object it reads is kept smaller than the API server sends it: the field sets of {@code
 * metadata.managedFields} ({@code fieldsV1}, a tree of every field each manager owns, often the
 * largest part of an object) are dropped while parsing, so neither an informer cache nor a read
 * holds them. The entries themselves stay (who manages the object, e.g. for an ownership conflict's
 * message). An entry without its field set tells the API server that its manager owns nothing, so
 * an object read with this client is never sent back whole to its main resource with a PUT or a
 * merge patch; the operator writes with server-side apply of objects it builds (where {@code
 * managedFields} must be absent), JSON patches computed from two copies ({@code edit}, which never
 * touch {@code managedFields}) and the status subresource (where the API server ignores them).
 */
public final class KubeClients {
  /** Counter of the API requests the operator sent, by HTTP method. */
  public static final String REQUESTS_METRIC = "cozy.api.requests";

  private KubeClients() {}

  /** A builder of the operator's client for {@code config}. */
  public static KubernetesClientBuilder builder(Config config) {
    return new KubernetesClientBuilder()
        .withConfig(config)
        .withKubernetesSerialization(serialization());
  }

  /** The same, counting its requests in {@code registry} ({@value #REQUESTS_METRIC}). */
  public static KubernetesClientBuilder builder(Config config, MeterRegistry registry) {
    return builder(config, registry, new LeadershipFence());
  }

  /** The same, refusing writes once {@code fence} is deposed. */
  public static KubernetesClientBuilder builder(
      Config config, MeterRegistry registry, LeadershipFence fence) {
    Interceptor counter = new RequestCounter(registry);
    return builder(config)
        .withHttpClientBuilderConsumer(
            b ->
                b.addOrReplaceInterceptor("cozy-requests", counter)
                    .addOrReplaceInterceptor("cozy-leadership-fence", fence));
  }

  /** fabric8's serialization, reading {@code managedFields} entries without their field sets. */
  static KubernetesSerialization serialization() {
    ObjectMapper mapper = new ObjectMapper();
    mapper.addMixIn(ManagedFieldsEntry.class, WithoutFieldSets.class);
    return new KubernetesSerialization(mapper, true);
  }

  /** An entry without {@code fieldsV1}. */
  @JsonIgnoreProperties({"fieldsV1"})
  abstract static class WithoutFieldSets {}

  /** Counts requests by method as they are sent (a watch once, when it is opened). */
  private static final class RequestCounter implements Interceptor {
    private final MeterRegistry registry;
    private final Map<String, Counter> byMethod = new ConcurrentHashMap<>();

    RequestCounter(MeterRegistry registry) {
      this.registry = registry;
    }

    @Override
    public void before(BasicBuilder builder, HttpRequest request, RequestTags tags) {
      byMethod
          .computeIfAbsent(
              request.method(),
              method ->
                  Counter.builder(REQUESTS_METRIC)
                      .description("Kubernetes API requests sent by the operator, by HTTP method")
                      .tag("method", method)
                      .register(registry))
          .increment();
    }
  }
}
