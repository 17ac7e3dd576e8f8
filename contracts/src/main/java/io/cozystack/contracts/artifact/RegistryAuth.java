package io.cozystack.contracts.artifact;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The registry's credentials: basic auth when a username and password are given, and the bearer
 * token dance registries like Docker Hub, GHCR and Harbor require (a 401 names a token service in
 * {@code WWW-Authenticate: Bearer realm=...,service=...,scope=...}; the token it issues, for the
 * basic credentials if any, authorizes the retry).
 */
final class RegistryAuth {
  private static final Pattern PARAM = Pattern.compile("(\\w+)=(?:\"([^\"]*)\"|([^,\\s]*))");
  private static final Duration TIMEOUT = Duration.ofMinutes(1);

  private final HttpClient http;
  private final OciReference ref;
  private final PushOptions options;
  private Optional<String> token = Optional.empty();

  RegistryAuth(HttpClient http, OciReference ref, PushOptions options) {
    this.http = http;
    this.ref = ref;
    this.options = options;
  }

  /** The Authorization header to send: the bearer token once there is one, else basic, if any. */
  Optional<String> header() {
    return token.map(t -> "Bearer " + t).or(this::basic);
  }

  private Optional<String> basic() {
    return options
        .username()
        .map(
            user ->
                "Basic "
                    + Base64.getEncoder()
                        .encodeToString(
                            (user + ":" + options.password().orElseThrow())
                                .getBytes(StandardCharsets.UTF_8)));
  }

  /**
   * After a 401: fetches a token when the registry named a bearer token service, and says whether
   * the request is worth retrying.
   */
  boolean answer(HttpResponse<?> unauthorized) throws IOException {
    Optional<Map<String, String>> challenge =
        bearer(unauthorized.headers().allValues("WWW-Authenticate"));
    if (challenge.isEmpty()) {
      return false;
    }
    token = Optional.of(fetch(challenge.get()));
    return true;
  }

  /** The parameters of the first Bearer challenge among the headers. */
  static Optional<Map<String, String>> bearer(List<String> headers) {
    for (String header : headers) {
      if (header.regionMatches(true, 0, "Bearer ", 0, "Bearer ".length())) {
        Map<String, String> params = new HashMap<>();
        Matcher m = PARAM.matcher(header.substring("Bearer ".length()));
        while (m.find()) {
          params.put(m.group(1).toLowerCase(), m.group(2) != null ? m.group(2) : m.group(3));
        }
        if (params.containsKey("realm")) {
          return Optional.of(params);
        }
      }
    }
    return Optional.empty();
  }

  private String fetch(Map<String, String> challenge) throws IOException {
    URI uri = tokenUri(challenge);
    HttpRequest.Builder request = HttpRequest.newBuilder(uri).timeout(TIMEOUT).GET();
    basic().ifPresent(b -> request.header("Authorization", b));
    HttpResponse<byte[]> response;
    try {
      response = http.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterruptedIOException("interrupted while fetching a token from " + uri);
    } catch (IOException e) {
      throw RegistryException.unreachable(uri.getAuthority(), "a token", options.plainHttp(), e);
    }
    return token(uri, response);
  }

  /** The realm with the service and scopes; the scope we need (push) is asked for in any case. */
  private URI tokenUri(Map<String, String> challenge) throws RegistryException {
    URI realm = URI.create(challenge.get("realm"));
    if (!"https".equals(realm.getScheme()) && !options.plainHttp()) {
      throw new RegistryException(
          "registry "
              + ref.host()
              + " names the token service "
              + realm
              + ", which is not https\n    fix: use a registry whose token service is https;"
              + " --plain-http allows http for loopback test registries only");
    }
    Set<String> scopes = new LinkedHashSet<>();
    Optional.ofNullable(challenge.get("scope")).ifPresent(scopes::add);
    scopes.add("repository:" + ref.repository() + ":pull,push");
    StringBuilder query = new StringBuilder();
    Optional.ofNullable(challenge.get("service"))
        .ifPresent(s -> query.append("&service=" + enc(s)));
    scopes.forEach(s -> query.append("&scope=").append(enc(s)));
    String separator = realm.getRawQuery() == null ? "?" : "&";
    return URI.create(realm + separator + query.substring(1));
  }

  private String token(URI uri, HttpResponse<byte[]> response) throws IOException {
    if (response.statusCode() != 200) {
      throw new RegistryException(
          "the token service "
              + uri.getScheme()
              + "://"
              + uri.getAuthority()
              + uri.getPath()
              + " refused a push token for "
              + ref.repository()
              + ": "
              + response.statusCode()
              + RegistryException.detail(response)
              + "\n    fix: pass credentials that may push there with --username/--password"
              + " (or COZY_REGISTRY_USERNAME/COZY_REGISTRY_PASSWORD)");
    }
    JsonNode body = new ObjectMapper().readTree(response.body());
    // Docker's token spec names it "token"; OAuth2-style services answer "access_token".
    String value = body.path("token").asText(body.path("access_token").asText(""));
    if (value.isEmpty()) {
      throw new RegistryException(
          "the token service " + uri.getAuthority() + " answered without a token");
    }
    return value;
  }

  private static String enc(String value) {
    return URLEncoder.encode(value, StandardCharsets.UTF_8);
  }
}
