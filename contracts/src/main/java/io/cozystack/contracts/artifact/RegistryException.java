package io.cozystack.contracts.artifact;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.ConnectException;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import javax.net.ssl.SSLException;

/**
 * A push the registry (or the way to it) refused. The message names the registry, what was being
 * sent, the registry's status and error code, and on its last line the fix.
 */
public final class RegistryException extends IOException {
  private static final long serialVersionUID = 1L;
  private static final String CREDENTIALS =
      "--username/--password (or COZY_REGISTRY_USERNAME/COZY_REGISTRY_PASSWORD)";

  RegistryException(String message) {
    super(message);
  }

  RegistryException(String message, Throwable cause) {
    super(message, cause);
  }

  /** The registry answered {@code what} with an unexpected status. */
  static RegistryException refused(OciReference ref, String what, HttpResponse<byte[]> response) {
    int status = response.statusCode();
    return new RegistryException(
        "registry "
            + ref.host()
            + " refused "
            + what
            + ": "
            + status
            + detail(response)
            + "\n    fix: "
            + fix(ref, status));
  }

  /** The request for {@code what} never got an answer. */
  static RegistryException unreachable(
      String host, String what, boolean plainHttp, IOException cause) {
    String reason;
    if (cause instanceof ConnectException) {
      reason =
          "connection refused\n    fix: is the registry running?"
              + (plainHttp ? "" : " for a plain-HTTP test registry pass --plain-http");
    } else if (cause instanceof SSLException) {
      reason =
          "TLS failed ("
              + cause.getMessage()
              + ")\n    fix: "
              + (plainHttp
                  ? "check the registry's certificate"
                  : "for a plain-HTTP test registry pass --plain-http; otherwise check that the"
                      + " JVM trusts the registry's certificate");
    } else if (cause instanceof HttpTimeoutException) {
      // A plain-HTTP server may sit silent on a TLS handshake instead of answering it.
      reason =
          "timed out\n    fix: check that "
              + host
              + " is reachable from here"
              + (plainHttp ? "" : "; for a plain-HTTP test registry pass --plain-http");
    } else {
      reason = cause + "\n    fix: check that " + host + " is reachable from here";
    }
    return new RegistryException("cannot reach " + host + " for " + what + ": " + reason, cause);
  }

  private static String fix(OciReference ref, int status) {
    if (status == 401 || status == 403) {
      return "pass credentials that may push to " + ref.repository() + " with " + CREDENTIALS;
    }
    if (status == 404) {
      return "check the host and repository in "
          + ref
          + ", and that the registry serves the OCI distribution API under /v2/";
    }
    if (status == 413) {
      return "raise the registry's upload limit, or leave large files out with a .cozyignore";
    }
    if (status >= 500) {
      return "the registry failed; retry, or read its logs";
    }
    return "correct what the registry's message names; a registry that refuses Flux's media types"
        + " (application/vnd.cncf.flux.*) must be configured to accept OCI artifacts";
  }

  /**
   * " CODE message" from the distribution API's {@code {"errors": [...]}} body, or the start of a
   * body in any other shape.
   */
  static String detail(HttpResponse<byte[]> response) {
    String body = new String(response.body(), StandardCharsets.UTF_8).strip();
    if (body.startsWith("{")) {
      try {
        StringBuilder detail = new StringBuilder();
        for (JsonNode error : new ObjectMapper().readTree(body).path("errors")) {
          detail.append(' ').append(error.path("code").asText());
          detail.append(' ').append(error.path("message").asText());
        }
        if (detail.length() > 0) {
          return detail.toString();
        }
      } catch (IOException notJson) {
        // fall through to the raw body
      }
    }
    String oneLine = body.replaceAll("\\s+", " ");
    return oneLine.isEmpty() ? "" : " " + oneLine.substring(0, Math.min(oneLine.length(), 200));
  }
}
