package io.cozystack.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.awaitility.Awaitility.await;

import io.cozystack.api.v1alpha1.ApplicationDefinition;
import io.cozystack.operator.flux.HelmRelease;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.http.HttpRequest;
import io.fabric8.kubernetes.client.http.HttpResponse;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * ApplicationDefinitions serve kinds at runtime; instances render HelmReleases (helm-controller
 * faked).
 */
@ExtendWith(KubernetesExtension.class)
class ApplicationsIT {
  @Kube static KubernetesClient client;
  @Kube static String namespace;
  @Kube static Path kubeconfig;
  static InProcessOperator operator;
  static FakeHelmController helm;

  static final String POSTGRES_AD =
      """
      apiVersion: cozystack.io/v1alpha1
      kind: ApplicationDefinition
      metadata: {name: postgres}
      spec:
        application:
          kind: Postgres
          plural: postgreses
          singular: postgres
          openAPISchema: '{"title":"Chart Values","type":"object","properties":{"replicas":{"type":"integer","default":2},"storageClass":{"type":"string","default":"","x-cozystack-options":{"source":"storageclass"}}}}'
        release:
          prefix: postgres-
          labels: {sharding.fluxcd.io/key: tenants}
          chartRef: {kind: ExternalArtifact, name: cozystack-postgres-application-default-postgres, namespace: cozy-system}
        dashboard: {category: PaaS, singular: PostgreSQL, plural: PostgreSQL}
      """;

  /** A definition whose schema keeps every key: only the CRD's own rules refuse any. */
  static final String SANDBOX_AD =
      """
      apiVersion: cozystack.io/v1alpha1
      kind: ApplicationDefinition
      metadata: {name: sandbox}
      spec:
        application:
          kind: Sandbox
          plural: sandboxes
          singular: sandbox
          openAPISchema: '{"type":"object","x-kubernetes-preserve-unknown-fields":true}'
        release:
          prefix: sandbox-
          chartRef: {kind: ExternalArtifact, name: sandbox, namespace: cozy-system}
      """;

  @BeforeAll
  static void start() throws Exception {
    PlatformValues.ensure(client);
    PlatformValues.system(client, namespace);
    operator = InProcessOperator.start(kubeconfig);
    helm = new FakeHelmController(client);
    client
        .resource(
            ExampleSources.example(
                "06-applicationdefinition-tenant.yaml", ApplicationDefinition.class))
        .fieldManager("cozy-e2e")
        .serverSideApply();
    client
        .resource(Serialization.unmarshal(POSTGRES_AD, ApplicationDefinition.class))
        .fieldManager("cozy-e2e")
        .serverSideApply();
    awaitServed("tenant");
    awaitServed("postgres");
  }

  @AfterAll
  static void stop() {
    if (operator != null) {
      operator.close();
    }
  }

  @Test
  void tenantInstanceRendersTheReleaseCozystackRenders() {
    create("Tenant", "acme", Map.of("etcd", true));

    HelmRelease release = awaitRelease("tenant-acme");
    assertThat(release.getSpec().chartRef().name())
        .isEqualTo("cozystack-tenant-application-default-tenant");
    assertThat(release.getSpec().chartRef().kind()).isEqualTo("ExternalArtifact");
    assertThat(release.getSpec().install().timeout()).isEqualTo("15m0s");
    assertThat(release.getSpec().upgrade().timeout()).isEqualTo("15m0s");
    assertThat(release.getSpec().valuesFrom())
        .singleElement()
        .satisfies(v -> assertThat(v.name()).isEqualTo("cozystack-values"))
        .satisfies(v -> assertThat(v.kind()).isEqualTo("ConfigMap"));
    assertThat(release.getSpec().values().path("etcd").asBoolean()).isTrue();
    assertThat(release.getSpec().values().path("monitoring").asBoolean())
        .as("schema default applied")
        .isFalse();
    assertThat(release.getMetadata().getLabels())
        .containsEntry("apps.cozystack.io/application.kind", "Tenant")
        .containsEntry("apps.cozystack.io/application.group", "apps.cozystack.io")
        .containsEntry("apps.cozystack.io/application.name", "acme")
        .containsEntry("sharding.fluxcd.io/key", "tenants");

    helm.reportReady(namespace, "tenant-acme");
    GenericKubernetesResource ready = awaitCondition("Tenant", "acme", "Ready", "True");
    assertThat(((Map<?, ?>) ready.getAdditionalProperties().get("status")).get("release"))
        .isEqualTo(namespace + "/tenant-acme");
  }

  @Test
  void schemaExtensionsArePublishedOnTheDefinition() {
    ApplicationDefinition postgres =
        client.resources(ApplicationDefinition.class).withName("postgres").get();
    assertThat(postgres.getStatus().kind()).isEqualTo("apps.cozystack.io/v1alpha1 Postgres");
    assertThat(
            postgres
                .getStatus()
                .schemaExtensions()
                .path("spec.storageClass.x-cozystack-options")
                .path("source")
                .asText())
        .isEqualTo("storageclass");
  }

  @Test
  void unknownKeysAndLongNamesAreRejectedByTheApiServer() throws Exception {
    assertThat(strictCreate("Postgres", "typo", "{\"replicaz\": 3}"))
        .startsWith("400 ")
        .contains("strict decoding error: unknown field \\\"spec.replicaz\\\"");
    assertThat(strictCreate("Postgres", "a".repeat(45), "{}"))
        .contains("422")
        .contains("name must be at most 44 characters");
  }

  @Test
  void platformKeysAreRefusedWhateverTheSchemaAndOtherReservedKeysNeverReachARelease()
      throws Exception {
    client
        .resource(Serialization.unmarshal(SANDBOX_AD, ApplicationDefinition.class))
        .fieldManager("cozy-e2e")
        .serverSideApply();
    awaitServed("sandbox");

    String evil = "{\"_cluster\": {\"root-host\": \"evil.org\"}}";
    for (String kind : new String[] {"Sandbox", "Postgres"}) {
      assertThat(strictCreate(kind, "evil", evil))
          .as("%s (%s schema)", kind, kind.equals("Sandbox") ? "preserve-unknown-fields" : "closed")
          .startsWith("422 ")
          .contains("spec._cluster")
          .contains(
              "top-level keys starting with _ carry the platform's values (_cluster, _namespace),"
                  + " which an instance cannot set; remove _cluster from spec");
    }
    KubernetesClientException lenient =
        catchThrowableOfType(
            KubernetesClientException.class,
            () -> create("Sandbox", "lenient", Map.of("_namespace", Map.of("host", "evil.org"))));
    assertThat(lenient.getCode())
        .as("refused without strict field validation too, not pruned")
        .isEqualTo(422);
    assertThat(lenient.getMessage()).contains("remove _namespace from spec");

    create("Sandbox", "odd", Map.of("size", 1, "_extra", Map.of("a", 1)));
    HelmRelease odd = awaitRelease("sandbox-odd");
    assertThat(odd.getSpec().values().path("size").asInt()).isEqualTo(1);
    assertThat(odd.getSpec().values().has("_extra")).isFalse();
    GenericKubernetesResource reported =
        awaitCondition("Sandbox", "odd", "ReservedKeysDropped", "True");
    assertThat(Serialization.asJson(reported.getAdditionalProperties().get("status")))
        .contains("spec._extra was not passed to the release");
    await()
        .atMost(Duration.ofSeconds(30))
        .until(
            () ->
                client.v1().events().inNamespace(namespace).list().getItems().stream()
                    .anyMatch(
                        e ->
                            "ReservedKeysDropped".equals(e.getReason())
                                && "odd".equals(e.getInvolvedObject().getName())
                                && "Warning".equals(e.getType())));

    create("Postgres", "closed-still-works", Map.of("replicas", 3));
    assertThat(
            awaitRelease("postgres-closed-still-works").getSpec().values().path("replicas").asInt())
        .isEqualTo(3);
  }

  @Test
  void aBrokenDefinitionDisablesOnlyItsKind() {
    client
        .resource(
            Serialization.unmarshal(
                """
        apiVersion: cozystack.io/v1alpha1
        kind: ApplicationDefinition
        metadata: {name: broken}
        spec:
          application: {kind: Broken, plural: brokens, singular: broken, openAPISchema: '{"type": "object", "properties": {"x": {}}}'}
          release: {prefix: broken-, chartRef: {kind: ExternalArtifact, name: x, namespace: cozy-system}}
        """,
                ApplicationDefinition.class))
        .fieldManager("cozy-e2e")
        .serverSideApply();

    ApplicationDefinition broken =
        await()
            .atMost(Duration.ofSeconds(30))
            .until(
                () -> client.resources(ApplicationDefinition.class).withName("broken").get(),
                ad ->
                    ad.getStatus() != null
                        && ad.getStatus().conditions() != null
                        && ad.getStatus().conditions().stream()
                            .anyMatch(c -> "InvalidDefinition".equals(c.reason())));
    assertThat(broken.getStatus().served()).isFalse();
    assertThat(
            broken.getStatus().conditions().stream()
                .filter(c -> c.type().equals("Ready"))
                .findFirst()
                .orElseThrow()
                .message())
        .contains("spec.application.openAPISchema.properties.x has no \"type\"");

    create("Postgres", "still-works", Map.of());
    awaitRelease("postgres-still-works");
  }

  @Test
  void aForeignReleaseIsNeverAdopted() {
    HelmRelease foreign =
        Serialization.unmarshal(
            """
        apiVersion: helm.toolkit.fluxcd.io/v2
        kind: HelmRelease
        metadata: {name: postgres-taken}
        spec: {interval: 1h, chartRef: {kind: OCIRepository, name: elsewhere}}
        """,
            HelmRelease.class);
    foreign.getMetadata().setNamespace(namespace);
    HelmRelease created = client.resource(foreign).fieldManager("someone").serverSideApply();
    create("Postgres", "taken", Map.of());

    GenericKubernetesResource conflicted = awaitCondition("Postgres", "taken", "Stalled", "True");
    assertThat(Serialization.asJson(conflicted.getAdditionalProperties().get("status")))
        .contains("OwnershipConflict")
        .contains("someone");
    HelmRelease after =
        client.resources(HelmRelease.class).inNamespace(namespace).withName("postgres-taken").get();
    assertThat(after.getMetadata().getResourceVersion())
        .isEqualTo(created.getMetadata().getResourceVersion());
  }

  @Test
  void deletingAnInstanceRemovesItsRelease() {
    create("Postgres", "short-lived", Map.of());
    awaitRelease("postgres-short-lived");

    client
        .genericKubernetesResources("apps.cozystack.io/v1alpha1", "Postgres")
        .inNamespace(namespace)
        .withName("short-lived")
        .delete();

    await()
        .atMost(Duration.ofSeconds(30))
        .until(
            () ->
                release("postgres-short-lived").isEmpty()
                    && client
                            .genericKubernetesResources("apps.cozystack.io/v1alpha1", "Postgres")
                            .inNamespace(namespace)
                            .withName("short-lived")
                            .get()
                        == null);
  }

  @Test
  void aDefinitionChangeUpdatesTheSchemaLiveAndReRendersInstances() throws Exception {
    create("Postgres", "evolving", Map.of());
    awaitRelease("postgres-evolving");
    client
        .resource(
            Serialization.unmarshal(
                POSTGRES_AD.replace(
                    "\"replicas\":{\"type\":\"integer\",\"default\":2}",
                    "\"replicas\":{\"type\":\"integer\",\"default\":2},\"version\":{\"type\":\"string\",\"default\":\"v17\"}"),
                ApplicationDefinition.class))
        .fieldManager("cozy-e2e")
        .serverSideApply();

    await()
        .atMost(Duration.ofSeconds(30))
        .until(
            () ->
                client
                    .apiextensions()
                    .v1()
                    .customResourceDefinitions()
                    .withName("postgreses.apps.cozystack.io")
                    .get()
                    .getSpec()
                    .getVersions()
                    .get(0)
                    .getSchema()
                    .getOpenAPIV3Schema()
                    .getProperties()
                    .get("spec")
                    .getProperties()
                    .containsKey("version"));
    assertThat(strictCreate("Postgres", "with-version", "{\"version\": \"v16\"}"))
        .startsWith("201 ");

    await()
        .atMost(Duration.ofSeconds(30))
        .until(
            () ->
                release("postgres-with-version")
                    .map(r -> "v16".equals(r.getSpec().values().path("version").asText()))
                    .orElse(false));
    await("existing instance re-rendered with the new default")
        .atMost(Duration.ofSeconds(30))
        .until(
            () ->
                release("postgres-evolving")
                    .map(r -> "v17".equals(r.getSpec().values().path("version").asText()))
                    .orElse(false));
  }

  @Test
  void removingADefinitionStopsServingButDeletesNothing() {
    client
        .resource(
            Serialization.unmarshal(
                POSTGRES_AD
                    .replace("name: postgres}", "name: redis}")
                    .replace("kind: Postgres", "kind: Redis")
                    .replace("plural: postgreses", "plural: redises")
                    .replace("singular: postgres", "singular: redis")
                    .replace("prefix: postgres-", "prefix: redis-"),
                ApplicationDefinition.class))
        .fieldManager("cozy-e2e")
        .serverSideApply();
    awaitServed("redis");
    create("Redis", "cache", Map.of());
    awaitRelease("redis-cache");

    client.resources(ApplicationDefinition.class).withName("redis").delete();
    await()
        .atMost(Duration.ofSeconds(30))
        .until(() -> client.resources(ApplicationDefinition.class).withName("redis").get() == null);

    assertThat(
            client
                .apiextensions()
                .v1()
                .customResourceDefinitions()
                .withName("redises.apps.cozystack.io")
                .get())
        .as("the CRD, and with it every instance, is kept")
        .isNotNull();
    assertThat(
            client
                .genericKubernetesResources("apps.cozystack.io/v1alpha1", "Redis")
                .inNamespace(namespace)
                .withName("cache")
                .get())
        .isNotNull();
    assertThat(release("redis-cache")).as("the running release is kept").isPresent();
    create("Redis", "orphan", Map.of());
    await()
        .during(Duration.ofSeconds(3))
        .atMost(Duration.ofSeconds(6))
        .until(() -> release("redis-orphan").isEmpty());
  }

  // --- helpers ---

  private static void awaitServed(String definition) {
    await()
        .atMost(Duration.ofSeconds(60))
        .until(
            () -> {
              ApplicationDefinition ad =
                  client.resources(ApplicationDefinition.class).withName(definition).get();
              return ad != null
                  && ad.getStatus() != null
                  && Boolean.TRUE.equals(ad.getStatus().served());
            });
  }

  private static void create(String kind, String name, Map<String, Object> spec) {
    GenericKubernetesResource instance = new GenericKubernetesResource();
    instance.setApiVersion("apps.cozystack.io/v1alpha1");
    instance.setKind(kind);
    instance.setMetadata(
        new io.fabric8.kubernetes.api.model.ObjectMetaBuilder()
            .withName(name)
            .withNamespace(namespace)
            .build());
    instance.setAdditionalProperty("spec", spec);
    client.resource(instance).fieldManager("cozy-e2e").forceConflicts().serverSideApply();
  }

  /** POST with fieldValidation=Strict, as kubectl does by default; returns code and body. */
  private static String strictCreate(String kind, String name, String specJson) throws Exception {
    String plural = kind.toLowerCase() + "es";
    String body =
        "{\"apiVersion\":\"apps.cozystack.io/v1alpha1\",\"kind\":\""
            + kind
            + "\",\"metadata\":{\"name\":\""
            + name
            + "\"},\"spec\":"
            + specJson
            + "}";
    HttpRequest request =
        client
            .getHttpClient()
            .newHttpRequestBuilder()
            .uri(
                client.getMasterUrl()
                    + "apis/apps.cozystack.io/v1alpha1/namespaces/"
                    + namespace
                    + "/"
                    + plural
                    + "?fieldValidation=Strict")
            .post("application/json", body)
            .build();
    HttpResponse<String> response = client.getHttpClient().sendAsync(request, String.class).get();
    return response.code() + " " + response.body();
  }

  private static Optional<HelmRelease> release(String name) {
    return Optional.ofNullable(
        client.resources(HelmRelease.class).inNamespace(namespace).withName(name).get());
  }

  private static HelmRelease awaitRelease(String name) {
    return await()
        .atMost(Duration.ofSeconds(30))
        .until(() -> release(name), Optional::isPresent)
        .get();
  }

  private static GenericKubernetesResource awaitCondition(
      String kind, String name, String type, String status) {
    return await()
        .atMost(Duration.ofSeconds(30))
        .until(
            () ->
                client
                    .genericKubernetesResources("apps.cozystack.io/v1alpha1", kind)
                    .inNamespace(namespace)
                    .withName(name)
                    .get(),
            r ->
                r != null
                    && Serialization.asJson(
                            r.getAdditionalProperties().getOrDefault("status", Map.of()))
                        .matches(
                            ".*\\{[^{}]*\"type\":\""
                                + type
                                + "\"[^{}]*\"status\":\""
                                + status
                                + "\".*|.*\\{[^{}]*\"status\":\""
                                + status
                                + "\"[^{}]*\"type\":\""
                                + type
                                + "\".*"));
  }
}
