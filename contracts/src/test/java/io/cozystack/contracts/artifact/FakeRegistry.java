package io.cozystack.contracts.artifact;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Just enough of the OCI distribution API, in-JVM on loopback, to check the exact requests a push
 * makes: blob HEAD, upload POST and PUT, manifest PUT, and optionally the bearer token dance (a 401
 * challenge naming {@code /token}, which issues {@link #TOKEN} for {@link #USER}/{@link
 * #PASSWORD}).
 */
final class FakeRegistry implements AutoCloseable {
  static final String TOKEN = "t0k3n";
  static final String USER = "alice";
  static final String PASSWORD = "s3cret";
  private static final Pattern API =
      Pattern.compile("/v2/(.+?)/(blobs/uploads/.*|blobs/(sha256:[0-9a-f]{64})|manifests/(.+))");

  record Request(String method, String uri, String contentType, String authorization) {
    @Override
    public String toString() {
      return method + " " + uri;
    }
  }

  final List<Request> requests = new CopyOnWriteArrayList<>();
  final List<String> tokenQueries = new CopyOnWriteArrayList<>();
  final Map<String, byte[]> blobs = new ConcurrentHashMap<>();
  final Map<String, byte[]> manifests = new ConcurrentHashMap<>();
  private final AtomicInteger uploads = new AtomicInteger();
  private final HttpServer server;
  volatile boolean requireToken;
  volatile String manifestError;

  FakeRegistry() throws IOException {
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.createContext("/", this::handle);
    server.start();
  }

  String host() {
    return "127.0.0.1:" + server.getAddress().getPort();
  }

  @Override
  public void close() {
    server.stop(0);
  }

  private void handle(HttpExchange exchange) throws IOException {
    try (exchange) {
      String uri = exchange.getRequestURI().toString();
      if (exchange.getRequestURI().getPath().equals("/token")) {
        token(exchange);
        return;
      }
      String authorization = exchange.getRequestHeaders().getFirst("Authorization");
      requests.add(
          new Request(
              exchange.getRequestMethod(),
              uri,
              exchange.getRequestHeaders().getFirst("Content-Type"),
              authorization));
      if (requireToken && !("Bearer " + TOKEN).equals(authorization)) {
        exchange
            .getResponseHeaders()
            .add(
                "WWW-Authenticate",
                "Bearer realm=\"http://"
                    + host()
                    + "/token\",service=\"fake-registry\",scope=\"repository:acme/catalog:pull\"");
        respond(exchange, 401, "{\"errors\":[{\"code\":\"UNAUTHORIZED\",\"message\":\"no\"}]}");
        return;
      }
      api(exchange);
    }
  }

  private void api(HttpExchange exchange) throws IOException {
    Matcher m = API.matcher(exchange.getRequestURI().getPath());
    String method = exchange.getRequestMethod();
    if (!m.matches()) {
      respond(exchange, 404, "");
    } else if (method.equals("HEAD") && m.group(3) != null) {
      boolean present = blobs.containsKey(m.group(3));
      exchange.sendResponseHeaders(present ? 200 : 404, -1);
    } else if (method.equals("POST") && m.group(2).equals("blobs/uploads/")) {
      String location = "/v2/" + m.group(1) + "/blobs/uploads/" + uploads.incrementAndGet();
      exchange.getResponseHeaders().add("Location", location + "?_state=opaque");
      respond(exchange, 202, "");
    } else if (method.equals("PUT") && m.group(2).startsWith("blobs/uploads/")) {
      upload(exchange);
    } else if (method.equals("PUT") && m.group(4) != null) {
      manifest(exchange, m.group(4));
    } else {
      respond(exchange, 405, "");
    }
  }

  private void upload(HttpExchange exchange) throws IOException {
    String query = exchange.getRequestURI().getRawQuery();
    Matcher digest = Pattern.compile("digest=(sha256:[0-9a-f]{64})").matcher(query);
    byte[] body = exchange.getRequestBody().readAllBytes();
    if (!query.startsWith("_state=opaque&")
        || !digest.find()
        || !digest.group(1).equals(sha256(body))) {
      respond(exchange, 400, "{\"errors\":[{\"code\":\"DIGEST_INVALID\",\"message\":\"bad\"}]}");
      return;
    }
    blobs.put(digest.group(1), body);
    respond(exchange, 201, "");
  }

  private void manifest(HttpExchange exchange, String tag) throws IOException {
    byte[] body = exchange.getRequestBody().readAllBytes();
    if (manifestError != null) {
      respond(exchange, 400, manifestError);
      return;
    }
    manifests.put(tag, body);
    exchange.getResponseHeaders().add("Docker-Content-Digest", sha256(body));
    respond(exchange, 201, "");
  }

  private void token(HttpExchange exchange) throws IOException {
    tokenQueries.add(exchange.getRequestURI().getQuery());
    String basic =
        java.util.Base64.getEncoder()
            .encodeToString((USER + ":" + PASSWORD).getBytes(StandardCharsets.UTF_8));
    if (!("Basic " + basic).equals(exchange.getRequestHeaders().getFirst("Authorization"))) {
      respond(exchange, 401, "{\"details\":\"incorrect username or password\"}");
      return;
    }
    respond(exchange, 200, "{\"token\":\"" + TOKEN + "\"}");
  }

  private static void respond(HttpExchange exchange, int status, String body) throws IOException {
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    exchange.sendResponseHeaders(status, bytes.length == 0 ? -1 : bytes.length);
    exchange.getResponseBody().write(bytes);
  }

  static String sha256(byte[] content) {
    try {
      return "sha256:"
          + HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(content));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}
