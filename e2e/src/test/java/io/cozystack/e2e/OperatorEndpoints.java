package io.cozystack.e2e;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** An operator process's {@code /readyz} and {@code /metrics}, on its {@code --metrics-port}. */
final class OperatorEndpoints {
  private static final Pattern REQUESTS =
      Pattern.compile("^cozy_api_requests_total\\{.*method=\"(\\w+)\".*} (\\S+)$");

  final int port;
  private final HttpClient http = HttpClient.newHttpClient();

  OperatorEndpoints(int port) {
    this.port = port;
  }

  /** On a port free now, for an operator about to start. */
  static OperatorEndpoints onFreePort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0)) {
      return new OperatorEndpoints(socket.getLocalPort());
    }
  }

  String flag() {
    return "--metrics-port=" + port;
  }

  /** {@code /readyz} answers 200; false while it does not answer at all. */
  boolean ready() {
    try {
      return get("/readyz").statusCode() == 200;
    } catch (IOException e) {
      return false;
    }
  }

  /** The operator's {@code cozy_api_requests_total} by method; empty when it has none. */
  Map<String, Long> apiRequests() throws IOException {
    Map<String, Long> byMethod = new TreeMap<>();
    for (String l : get("/metrics").body().split("\n")) {
      Matcher m = REQUESTS.matcher(l);
      if (m.matches()) {
        byMethod.merge(m.group(1), (long) Double.parseDouble(m.group(2)), Long::sum);
      }
    }
    return byMethod;
  }

  HttpResponse<String> get(String path) throws IOException {
    try {
      return http.send(
          HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
              .timeout(Duration.ofSeconds(5))
              .build(),
          HttpResponse.BodyHandlers.ofString());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted", e);
    }
  }
}
