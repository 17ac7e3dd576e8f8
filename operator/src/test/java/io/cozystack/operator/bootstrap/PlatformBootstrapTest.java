package io.cozystack.operator.bootstrap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.fasterxml.jackson.databind.JsonNode;
import io.fabric8.kubernetes.api.model.StatusBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.fabric8.kubernetes.client.utils.Serialization;
import io.fabric8.mockwebserver.http.RecordedRequest;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The bootstrap's requests, on the fabric8 mock server answering each one as the API server would:
 * which requests, in which order, with which bodies, and what an answer of 409, 404 or 403 does.
 */
@EnableKubernetesMockClient
class PlatformBootstrapTest {
  KubernetesMockServer server;
  KubernetesClient client;

  private static final String NAMESPACES = "/api/v1/namespaces";
  private static final String SSA = "?fieldManager=cozystack-operator&force=true";
  private static final String OCI_REPOSITORY =
      "/apis/source.toolkit.fluxcd.io/v1/namespaces/cozy-system/ocirepositories/cozystack-platform";
  private static final String PACKAGE_SOURCE =
      "/apis/cozystack.io/v1alpha1/packagesources/cozystack.cozystack-platform";
  private static final String PACKAGES = "/apis/cozystack.io/v1alpha1/packages";

  private final PlatformObjects objects =
      PlatformRenderer.render(
          PlatformSourceFlags.parse(
                  "oci://127.0.0.1:5000/cozy/platform",
                  "cozystack-platform",
                  "tag=v0.1.0",
                  "",
                  true)
              .orElseThrow());

  @Test
  void createsTheNamespaceAppliesTheSourceAndPackageSourceAndCreatesThePackage() throws Exception {
    server.expect().post().withPath(NAMESPACES).andReturn(201, objects.namespace()).once();
    server.expect().patch().withPath(OCI_REPOSITORY + SSA).andReturn(200, objects.source()).once();
    server
        .expect()
        .patch()
        .withPath(PACKAGE_SOURCE + SSA)
        .andReturn(200, objects.packageSource())
        .once();
    server.expect().post().withPath(PACKAGES).andReturn(201, objects.pkg()).once();

    PlatformBootstrap.Outcome outcome = new PlatformBootstrap(client).apply(objects);

    assertThat(outcome).isEqualTo(new PlatformBootstrap.Outcome(true, true));
    List<RecordedRequest> requests = requests();
    assertThat(requests)
        .extracting(r -> r.getMethod() + " " + r.getPath())
        .containsExactly(
            "POST " + NAMESPACES,
            "PATCH " + OCI_REPOSITORY + SSA,
            "PATCH " + PACKAGE_SOURCE + SSA,
            "POST " + PACKAGES);
    assertThat(requests.get(1).getHeader("Content-Type"))
        .startsWith("application/apply-patch+yaml");
    assertThat(requests.get(2).getHeader("Content-Type"))
        .startsWith("application/apply-patch+yaml");
    assertThat(body(requests.get(0))).isEqualTo(json(objects.namespace()));
    assertThat(body(requests.get(1))).isEqualTo(json(objects.source()));
    assertThat(body(requests.get(2))).isEqualTo(json(objects.packageSource()));
    assertThat(body(requests.get(3))).isEqualTo(json(objects.pkg()));
  }

  @Test
  void anExistingPackageIsNotOverwritten() throws Exception {
    server.expect().post().withPath(NAMESPACES).andReturn(409, alreadyExists()).once();
    server.expect().patch().withPath(OCI_REPOSITORY + SSA).andReturn(200, objects.source()).once();
    server
        .expect()
        .patch()
        .withPath(PACKAGE_SOURCE + SSA)
        .andReturn(200, objects.packageSource())
        .once();
    server.expect().post().withPath(PACKAGES).andReturn(409, alreadyExists()).once();

    PlatformBootstrap.Outcome outcome = new PlatformBootstrap(client).apply(objects);

    assertThat(outcome).isEqualTo(new PlatformBootstrap.Outcome(false, false));
    // The create was the only request about the Package: no get, patch or update after the 409.
    assertThat(requests())
        .extracting(r -> r.getMethod() + " " + r.getPath())
        .containsExactly(
            "POST " + NAMESPACES,
            "PATCH " + OCI_REPOSITORY + SSA,
            "PATCH " + PACKAGE_SOURCE + SSA,
            "POST " + PACKAGES);
  }

  @Test
  void aFluxKindThatIsNotServedStopsWithTheFix() {
    server.expect().post().withPath(NAMESPACES).andReturn(409, alreadyExists()).once();
    server.expect().patch().withPath(OCI_REPOSITORY + SSA).andReturn(404, notFound()).once();

    BootstrapException e =
        catchThrowableOfType(
            BootstrapException.class, () -> new PlatformBootstrap(client).apply(objects));

    assertThat(e.getMessage())
        .startsWith(
            "Cannot bootstrap the platform: writing OCIRepository cozy-system/cozystack-platform"
                + " failed: the API server does not serve source.toolkit.fluxcd.io ocirepositories"
                + " (HTTP 404)")
        .contains("Install Flux", "or unset --platform-source-url");
    assertThat(server.getRequestCount()).as("nothing written after the failure").isEqualTo(2);
  }

  @Test
  void ourCrdsNotInstalledStopsWithTheFix() {
    server.expect().post().withPath(NAMESPACES).andReturn(409, alreadyExists()).once();
    server.expect().patch().withPath(OCI_REPOSITORY + SSA).andReturn(200, objects.source()).once();
    server.expect().patch().withPath(PACKAGE_SOURCE + SSA).andReturn(404, notFound()).once();

    BootstrapException e =
        catchThrowableOfType(
            BootstrapException.class, () -> new PlatformBootstrap(client).apply(objects));

    assertThat(e.getMessage())
        .contains("PackageSource cozystack.cozystack-platform", "cozystack.io packagesources")
        .contains("kubectl apply --server-side -f crds/");
  }

  @Test
  void aForbiddenWriteNamesTheMissingPermission() {
    server.expect().post().withPath(NAMESPACES).andReturn(409, alreadyExists()).once();
    server
        .expect()
        .patch()
        .withPath(OCI_REPOSITORY + SSA)
        .andReturn(
            403,
            new StatusBuilder()
                .withCode(403)
                .withReason("Forbidden")
                .withMessage("ocirepositories is forbidden")
                .build())
        .once();

    BootstrapException e =
        catchThrowableOfType(
            BootstrapException.class, () -> new PlatformBootstrap(client).apply(objects));

    assertThat(e.getMessage())
        .contains("HTTP 403")
        .contains("create and patch on source.toolkit.fluxcd.io ocirepositories");
  }

  private List<RecordedRequest> requests() throws InterruptedException {
    List<RecordedRequest> requests = new ArrayList<>();
    for (RecordedRequest r = server.takeRequest(1, TimeUnit.SECONDS);
        r != null;
        r = server.takeRequest(100, TimeUnit.MILLISECONDS)) {
      requests.add(r);
    }
    return requests;
  }

  /** The request's body (JSON, or YAML for server-side apply) as JSON. */
  private static JsonNode body(RecordedRequest request) {
    return json(Serialization.unmarshal(request.getUtf8Body(), java.util.Map.class));
  }

  private static JsonNode json(Object object) {
    return Serialization.jsonMapper().valueToTree(object);
  }

  private static Object alreadyExists() {
    return new StatusBuilder()
        .withCode(409)
        .withReason("AlreadyExists")
        .withMessage("exists")
        .build();
  }

  private static Object notFound() {
    return new StatusBuilder()
        .withCode(404)
        .withReason("NotFound")
        .withMessage("the server could not find the requested resource")
        .build();
  }
}
