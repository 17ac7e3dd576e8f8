package io.cozystack.contracts.artifact;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Optional;

/**
 * The few calls of the OCI distribution API a push needs, on one repository: check a blob, upload
 * one monolithically (POST then PUT with the digest), put a manifest. A 401 is answered once per
 * request through {@link RegistryAuth}; every other unexpected status becomes a {@link
 * RegistryException} naming the call.
 */
final class RegistryClient {
  private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(30);
  private static final Duration REQUEST_TIMEOUT = Duration.ofMinutes(5);

  private final HttpClient http;
  private final OciReference ref;
  private final boolean plainHttp;
  private final URI base;
  private final RegistryAuth auth;

  RegistryClient(OciReference ref, PushOptions options) {
    // HTTP/1.1: every registry speaks it, and plain-HTTP test registries need no h2c upgrade.
    this.http =
        HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(CONNECT_TIMEOUT)
            .followRedirects(HttpClient.Redirect.NORMAL)
            .build();
    this.ref = ref;
    this.plainHttp = options.plainHttp();
    this.base = URI.create((plainHttp ? "http" : "https") + "://" + ref.host() + "/");
    this.auth = new RegistryAuth(http, ref, options);
  }

  /** Whether the repository already has the blob (HEAD: 200 yes, 404 no). */
  boolean hasBlob(String digest, String what) throws IOException {
    HttpResponse<byte[]> response = send("HEAD", api("blobs/" + digest), null, null, what);
    if (response.statusCode() == 200 || response.statusCode() == 404) {
      return response.statusCode() == 200;
    }
    throw RegistryException.refused(ref, "the check for " + what, response);
  }

  /** Uploads a blob in one request: POST opens the upload, PUT to its Location closes it. */
  void uploadBlob(String digest, byte[] content, String what) throws IOException {
    HttpResponse<byte[]> opened = send("POST", api("blobs/uploads/"), null, new byte[0], what);
    expect(opened, what);
    URI upload = location(opened, what);
    String separator = upload.getRawQuery() == null ? "?" : "&";
    URI put = URI.create(upload + separator + "digest=" + digest);
    expect(send("PUT", put, "application/octet-stream", content, what), what);
  }

  /** Puts the manifest under {@code tag}. */
  void putManifest(String tag, byte[] manifest) throws IOException {
    String what = "the manifest";
    HttpResponse<byte[]> response =
        send("PUT", api("manifests/" + tag), OciPusher.MANIFEST_MEDIA_TYPE, manifest, what);
    expect(response, what);
  }

  private URI api(String path) {
    return base.resolve("/v2/" + ref.repository() + "/" + path);
  }

  /** The spec names 202 and 201; any success is taken, as registries differ. */
  private void expect(HttpResponse<byte[]> response, String what) throws RegistryException {
    if (response.statusCode() / 100 != 2) {
      throw RegistryException.refused(ref, what, response);
    }
  }

  /** The upload's Location, resolved against the registry; never a downgrade to http. */
  private URI location(HttpResponse<byte[]> opened, String what) throws RegistryException {
    Optional<String> location = opened.headers().firstValue("Location");
    if (location.isEmpty()) {
      throw new RegistryException(
          "registry " + ref.host() + " opened the upload of " + what + " without a Location");
    }
    URI upload = base.resolve(location.get());
    if ("http".equals(upload.getScheme()) && !plainHttp) {
      throw new RegistryException(
          "registry "
              + ref.host()
              + " sent the upload of "
              + what
              + " to "
              + upload
              + ", which is plain http\n    fix: fix the registry's external URL to https");
    }
    return upload;
  }

  /** Sends one request, answering a 401 once with the credentials or a fresh bearer token. */
  private HttpResponse<byte[]> send(
      String method, URI uri, String contentType, byte[] body, String what) throws IOException {
    HttpResponse<byte[]> response = exchange(method, uri, contentType, body, what);
    if (response.statusCode() == 401 && auth.answer(response)) {
      response = exchange(method, uri, contentType, body, what);
    }
    return response;
  }

  private HttpResponse<byte[]> exchange(
      String method, URI uri, String contentType, byte[] body, String what) throws IOException {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(uri)
            .timeout(REQUEST_TIMEOUT)
            .method(
                method, body == null ? BodyPublishers.noBody() : BodyPublishers.ofByteArray(body));
    if (contentType != null) {
      request.header("Content-Type", contentType);
    }
    // Credentials go to the registry itself only, not to a storage host an upload is sent to.
    if (base.getAuthority().equals(uri.getAuthority())) {
      auth.header().ifPresent(h -> request.header("Authorization", h));
    }
    try {
      return http.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterruptedIOException("interrupted while pushing " + what);
    } catch (IOException e) {
      throw RegistryException.unreachable(ref.host(), what, plainHttp, e);
    }
  }
}
