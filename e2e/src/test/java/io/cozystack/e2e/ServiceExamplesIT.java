package io.cozystack.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.cozystack.operator.flux.HelmRelease;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Cozystack's own manifests of each services application ({@code
 * catalogs/services/src/test/examples/<app>/}) on the real API server, with the catalog's
 * ApplicationDefinitions served by the operator: each applies unchanged (strict field validation,
 * its spec kept as written), renders its HelmRelease with the spec as values, and the chart
 * rendered from those values is accepted by the upstream operators' CRDs. An unknown field is
 * refused. A generated password survives a real {@code helm upgrade}.
 */
@ExtendWith(KubernetesExtension.class)
class ServiceExamplesIT {
  static final Path CATALOG = ControlPlane.repoRoot().resolve("catalogs/services");
  static final String NAMESPACE = "tenant-root";
  @Kube static KubernetesClient client;
  @Kube static Path kubeconfig;
  static InProcessOperator operator;

  @BeforeAll
  static void serveTheCatalogsKinds() throws Exception {
    PlatformValues.ensure(client);
    Manifests.namespace(client, "cozy-system");
    Manifests.namespace(client, NAMESPACE);
    // The Tenant kind, so that tenant-root's values (its host) are projected.
    Manifests.applyFile(
        client,
        ControlPlane.repoRoot().resolve("catalogs/platform/charts/tenant-rd/cozyrds/tenant.yaml"));
    try (Stream<Path> definitions = Files.list(CATALOG.resolve("charts"))) {
      for (Path rd : definitions.filter(d -> d.toString().endsWith("-rd")).sorted().toList()) {
        try (Stream<Path> files = Files.list(rd.resolve("cozyrds"))) {
          for (Path file : files.toList()) {
            Manifests.applyFile(client, file);
          }
        }
      }
    }
    operator = InProcessOperator.start(kubeconfig);
  }

  @AfterAll
  static void stop() {
    if (operator != null) {
      operator.close();
    }
  }

  static Stream<Arguments> examples() throws IOException {
    try (Stream<Path> files = Files.walk(CATALOG.resolve("src/test/examples"))) {
      return files.filter(f -> f.toString().endsWith(".yaml")).sorted().toList().stream()
          .flatMap(ServiceExamplesIT::documents);
    }
  }

  private static Stream<Arguments> documents(Path file) {
    try {
      List<JsonNode> docs =
          new com.fasterxml.jackson.dataformat.yaml.YAMLMapper()
              .readerFor(JsonNode.class)
              .<JsonNode>readValues(Files.readString(file))
              .readAll();
      String app = file.getParent().getFileName().toString();
      return docs.stream()
          .filter(d -> d != null && d.has("kind"))
          .map(d -> Arguments.of(app + "/" + file.getFileName(), app, d));
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("examples")
  void appliesUnchangedAndRendersARelease(String file, String app, JsonNode example)
      throws Exception {
    GenericKubernetesResource manifest =
        Serialization.jsonMapper().treeToValue(example, GenericKubernetesResource.class);
    String kind = manifest.getKind();
    String name = manifest.getMetadata().getName();
    GenericKubernetesResource stored = applyOnceServed(manifest);
    JsonNode storedSpec = Serialization.jsonMapper().valueToTree(stored).path("spec");
    assertContains(storedSpec, example.path("spec"), "spec");

    ServiceChart chart = ServiceChart.of(CATALOG.resolve("charts").resolve(app));
    String release = chart.releasePrefix() + name;
    HelmRelease helmRelease =
        await("HelmRelease " + release)
            .atMost(Duration.ofSeconds(60))
            .until(
                () ->
                    client
                        .resources(HelmRelease.class)
                        .inNamespace(NAMESPACE)
                        .withName(release)
                        .get(),
                r -> r != null);
    JsonNode values = helmRelease.getSpec().values();
    assertContains(values, example.path("spec"), "values");

    @SuppressWarnings("unchecked")
    Map<String, Object> chartValues = Serialization.jsonMapper().convertValue(values, Map.class);
    for (GenericKubernetesResource object : chart.render(chartValues, release, NAMESPACE)) {
      client
          .genericKubernetesResources(object.getApiVersion(), object.getKind())
          .inNamespace(NAMESPACE)
          .resource(object)
          .dryRun()
          .fieldManager("helm")
          .serverSideApply();
    }

    ObjectNode unknown = example.deepCopy();
    ((ObjectNode) unknown.path("spec")).put("notAField", true);
    assertThat(strictDryRunCreate(app, unknown))
        .startsWith("400 ")
        .contains("strict decoding error: unknown field \\\"spec.notAField\\\"");

    client
        .genericKubernetesResources(LocalPlatform.APPS, kind)
        .inNamespace(NAMESPACE)
        .withName(name)
        .delete();
  }

  /**
   * A password the tenant did not give is generated once and kept: {@code helm install} and {@code
   * helm upgrade} for real, the second reading the first's Secret with {@code lookup}.
   */
  @Test
  void generatedPasswordsAreKeptAcrossUpgrades() throws Exception {
    ServiceChart chart = ServiceChart.of(CATALOG.resolve("charts/postgres"));
    await("kind Postgres served")
        .atMost(LocalPlatform.SERVED)
        .ignoreExceptions()
        .until(
            () -> client.genericKubernetesResources(LocalPlatform.APPS, "Postgres").list() != null);
    Map<String, Object> values = Map.of("users", Map.of("app", Map.of()));
    String release = "postgres-keeps";
    chart.install(values, release, NAMESPACE, kubeconfig);
    String generated = password(release + "-credentials", "app");
    assertThat(generated).hasSize(24).isEqualTo(password(release + "-user-app", "password"));
    chart.upgrade(values, release, NAMESPACE, kubeconfig);
    assertThat(password(release + "-credentials", "app")).isEqualTo(generated);
    assertThat(password(release + "-user-app", "password")).isEqualTo(generated);
  }

  private static String password(String secret, String key) {
    String data = client.secrets().inNamespace(NAMESPACE).withName(secret).get().getData().get(key);
    return new String(
        java.util.Base64.getDecoder().decode(data), java.nio.charset.StandardCharsets.UTF_8);
  }

  /** POST with fieldValidation=Strict (as kubectl does) and dryRun=All; code and body. */
  private static String strictDryRunCreate(String app, JsonNode object) throws Exception {
    String plural =
        new com.fasterxml.jackson.dataformat.yaml.YAMLMapper()
            .readTree(CATALOG.resolve("charts/" + app + "-rd/cozyrds/" + app + ".yaml").toFile())
            .path("spec")
            .path("application")
            .path("plural")
            .asText();
    var request =
        client
            .getHttpClient()
            .newHttpRequestBuilder()
            .uri(
                client.getMasterUrl()
                    + "apis/apps.cozystack.io/v1alpha1/namespaces/"
                    + NAMESPACE
                    + "/"
                    + plural
                    + "?fieldValidation=Strict&dryRun=All")
            .post("application/json", object.toString())
            .build();
    var response = client.getHttpClient().sendAsync(request, String.class).get();
    return response.code() + " " + response.body();
  }

  private static GenericKubernetesResource applyOnceServed(GenericKubernetesResource manifest) {
    await("kind " + manifest.getKind() + " served")
        .atMost(LocalPlatform.SERVED)
        .ignoreExceptions()
        .until(
            () ->
                client
                        .genericKubernetesResources(LocalPlatform.APPS, manifest.getKind())
                        .inNamespace(NAMESPACE)
                        .list()
                    != null);
    return client
        .genericKubernetesResources(LocalPlatform.APPS, manifest.getKind())
        .inNamespace(NAMESPACE)
        .resource(manifest)
        .fieldManager(Manifests.FIELD_MANAGER)
        .forceConflicts()
        .serverSideApply();
  }

  /**
   * Every field of {@code expected} is in {@code actual} with the same value (numbers by value).
   */
  private static void assertContains(JsonNode actual, JsonNode expected, String path) {
    if (expected.isObject()) {
      expected
          .fields()
          .forEachRemaining(
              f -> assertContains(actual.path(f.getKey()), f.getValue(), path + "." + f.getKey()));
    } else if (expected.isNumber()) {
      assertThat(actual.isNumber()).as(path).isTrue();
      assertThat(actual.decimalValue().compareTo(expected.decimalValue())).as(path).isZero();
    } else {
      assertThat(actual).as(path).isEqualTo(expected);
    }
  }
}
