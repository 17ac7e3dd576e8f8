package io.cozystack.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.cozystack.api.v1alpha1.ApplicationDefinition;
import io.cozystack.api.v1alpha1.ClusterValues;
import io.cozystack.api.v1alpha1.ClusterValuesStatus.NamespaceProjection;
import io.cozystack.api.v1alpha1.ClusterValuesStatus.ProjectionState;
import io.cozystack.operator.flux.HelmRelease;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.Watch;
import io.fabric8.kubernetes.client.Watcher;
import io.fabric8.kubernetes.client.WatcherException;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Tenant values (K2) on the real API server: derivation, projection, gating, outages, transport.
 */
@ExtendWith(KubernetesExtension.class)
class ValuesIT {
  @Kube static KubernetesClient client;
  @Kube static Path kubeconfig;
  static InProcessOperator operator;

  private static final String BASE = "{rootHost: example.org, transport: ConfigMap}";
  private static final String PROBE_AD =
      """
      apiVersion: cozystack.io/v1alpha1
      kind: ApplicationDefinition
      metadata: {name: %1$s}
      spec:
        application:
          kind: %2$s
          plural: %1$ses
          singular: %1$s
          openAPISchema: '{"type":"object","properties":{"size":{"type":"integer","default":1}}}'
        release:
          prefix: %1$s-
          chartRef: {kind: ExternalArtifact, name: cozystack-%1$s, namespace: cozy-system}
          %3$s
      """;

  @BeforeAll
  static void start() throws Exception {
    PlatformValues.apply(client, BASE);
    namespace("tenant-root");
    operator = InProcessOperator.start(kubeconfig);
    client
        .resource(
            ExampleSources.example(
                "06-applicationdefinition-tenant.yaml", ApplicationDefinition.class))
        .fieldManager("cozy-e2e")
        .serverSideApply();
    definition("probe", "Probe", "");
    definition(
        "strict",
        "Strict",
        "requiredValues: [_namespace.gateway, _cluster.api-server-endpoint, _namespace.host]");
  }

  @AfterAll
  static void stop() {
    if (operator != null) {
      operator.close();
    }
  }

  @Test
  void theInheritanceMatrixIsProjectedAndATenantChangeReachesItsDescendants() {
    tenant("tenant-root", "foo", Map.of("etcd", true));
    namespace("tenant-foo");
    tenant("tenant-foo", "bar", Map.of("ingress", true, "schedulingClass", "gold"));
    namespace("tenant-foo-bar");

    assertThat(awaitNamespaceValue("tenant-root", "host", "example.org")).isNotNull();
    Map<?, ?> root = namespaceValues("tenant-root");
    assertThat(root.get("etcd")).isEqualTo("tenant-root");
    assertThat(root.get("seaweedfs")).isEqualTo("tenant-root");
    Map<?, ?> foo = awaitNamespaceValue("tenant-foo", "host", "foo.example.org");
    assertThat(foo.get("etcd")).as("runs its own etcd").isEqualTo("tenant-foo");
    assertThat(foo.get("ingress")).as("inherited").isEqualTo("tenant-root");
    Map<?, ?> bar = awaitNamespaceValue("tenant-foo-bar", "host", "bar.foo.example.org");
    assertThat(bar.get("etcd")).as("inherited from its parent").isEqualTo("tenant-foo");
    assertThat(bar.get("ingress")).isEqualTo("tenant-foo-bar");
    assertThat(bar.get("monitoring")).isEqualTo("tenant-root");
    assertThat(bar.get("schedulingClass")).isEqualTo("gold");
    assertThat(clusterValues("tenant-foo-bar").get("root-host")).isEqualTo("example.org");

    tenant("tenant-root", "foo", Map.of("etcd", true, "host", "foo.acme.io"));
    awaitNamespaceValue("tenant-foo-bar", "host", "bar.foo.acme.io");

    ClusterValues status = client.resources(ClusterValues.class).withName("cozystack").get();
    assertThat(status.getStatus().namespaces())
        .anySatisfy(n -> assertThat(n.namespace()).isEqualTo("tenant-foo-bar"));
  }

  @Test
  void brandingAndSchedulingOfAnyShapeAreStoredAndProjectedAsTheyAre() {
    PlatformValues.apply(
        client,
        "{rootHost: example.org, transport: ConfigMap, branding: {logo: x.svg, theme: {color: red}},"
            + " scheduling: {globalAppTopologySpreadConstraints: [{maxSkew: 1, topologyKey: zone}]}}");
    try {
      Map<?, ?> projected =
          await()
              .atMost(Duration.ofSeconds(30))
              .ignoreExceptions()
              .until(() -> clusterValues("tenant-root"), v -> v.get("branding") != null);
      assertThat(projected.get("branding"))
          .isEqualTo(Map.of("logo", "x.svg", "theme", Map.of("color", "red")));
      assertThat(projected.get("scheduling"))
          .isEqualTo(
              Map.of(
                  "globalAppTopologySpreadConstraints",
                  java.util.List.of(Map.of("maxSkew", 1, "topologyKey", "zone"))));
    } finally {
      PlatformValues.apply(client, BASE);
    }
  }

  @Test
  void aRequiredValueMissingOrEmptyBlocksTheReleaseAndNamesTheKey() {
    PlatformValues.apply(client, BASE);
    create("Strict", "tenant-root", "db");

    GenericKubernetesResource blocked = awaitReason("Strict", "tenant-root", "db", "ValuesMissing");
    assertThat(message(blocked))
        .contains("_namespace.gateway")
        .contains("_cluster.api-server-endpoint")
        .contains("tenant-root")
        .doesNotContain("_namespace.host");
    assertThat(release("tenant-root", "strict-db")).isEmpty();

    PlatformValues.apply(
        client,
        "{rootHost: example.org, transport: ConfigMap, gatewayEnabled: true,"
            + " apiServerEndpoint: https://api.example.org}");
    await()
        .atMost(Duration.ofSeconds(30))
        .until(() -> release("tenant-root", "strict-db").isPresent());
    PlatformValues.apply(client, BASE);
  }

  @Test
  void aNamespaceHeldByAForeignConfigMapIsReportedAndItsAppsWait() {
    namespace("tenant-held");
    client
        .configMaps()
        .inNamespace("tenant-held")
        .resource(
            new ConfigMapBuilder()
                .withNewMetadata()
                .withName("cozystack-values")
                .endMetadata()
                .addToData("values.yaml", "_cluster: {}\n")
                .build())
        .create();
    tenant("tenant-root", "held", Map.of());
    create("Probe", "tenant-held", "web");

    GenericKubernetesResource waiting =
        awaitReason("Probe", "tenant-held", "web", "WaitingForValues");
    assertThat(message(waiting)).contains("tenant-held");
    // The namespace's own entry, not the Ready message: that names only the first few lagging
    // namespaces, and classes before this one may have left others.
    await()
        .atMost(Duration.ofSeconds(30))
        .until(
            () -> projection("tenant-held").filter(p -> p.state() != ProjectionState.Projected),
            Optional::isPresent);
    assertThat(projection("tenant-held").orElseThrow().message()).isNotBlank();
    assertThat(readyStatus())
        .as("ClusterValues is not Ready while a namespace lags")
        .isNotEqualTo(io.cozystack.api.meta.ConditionStatus.TRUE);
    assertThat(release("tenant-held", "probe-web")).isEmpty();

    client.configMaps().inNamespace("tenant-held").withName("cozystack-values").delete();
    await()
        .atMost(Duration.ofSeconds(30))
        .until(() -> release("tenant-held", "probe-web").isPresent());
  }

  @Test
  void aTenantOutsideTheTenantTreeIsToldSoAndTheClusterValuesAreNotBlamed() {
    namespace("not-a-tenant-ns");
    tenant("not-a-tenant-ns", "lost", Map.of());

    GenericKubernetesResource lost =
        awaitReason("Tenant", "not-a-tenant-ns", "lost", "ValuesMissing");
    assertThat(message(lost))
        .contains("Tenant not-a-tenant-ns/lost is outside the tenant tree")
        .contains("create the Tenant in its parent tenant's namespace");
    ClusterValues values = client.resources(ClusterValues.class).withName("cozystack").get();
    assertThat(values.getStatus().conditions())
        .as("one tenant's placement is not a fault of the platform's values")
        .noneSatisfy(c -> assertThat(c.reason()).isEqualTo("InvalidValues"))
        .noneSatisfy(c -> assertThat(c.message()).contains("lost"));

    client
        .genericKubernetesResources("apps.cozystack.io/v1alpha1", "Tenant")
        .inNamespace("not-a-tenant-ns")
        .withName("lost")
        .delete();
  }

  @Test
  void aConfigMapEditedOrDeletedByHandIsRestored() {
    ConfigMap projected = awaitConfigMap("tenant-root");
    String original = projected.getData().get("values.yaml");

    client
        .configMaps()
        .inNamespace("tenant-root")
        .withName("cozystack-values")
        .edit(
            cm -> {
              cm.getData().put("values.yaml", "_cluster: {root-host: evil.org}\n");
              return cm;
            });
    await()
        .atMost(Duration.ofSeconds(30))
        .until(() -> original.equals(awaitConfigMap("tenant-root").getData().get("values.yaml")));

    client.configMaps().inNamespace("tenant-root").withName("cozystack-values").delete();
    await()
        .atMost(Duration.ofSeconds(30))
        .until(() -> original.equals(awaitConfigMap("tenant-root").getData().get("values.yaml")));
  }

  @Test
  void theTransportSwitchesToTheSecretAndBackWithoutLosingAnything() {
    PlatformValues.apply(client, BASE);
    create("Probe", "tenant-root", "switch");
    await()
        .atMost(Duration.ofSeconds(30))
        .until(() -> valuesKind("probe-switch").equals(Optional.of("ConfigMap")));

    PlatformValues.apply(client, "{rootHost: example.org, transport: Secret}");
    await()
        .atMost(Duration.ofSeconds(30))
        .until(() -> valuesKind("probe-switch").equals(Optional.of("Secret")));
    assertThat(secretText("tenant-root"))
        .isEqualTo(awaitConfigMap("tenant-root").getData().get("values.yaml"));
    await()
        .atMost(Duration.ofSeconds(30))
        .until(
            () -> "Secret".equals(status("Probe", "tenant-root", "switch").get("valuesTransport")));

    PlatformValues.apply(client, "{rootHost: example.net, transport: ConfigMap}");
    await()
        .atMost(Duration.ofSeconds(30))
        .until(() -> valuesKind("probe-switch").equals(Optional.of("ConfigMap")));
    await()
        .atMost(Duration.ofSeconds(30))
        .until(
            () ->
                awaitConfigMap("tenant-root").getData().get("values.yaml").contains("example.net")
                    && secretText("tenant-root")
                        .equals(awaitConfigMap("tenant-root").getData().get("values.yaml")));
    PlatformValues.apply(client, BASE);
  }

  @Test
  void whileTheOperatorIsDownANewTenantWaitsAndItsAppsFollowTheValuesOnRestart() throws Exception {
    awaitConfigMap("tenant-root");
    operator.close();
    operator = null;
    Map<String, Long> added = new ConcurrentHashMap<>();
    namespace("tenant-late");
    try (Watch cms =
            client.configMaps().inNamespace("tenant-late").watch(recordAdded(added, "configmap"));
        Watch hrs =
            client
                .resources(HelmRelease.class)
                .inNamespace("tenant-late")
                .watch(recordAdded(added, "release"))) {
      tenant("tenant-root", "late", Map.of());
      create("Probe", "tenant-late", "app");
      assertThat(client.configMaps().inNamespace("tenant-root").withName("cozystack-values").get())
          .as("nothing is deleted while the operator is down")
          .isNotNull();

      operator = InProcessOperator.start(kubeconfig);
      await().atMost(Duration.ofSeconds(60)).until(() -> added.containsKey("release"));
      assertThat(added.get("configmap"))
          .as("the values exist before the release that reads them")
          .isNotNull()
          .isLessThan(added.get("release"));
    }
  }

  @Test
  void aNamespaceThatStopsBeingASystemNamespaceLosesItsValuesAndNothingElse() {
    client
        .namespaces()
        .resource(
            new NamespaceBuilder()
                .withNewMetadata()
                .withName("cozy-leaving")
                .addToLabels("cozystack.io/system", "true")
                .endMetadata()
                .build())
        .fieldManager("cozy-e2e")
        .serverSideApply();
    awaitConfigMap("cozy-leaving");
    client
        .configMaps()
        .inNamespace("cozy-leaving")
        .resource(
            new ConfigMapBuilder()
                .withNewMetadata()
                .withName("someone-elses")
                .endMetadata()
                .addToData("k", "v")
                .build())
        .create();

    // The label goes (as the Package controller removes it when the last Package leaves).
    client
        .namespaces()
        .resource(
            new NamespaceBuilder().withNewMetadata().withName("cozy-leaving").endMetadata().build())
        .fieldManager("cozy-e2e")
        .serverSideApply();

    await()
        .atMost(Duration.ofSeconds(30))
        .until(
            () ->
                client.configMaps().inNamespace("cozy-leaving").withName("cozystack-values").get()
                    == null);
    assertThat(client.configMaps().inNamespace("cozy-leaving").withName("someone-elses").get())
        .isNotNull();
    assertThat(client.configMaps().inNamespace("tenant-root").withName("cozystack-values").get())
        .as("a tenant namespace keeps its values")
        .isNotNull();
  }

  private static <T extends io.fabric8.kubernetes.api.model.HasMetadata> Watcher<T> recordAdded(
      Map<String, Long> added, String what) {
    return new Watcher<>() {
      @Override
      public void eventReceived(Action action, T resource) {
        if (action == Action.ADDED) {
          added.putIfAbsent(what, Long.parseLong(resource.getMetadata().getResourceVersion()));
        }
      }

      @Override
      public void onClose(WatcherException cause) {}
    };
  }

  private static void definition(String name, String kind, String extra) {
    client
        .resource(
            Serialization.unmarshal(
                String.format(PROBE_AD, name, kind, extra), ApplicationDefinition.class))
        .fieldManager("cozy-e2e")
        .serverSideApply();
    await()
        .atMost(Duration.ofSeconds(30))
        .until(
            () -> {
              ApplicationDefinition ad =
                  client.resources(ApplicationDefinition.class).withName(name).get();
              return ad.getStatus() != null && Boolean.TRUE.equals(ad.getStatus().served());
            });
  }

  private static void namespace(String name) {
    client
        .namespaces()
        .resource(new NamespaceBuilder().withNewMetadata().withName(name).endMetadata().build())
        .fieldManager("cozy-e2e")
        .serverSideApply();
  }

  private static void tenant(String namespace, String name, Map<String, Object> spec) {
    awaitKind("Tenant");
    GenericKubernetesResource tenant = new GenericKubernetesResource();
    tenant.setApiVersion("apps.cozystack.io/v1alpha1");
    tenant.setKind("Tenant");
    tenant.setMetadata(
        new io.fabric8.kubernetes.api.model.ObjectMetaBuilder()
            .withName(name)
            .withNamespace(namespace)
            .build());
    tenant.setAdditionalProperty("spec", spec);
    client.resource(tenant).fieldManager("cozy-e2e").forceConflicts().serverSideApply();
  }

  private static void create(String kind, String namespace, String name) {
    awaitKind(kind);
    GenericKubernetesResource app = new GenericKubernetesResource();
    app.setApiVersion("apps.cozystack.io/v1alpha1");
    app.setKind(kind);
    app.setMetadata(
        new io.fabric8.kubernetes.api.model.ObjectMetaBuilder()
            .withName(name)
            .withNamespace(namespace)
            .build());
    app.setAdditionalProperty("spec", Map.of());
    client.resource(app).fieldManager("cozy-e2e").serverSideApply();
  }

  private static void awaitKind(String kind) {
    await()
        .atMost(Duration.ofSeconds(30))
        .ignoreExceptions()
        .until(
            () ->
                client
                        .genericKubernetesResources("apps.cozystack.io/v1alpha1", kind)
                        .inAnyNamespace()
                        .list()
                    != null);
  }

  private static ConfigMap awaitConfigMap(String namespace) {
    return await()
        .atMost(Duration.ofSeconds(30))
        .until(
            () -> client.configMaps().inNamespace(namespace).withName("cozystack-values").get(),
            cm ->
                cm != null
                    && cm.getMetadata().getLabels() != null
                    && "Enabled"
                        .equals(cm.getMetadata().getLabels().get("reconcile.fluxcd.io/watch")));
  }

  private static Map<?, ?> document(String namespace) {
    return Serialization.unmarshal(
        awaitConfigMap(namespace).getData().get("values.yaml"), Map.class);
  }

  private static Map<?, ?> namespaceValues(String namespace) {
    return (Map<?, ?>) document(namespace).get("_namespace");
  }

  private static Map<?, ?> clusterValues(String namespace) {
    return (Map<?, ?>) document(namespace).get("_cluster");
  }

  private static Map<?, ?> awaitNamespaceValue(String namespace, String key, String value) {
    return await()
        .atMost(Duration.ofSeconds(30))
        .ignoreExceptions()
        .until(() -> namespaceValues(namespace), v -> value.equals(v.get(key)));
  }

  private static String secretText(String namespace) {
    Secret secret = client.secrets().inNamespace(namespace).withName("cozystack-values").get();
    return secret == null
        ? ""
        : new String(
            Base64.getDecoder().decode(secret.getData().get("values.yaml")),
            java.nio.charset.StandardCharsets.UTF_8);
  }

  private static Optional<HelmRelease> release(String namespace, String name) {
    return Optional.ofNullable(
        client.resources(HelmRelease.class).inNamespace(namespace).withName(name).get());
  }

  private static Optional<String> valuesKind(String name) {
    return release("tenant-root", name)
        .map(r -> r.getSpec().valuesFrom())
        .filter(v -> v != null && !v.isEmpty())
        .map(v -> v.get(0).kind());
  }

  private static Map<?, ?> status(String kind, String namespace, String name) {
    GenericKubernetesResource app =
        client
            .genericKubernetesResources("apps.cozystack.io/v1alpha1", kind)
            .inNamespace(namespace)
            .withName(name)
            .get();
    Object status = app == null ? null : app.getAdditionalProperties().get("status");
    return status instanceof Map<?, ?> map ? map : Map.of();
  }

  private static GenericKubernetesResource awaitReason(
      String kind, String namespace, String name, String reason) {
    await()
        .atMost(Duration.ofSeconds(30))
        .until(() -> reason.equals(readyCondition(status(kind, namespace, name)).get("reason")));
    return client
        .genericKubernetesResources("apps.cozystack.io/v1alpha1", kind)
        .inNamespace(namespace)
        .withName(name)
        .get();
  }

  private static Map<?, ?> readyCondition(Map<?, ?> status) {
    Object conditions = status.get("conditions");
    if (conditions instanceof java.util.List<?> list) {
      for (Object c : list) {
        if (c instanceof Map<?, ?> m && "Ready".equals(m.get("type"))) {
          return m;
        }
      }
    }
    return Map.of();
  }

  private static String message(GenericKubernetesResource app) {
    return String.valueOf(
        readyCondition((Map<?, ?>) app.getAdditionalProperties().get("status")).get("message"));
  }

  private static Optional<NamespaceProjection> projection(String namespace) {
    ClusterValues values = client.resources(ClusterValues.class).withName("cozystack").get();
    return values.getStatus() == null || values.getStatus().namespaces() == null
        ? Optional.empty()
        : values.getStatus().namespaces().stream()
            .filter(p -> namespace.equals(p.namespace()))
            .findFirst();
  }

  private static io.cozystack.api.meta.ConditionStatus readyStatus() {
    ClusterValues values = client.resources(ClusterValues.class).withName("cozystack").get();
    return values.getStatus().conditions().stream()
        .filter(c -> c.type().equals("Ready"))
        .map(c -> c.status())
        .findFirst()
        .orElse(io.cozystack.api.meta.ConditionStatus.UNKNOWN);
  }

  private static String readyMessage() {
    ClusterValues values = client.resources(ClusterValues.class).withName("cozystack").get();
    return values.getStatus() == null
        ? ""
        : values.getStatus().conditions().stream()
            .filter(c -> c.type().equals("Ready"))
            .map(c -> c.message())
            .findFirst()
            .orElse("");
  }
}
