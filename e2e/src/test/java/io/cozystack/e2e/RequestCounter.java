package io.cozystack.e2e;

import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.http.BasicBuilder;
import io.fabric8.kubernetes.client.http.HttpRequest;
import io.fabric8.kubernetes.client.http.Interceptor;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/** Counts the API requests a client sends, by HTTP method (watches count once, when opened). */
final class RequestCounter implements Interceptor {
  private final Map<String, LongAdder> byMethod = new ConcurrentHashMap<>();

  @Override
  public void before(BasicBuilder builder, HttpRequest request, RequestTags tags) {
    byMethod.computeIfAbsent(request.method(), m -> new LongAdder()).increment();
  }

  KubernetesClient client(Config config) {
    return new KubernetesClientBuilder()
        .withConfig(config)
        .withHttpClientBuilderConsumer(b -> b.addOrReplaceInterceptor("request-counter", this))
        .build();
  }

  long total() {
    return byMethod.values().stream().mapToLong(LongAdder::sum).sum();
  }

  long writes() {
    return total() - count("GET");
  }

  long count(String method) {
    LongAdder adder = byMethod.get(method);
    return adder == null ? 0 : adder.sum();
  }

  @Override
  public String toString() {
    return byMethod.toString();
  }
}
