package io.cozystack.contracts.artifact;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A push against an in-JVM registry: the exact requests, the manifest, auth and the errors. */
class OciPusherTest {
  private static final String CONFIG_DIGEST =
      "sha256:44136fa355b3678a1146ad16f7e8649e94fb4fc21fe77e8310c060f61caaff8a";

  private static final String BAD_REQUEST =
      "HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\nConnection: close\r\n\r\n";

  @TempDir Path dir;
  FakeRegistry registry;
  CatalogArtifact artifact;
  OciReference ref;

  @BeforeEach
  void start() throws IOException {
    registry = new FakeRegistry();
    artifact = CatalogArtifact.pack(Catalogs.good(dir));
    ref = OciReference.parse("oci://" + registry.host() + "/acme/catalog:1.0.0");
  }

  @AfterEach
  void stop() {
    registry.close();
  }

  private static PushOptions plain() {
    return PushOptions.defaults().withPlainHttp(true);
  }

  @Test
  void pushesTheConfigTheLayerAndAFluxManifest() throws IOException {
    String digest = OciPusher.push(artifact, ref, plain());

    String layer = artifact.digest();
    assertThat(registry.requests)
        .extracting(FakeRegistry.Request::toString)
        .containsExactly(
            "HEAD /v2/acme/catalog/blobs/" + CONFIG_DIGEST,
            "POST /v2/acme/catalog/blobs/uploads/",
            "PUT /v2/acme/catalog/blobs/uploads/1?_state=opaque&digest=" + CONFIG_DIGEST,
            "HEAD /v2/acme/catalog/blobs/" + layer,
            "POST /v2/acme/catalog/blobs/uploads/",
            "PUT /v2/acme/catalog/blobs/uploads/2?_state=opaque&digest=" + layer,
            "PUT /v2/acme/catalog/manifests/1.0.0");
    assertThat(registry.requests.get(2).contentType()).isEqualTo("application/octet-stream");
    assertThat(registry.requests.get(6).contentType())
        .isEqualTo("application/vnd.oci.image.manifest.v1+json");
    assertThat(registry.requests).allMatch(r -> r.authorization() == null);
    assertThat(new String(registry.blobs.get(CONFIG_DIGEST), StandardCharsets.UTF_8))
        .isEqualTo("{}");
    assertThat(registry.blobs.get(layer)).isEqualTo(artifact.layer());
    byte[] manifest = registry.manifests.get("1.0.0");
    assertThat(new String(manifest, StandardCharsets.UTF_8)).isEqualTo(expectedManifest());
    assertThat(digest).isEqualTo(FakeRegistry.sha256(manifest));
  }

  /** Flux's manifest, compact, in the field order the pusher writes. */
  private String expectedManifest() {
    String layer = artifact.digest();
    return "{\"schemaVersion\":2,"
        + "\"mediaType\":\"application/vnd.oci.image.manifest.v1+json\","
        + "\"config\":{\"mediaType\":\"application/vnd.cncf.flux.config.v1+json\","
        + "\"digest\":\""
        + CONFIG_DIGEST
        + "\",\"size\":2},"
        + "\"layers\":[{\"mediaType\":\"application/vnd.cncf.flux.content.v1.tar+gzip\","
        + "\"digest\":\""
        + layer
        + "\",\"size\":"
        + artifact.size()
        + "}],"
        + "\"annotations\":{"
        + "\"org.opencontainers.image.revision\":\"1.0.0@"
        + layer
        + "\",\"org.opencontainers.image.source\":\"oci://"
        + registry.host()
        + "/acme/catalog\"}}";
  }

  @Test
  void aSecondPushUploadsNothingAndGivesTheSameManifestDigest() throws IOException {
    String first = OciPusher.push(artifact, ref, plain());
    registry.requests.clear();

    String second = OciPusher.push(artifact, ref, plain());

    assertThat(second).isEqualTo(first);
    assertThat(registry.requests)
        .extracting(FakeRegistry.Request::method)
        .containsExactly("HEAD", "HEAD", "PUT");
  }

  @Test
  void revisionSourceAndCreatedAreTheGivenAnnotations() throws IOException {
    PushOptions options =
        plain()
            .withSource("https://github.com/acme/catalog")
            .withRevision("main@sha1:abc")
            .withCreated(Instant.parse("2026-01-31T12:00:00.123Z"));

    OciPusher.push(artifact, ref, options);

    assertThat(new String(registry.manifests.get("1.0.0"), StandardCharsets.UTF_8))
        .endsWith(
            "\"annotations\":{\"org.opencontainers.image.created\":\"2026-01-31T12:00:00Z\","
                + "\"org.opencontainers.image.revision\":\"main@sha1:abc\","
                + "\"org.opencontainers.image.source\":\"https://github.com/acme/catalog\"}}");
  }

  @Test
  void aBearerChallengeIsAnsweredWithATokenForThePushScope() throws IOException {
    registry.requireToken = true;

    OciPusher.push(
        artifact, ref, plain().withCredentials(FakeRegistry.USER, FakeRegistry.PASSWORD));

    assertThat(registry.tokenQueries)
        .containsExactly(
            "service=fake-registry&scope=repository:acme/catalog:pull"
                + "&scope=repository:acme/catalog:pull,push");
    FakeRegistry.Request first = registry.requests.get(0);
    assertThat(first.authorization()).startsWith("Basic ");
    assertThat(registry.requests.subList(1, registry.requests.size()))
        .allMatch(r -> r.authorization().equals("Bearer " + FakeRegistry.TOKEN));
    assertThat(registry.manifests).containsKey("1.0.0");
  }

  @Test
  void refusedCredentialsNameTheTokenServiceAndTheFix() {
    registry.requireToken = true;

    assertThatThrownBy(
            () -> OciPusher.push(artifact, ref, plain().withCredentials("alice", "wrong")))
        .isInstanceOf(RegistryException.class)
        .hasMessageContaining("refused a push token for acme/catalog: 401")
        .hasMessageContaining("fix: pass credentials that may push there with --username");
  }

  @Test
  void aRefusedManifestNamesTheRegistryTheCodeAndTheFix() {
    registry.manifestError =
        "{\"errors\":[{\"code\":\"MANIFEST_INVALID\",\"message\":\"manifest invalid\"}]}";

    assertThatThrownBy(() -> OciPusher.push(artifact, ref, plain()))
        .isInstanceOf(RegistryException.class)
        .hasMessageStartingWith(
            "registry " + registry.host() + " refused the manifest: 400 MANIFEST_INVALID")
        .hasMessageContaining("fix: ");
  }

  @Test
  void httpsIsTheDefaultAndAPlainRegistrySuggestsPlainHttp() throws Exception {
    // A plain-HTTP server that answers whatever it is sent with a 400, as Go's registry does. It
    // answers every connection and reads each to its end: closing on unread bytes resets the
    // connection, the client then tried again on a new one, and a connection nobody accepted made
    // it time out instead of failing its handshake (seen in full runs).
    ExecutorService server = Executors.newSingleThreadExecutor();
    try (ServerSocket plain = new ServerSocket(0, 8, InetAddress.getLoopbackAddress())) {
      CompletableFuture<byte[]> received = new CompletableFuture<>();
      server.execute(
          () -> {
            while (!plain.isClosed()) {
              try (Socket socket = plain.accept()) {
                byte[] first = socket.getInputStream().readNBytes(3);
                socket.getOutputStream().write(BAD_REQUEST.getBytes(StandardCharsets.US_ASCII));
                socket.shutdownOutput();
                received.complete(first);
                // Read the rest of the handshake until the client closes, so that closing this
                // side resets nothing the client has not read yet.
                socket.setSoTimeout(2000);
                socket.getInputStream().readAllBytes();
              } catch (IOException e) {
                if (!plain.isClosed()) {
                  received.completeExceptionally(new UncheckedIOException(e));
                }
              }
            }
          });
      OciReference https = OciReference.parse("oci://127.0.0.1:" + plain.getLocalPort() + "/a:1");

      assertThatThrownBy(() -> OciPusher.push(artifact, https, PushOptions.defaults()))
          .isInstanceOf(RegistryException.class)
          .hasMessageContaining("TLS failed")
          .hasMessageContaining("for a plain-HTTP test registry pass --plain-http");
      // 0x16 0x03: the client opened with a TLS handshake record, not with plain HTTP.
      assertThat(received.get(10, TimeUnit.SECONDS)).startsWith(0x16, 0x03);
    } finally {
      server.shutdownNow();
    }
  }

  @Test
  void aRegistryThatIsNotRunningSaysSo() {
    String host = registry.host();
    registry.close();
    OciReference gone = OciReference.parse("oci://" + host + "/acme/catalog:1.0.0");

    assertThatThrownBy(() -> OciPusher.push(artifact, gone, PushOptions.defaults()))
        .isInstanceOf(RegistryException.class)
        .hasMessageContaining("cannot reach " + host + " for the config blob: connection refused")
        .hasMessageContaining("is the registry running? for a plain-HTTP test registry pass");
  }
}
