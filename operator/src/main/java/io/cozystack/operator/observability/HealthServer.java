package io.cozystack.operator.observability;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Executors;
import java.util.function.Supplier;

/**
 * The operator's HTTP port: {@code /metrics} (Prometheus text), {@code /healthz} (the process
 * answers) and {@code /readyz} (every controller started and every informer healthy).
 */
public final class HealthServer implements AutoCloseable {
  private final HttpServer server;

  public HealthServer(int port, PrometheusMeterRegistry registry, Supplier<String> unready)
      throws IOException {
    server = HttpServer.create(new InetSocketAddress(port), 0);
    server.setExecutor(Executors.newSingleThreadExecutor(r -> daemon(r, "health-server")));
    server.createContext(
        "/metrics", ex -> respond(ex, 200, "text/plain; version=0.0.4", registry.scrape()));
    server.createContext("/healthz", ex -> respond(ex, 200, "text/plain", "ok\n"));
    server.createContext(
        "/readyz",
        ex -> {
          String problem = unready.get();
          respond(
              ex,
              problem == null ? 200 : 503,
              "text/plain",
              problem == null ? "ok\n" : problem + "\n");
        });
    server.start();
  }

  public int port() {
    return server.getAddress().getPort();
  }

  private static void respond(HttpExchange exchange, int code, String type, String body)
      throws IOException {
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    exchange.getResponseHeaders().set("Content-Type", type);
    exchange.sendResponseHeaders(code, bytes.length);
    try (OutputStream out = exchange.getResponseBody()) {
      out.write(bytes);
    }
  }

  private static Thread daemon(Runnable r, String name) {
    Thread t = new Thread(r, name);
    t.setDaemon(true);
    return t;
  }

  @Override
  public void close() {
    server.stop(0);
  }
}
