package io.cozystack.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.cozystack.api.meta.Condition;
import io.cozystack.api.meta.ConditionStatus;
import io.cozystack.api.v1alpha1.Package;
import io.cozystack.api.v1alpha1.PackageSource;
import io.cozystack.api.v1alpha1.PackageStatus;
import io.cozystack.api.v1alpha1.PackageStatus.ComponentState;
import io.cozystack.operator.flux.ArtifactGenerator;
import io.cozystack.operator.flux.HelmRelease;
import io.cozystack.operator.flux.HelmReleaseSpec.DependsOn;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.Watch;
import io.fabric8.kubernetes.client.Watcher;
import io.fabric8.kubernetes.client.WatcherException;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** PackageSource and Package controllers on the real API server (helm-controller faked). */
@ExtendWith(KubernetesExtension.class)
class PackagesIT {
  @Kube static KubernetesClient client;
  @Kube static Path kubeconfig;
  static InProcessOperator operator;
  static FakeHelmController helm;

  @BeforeAll
  static void startOperator() throws Exception {
    ensureNamespace("cozy-system");
    PlatformValues.ensure(client);
    operator = InProcessOperator.start(kubeconfig);
    helm = new FakeHelmController(client);
  }

  @AfterAll
  static void stopOperator() {
    if (operator != null) {
      operator.close();
    }
  }

  @Test
  void examplesProduceTheObjectsCozystackProduces() {
    apply(ExampleSources.source("cozystack.networking", "cilium", "cozy-cilium"));
    apply(
        ExampleSources.source(
            "cozystack.prometheus-operator-crds",
            "prometheus-operator-crds",
            "cozy-prometheus-operator"));
    apply(ExampleSources.pkg("cozystack.networking"));
    apply(ExampleSources.pkg("cozystack.prometheus-operator-crds"));
    apply(ExampleSources.example("03-packagesource-kuberture.yaml", PackageSource.class));
    apply(ExampleSources.example("04-package-kuberture.yaml", Package.class));

    // Dependencies gate on real readiness: nothing is installed until both are Ready.
    awaitReady("cozystack.kuberture", ConditionStatus.FALSE, "DependenciesNotReady");
    assertThat(release("cozy-kuberture", "kuberture")).isEmpty();
    helm.reportReady("cozy-cilium", "cilium");
    helm.reportReady("cozy-prometheus-operator", "prometheus-operator-crds");

    HelmRelease kuberture =
        await()
            .atMost(Duration.ofSeconds(30))
            .until(() -> release("cozy-kuberture", "kuberture"), Optional::isPresent)
            .get();
    assertThat(kuberture.getSpec().chartRef().name())
        .isEqualTo("cozystack-kuberture-default-kuberture");
    assertThat(kuberture.getSpec().dependsOn())
        .containsExactly(
            new DependsOn("cilium", "cozy-cilium"),
            new DependsOn("prometheus-operator-crds", "cozy-prometheus-operator"));
    assertThat(kuberture.getSpec().values().at("/kuberture/config/outputs/1/recordTTL").asInt())
        .isEqualTo(300);
    assertThat(kuberture.getMetadata().getLabels())
        .containsEntry("cozystack.io/package", "cozystack.kuberture");
    assertThat(client.namespaces().withName("cozy-kuberture").get().getMetadata().getLabels())
        .containsEntry("cozystack.io/system", "true");
    ArtifactGenerator generator =
        client
            .resources(ArtifactGenerator.class)
            .inNamespace("cozy-system")
            .withName("cozystack.kuberture")
            .get();
    assertThat(generator.getSpec().artifacts())
        .extracting(a -> a.name())
        .containsExactly("cozystack-kuberture-default-kuberture");

    // Honest readiness: written is not ready; ready when helm-controller says so.
    awaitReady("cozystack.kuberture", ConditionStatus.UNKNOWN, "Progressing");
    helm.reportReady("cozy-kuberture", "kuberture");
    Package ready =
        awaitReady("cozystack.kuberture", ConditionStatus.TRUE, "ReconciliationSucceeded");
    assertThat(ready.getStatus().observedGeneration())
        .isEqualTo(ready.getMetadata().getGeneration());
    assertThat(ready.getStatus().components().get("kuberture").state())
        .isEqualTo(ComponentState.READY);
  }

  @Test
  void secondPackageForTheSameReleaseIsRefusedAndNothingFlaps() {
    apply(ExampleSources.source("acme.first", "shared", "acme-shared", "shared-release"));
    apply(ExampleSources.source("acme.second", "shared", "acme-shared", "shared-release"));
    apply(ExampleSources.pkg("acme.first"));
    HelmRelease owned =
        await()
            .atMost(Duration.ofSeconds(30))
            .until(() -> release("acme-shared", "shared-release"), Optional::isPresent)
            .get();
    apply(ExampleSources.pkg("acme.second"));

    Package second = awaitReady("acme.second", ConditionStatus.FALSE, "OwnershipConflict");
    assertThat(conditionOf(second, "Ready").message())
        .contains("acme-shared/shared-release")
        .contains("Package acme.first");
    assertThat(conditionOf(second, "Stalled").status()).isEqualTo(ConditionStatus.TRUE);

    // Force reconciles of both, one after the other, and wait until each was handled.
    for (int i = 0; i < 5; i++) {
      String request = "flap-check-" + i;
      requestReconcile("acme.second", request);
      requestReconcile("acme.first", request);
      await()
          .atMost(Duration.ofSeconds(30))
          .until(
              () ->
                  request.equals(get("acme.first").getStatus().lastHandledReconcileAt())
                      && request.equals(get("acme.second").getStatus().lastHandledReconcileAt()));
    }
    HelmRelease after = release("acme-shared", "shared-release").orElseThrow();
    assertThat(after.getMetadata().getResourceVersion())
        .isEqualTo(owned.getMetadata().getResourceVersion());
    assertThat(after.getMetadata().getOwnerReferences())
        .singleElement()
        .satisfies(ref -> assertThat(ref.getName()).isEqualTo("acme.first"));
    assertThat(conditionOf(get("acme.second"), "Ready").reason()).isEqualTo("OwnershipConflict");
    assertThat(
            InProcessOperator.REGISTRY
                .get("cozy_package_conflicts")
                .tag("package", "acme.second")
                .gauge()
                .value())
        .isEqualTo(1.0);
  }

  @Test
  void aReleaseSomeoneElseCreatedIsNeverAdopted() {
    ensureNamespace("acme-foreign");
    HelmRelease foreign =
        Serialization.unmarshal(
            """
        apiVersion: helm.toolkit.fluxcd.io/v2
        kind: HelmRelease
        metadata: {name: handmade, namespace: acme-foreign, labels: {team: db}}
        spec:
          interval: 1h
          chartRef: {kind: OCIRepository, name: somewhere, namespace: acme-foreign}
        """,
            HelmRelease.class);
    HelmRelease created = client.resource(foreign).fieldManager("kubectl").serverSideApply();
    apply(ExampleSources.source("acme.adopter", "handmade", "acme-foreign"));
    apply(ExampleSources.pkg("acme.adopter"));

    Package adopter = awaitReady("acme.adopter", ConditionStatus.FALSE, "OwnershipConflict");
    assertThat(conditionOf(adopter, "Ready").message())
        .contains("no controller")
        .contains("kubectl");
    HelmRelease after = release("acme-foreign", "handmade").orElseThrow();
    assertThat(after.getMetadata().getResourceVersion())
        .isEqualTo(created.getMetadata().getResourceVersion());
    assertThat(after.getMetadata().getOwnerReferences()).isNullOrEmpty();
  }

  @Test
  void laterSourceDerivingTheSameArtifactNamesIsRefused() {
    apply(ExampleSources.source("acme.web", "app", "acme-web-ns"));
    await().atMost(Duration.ofSeconds(30)).until(() -> generator("acme.web").isPresent());
    apply(ExampleSources.source("acme-web", "app", "acme-web-ns"));

    PackageSource refused =
        await()
            .atMost(Duration.ofSeconds(30))
            .until(
                () -> client.resources(PackageSource.class).withName("acme-web").get(),
                ps ->
                    ps.getStatus() != null
                        && ps.getStatus().conditions() != null
                        && ps.getStatus().conditions().stream()
                            .anyMatch(c -> "NameCollision".equals(c.reason())));
    assertThat(
            refused.getStatus().conditions().stream()
                .filter(c -> c.type().equals("Ready"))
                .findFirst()
                .orElseThrow()
                .message())
        .contains("acme-web-default-app")
        .contains("acme.web");
    assertThat(generator("acme-web")).isEmpty();
    assertThat(generator("acme.web")).isPresent();
  }

  @Test
  void disablingAComponentRemovesItsReleaseAndDeletionGoesInReverseDependencyOrder()
      throws Exception {
    apply(
        ExampleSources.yaml(
            """
        apiVersion: cozystack.io/v1alpha1
        kind: PackageSource
        metadata: {name: acme.stack}
        spec:
          sourceRef: {kind: OCIRepository, name: cozystack-packages, namespace: cozy-system}
          variants:
            - name: default
              components:
                - {name: db, path: system/db, install: {namespace: acme-stack}}
                - {name: web, path: system/web, install: {namespace: acme-stack, dependsOn: [db]}}
                - {name: extra, path: system/extra, install: {namespace: acme-stack}}
        """,
            PackageSource.class));
    apply(ExampleSources.pkg("acme.stack"));
    await()
        .atMost(Duration.ofSeconds(30))
        .until(
            () ->
                release("acme-stack", "extra").isPresent()
                    && release("acme-stack", "web").isPresent());

    apply(
        ExampleSources.yaml(
            """
        apiVersion: cozystack.io/v1alpha1
        kind: Package
        metadata: {name: acme.stack}
        spec: {components: {extra: {enabled: false}}}
        """,
            Package.class));
    await().atMost(Duration.ofSeconds(30)).until(() -> release("acme-stack", "extra").isEmpty());

    List<String> deletions = new CopyOnWriteArrayList<>();
    try (Watch watch =
        client
            .resources(HelmRelease.class)
            .inNamespace("acme-stack")
            .watch(
                new Watcher<>() {
                  @Override
                  public void eventReceived(Action action, HelmRelease r) {
                    if (action == Action.DELETED) deletions.add(r.getMetadata().getName());
                  }

                  @Override
                  public void onClose(WatcherException e) {}
                })) {
      client.resources(Package.class).withName("acme.stack").delete();
      await()
          .atMost(Duration.ofSeconds(30))
          .until(() -> client.resources(Package.class).withName("acme.stack").get() == null);
      await().atMost(Duration.ofSeconds(5)).until(() -> deletions.size() == 2);
    }
    assertThat(deletions).containsExactly("web", "db");
    assertThat(client.namespaces().withName("acme-stack").get())
        .as("namespaces are kept")
        .isNotNull();
  }

  @Test
  void aStalledReleaseStallsThePackage() {
    apply(ExampleSources.source("acme.failing", "broken", "acme-failing"));
    apply(ExampleSources.pkg("acme.failing"));
    await()
        .atMost(Duration.ofSeconds(30))
        .until(() -> release("acme-failing", "broken").isPresent());
    helm.reportStalled("acme-failing", "broken");

    Package stalled = awaitReady("acme.failing", ConditionStatus.FALSE, "ReleaseFailed");
    assertThat(conditionOf(stalled, "Ready").message()).contains("RetriesExceeded");
    assertThat(stalled.getStatus().components().get("broken").state())
        .isEqualTo(ComponentState.FAILED);
  }

  @Test
  void aSuspendedPackageChangesNothingUntilResumed() {
    apply(
        ExampleSources.yaml(
            """
        apiVersion: cozystack.io/v1alpha1
        kind: PackageSource
        metadata: {name: acme.pausable}
        spec:
          sourceRef: {kind: OCIRepository, name: cozystack-packages, namespace: cozy-system}
          variants:
            - name: default
              components:
                - {name: one, path: system/one, install: {namespace: acme-pausable}}
                - {name: two, path: system/two, install: {namespace: acme-pausable}}
        """,
            PackageSource.class));
    apply(ExampleSources.pkg("acme.pausable"));
    await().atMost(Duration.ofSeconds(30)).until(() -> release("acme-pausable", "two").isPresent());

    apply(
        ExampleSources.yaml(
            """
        apiVersion: cozystack.io/v1alpha1
        kind: Package
        metadata: {name: acme.pausable}
        spec:
          suspend: true
          suspendReason: database maintenance until 14:00
          components: {two: {enabled: false}}
        """,
            Package.class));
    Package suspended =
        await()
            .atMost(Duration.ofSeconds(30))
            .until(
                () -> get("acme.pausable"),
                p ->
                    p.getStatus() != null
                        && p.getStatus().conditions().stream()
                            .anyMatch(c -> c.type().equals("Suspended")));
    assertThat(conditionOf(suspended, "Suspended").message())
        .contains("database maintenance until 14:00");
    await()
        .during(Duration.ofSeconds(2))
        .atMost(Duration.ofSeconds(5))
        .until(() -> release("acme-pausable", "two").isPresent());

    apply(
        ExampleSources.yaml(
            """
        apiVersion: cozystack.io/v1alpha1
        kind: Package
        metadata: {name: acme.pausable}
        spec:
          suspend: false
          components: {two: {enabled: false}}
        """,
            Package.class));
    await().atMost(Duration.ofSeconds(30)).until(() -> release("acme-pausable", "two").isEmpty());
    // The release goes before the same reconcile writes the status.
    await()
        .atMost(Duration.ofSeconds(30))
        .until(
            () -> get("acme.pausable").getStatus().conditions(),
            conditions -> conditions.stream().noneMatch(c -> c.type().equals("Suspended")));
    assertThat(eventReasons("acme.pausable"))
        .contains("HelmReleaseCreated", "Suspended", "Resumed", "HelmReleaseDeleted");
  }

  @Test
  void aReconcileRequestIsHandledAndEchoed() {
    apply(ExampleSources.source("acme.requested", "svc", "acme-requested"));
    apply(ExampleSources.pkg("acme.requested"));
    await()
        .atMost(Duration.ofSeconds(30))
        .until(() -> release("acme-requested", "svc").isPresent());

    requestReconcile("acme.requested", "2026-11-30T10:00:00Z");

    await()
        .atMost(Duration.ofSeconds(30))
        .until(
            () ->
                "2026-11-30T10:00:00Z"
                    .equals(get("acme.requested").getStatus().lastHandledReconcileAt()));
  }

  // --- helpers ---

  @Test
  void aCatalogThePlatformDoesNotMeetIsRefusedNamingEveryGapUntilMetOrOverridden() {
    try {
      refusedUntilMetOrOverridden();
    } finally {
      client
          .resources(io.cozystack.api.v1alpha1.PlatformProperties.class)
          .withName("cozystack")
          .delete();
    }
  }

  private void refusedUntilMetOrOverridden() {
    platformProperties("{storage: {defaultClass: true, rwx: false}}");
    apply(ExampleSources.yaml(compatSource(1), PackageSource.class));
    apply(ExampleSources.pkg("acme.compat"));

    Package refused = awaitReady("acme.compat", ConditionStatus.FALSE, "Incompatible");
    assertThat(conditionOf(refused, "Compatible").status()).isEqualTo(ConditionStatus.FALSE);
    assertThat(conditionOf(refused, "Compatible").message())
        .contains("storage.rwx")
        .contains("shared volumes")
        .doesNotContain("kubernetes.version");
    assertThat(release("acme-compat", "app")).isEmpty();
    await()
        .atMost(Duration.ofSeconds(30))
        .until(() -> sourceCompatible("acme.compat").equals("False"));

    platformProperties("{storage: {defaultClass: true, rwx: true}}");
    await().atMost(Duration.ofSeconds(30)).until(() -> release("acme-compat", "app").isPresent());
    // The release is written before the status that says why, in the same reconcile.
    await()
        .atMost(Duration.ofSeconds(30))
        .until(() -> "Compatible".equals(conditionOf(get("acme.compat"), "Compatible").reason()));
    await()
        .atMost(Duration.ofSeconds(30))
        .until(() -> sourceCompatible("acme.compat").equals("True"));

    apply(ExampleSources.yaml(compatSource(5), PackageSource.class));
    Package tooNew = awaitReady("acme.compat", ConditionStatus.FALSE, "Incompatible");
    assertThat(conditionOf(tooNew, "Compatible").message()).contains("contract version 5");
    assertThat(release("acme-compat", "app")).as("an existing release is left alone").isPresent();

    apply(
        ExampleSources.yaml(
            """
        apiVersion: cozystack.io/v1alpha1
        kind: Package
        metadata: {name: acme.compat}
        spec: {compatibilityOverride: {reason: "lab cluster, newer catalog on purpose"}}
        """,
            Package.class));
    await()
        .atMost(Duration.ofSeconds(30))
        .until(() -> "Overridden".equals(conditionOf(get("acme.compat"), "Compatible").reason()));
    assertThat(conditionOf(get("acme.compat"), "Compatible").message())
        .contains("lab cluster")
        .contains("contract version 5");
    assertThat(conditionOf(get("acme.compat"), "Compatible").status())
        .isEqualTo(ConditionStatus.TRUE);
  }

  private static String sourceCompatible(String name) {
    PackageSource source = client.resources(PackageSource.class).withName(name).get();
    return source.getStatus() == null || source.getStatus().conditions() == null
        ? ""
        : source.getStatus().conditions().stream()
            .filter(c -> "Compatible".equals(c.type()))
            .map(
                c ->
                    c.status() == ConditionStatus.TRUE
                        ? "True"
                        : c.status() == ConditionStatus.FALSE ? "False" : "Unknown")
            .findFirst()
            .orElse("");
  }

  private static String compatSource(int contractVersion) {
    return """
        apiVersion: cozystack.io/v1alpha1
        kind: PackageSource
        metadata: {name: acme.compat}
        spec:
          sourceRef: {kind: OCIRepository, name: cozystack-packages, namespace: cozy-system}
          catalog:
            name: acme
            version: 1.0.0
            minPlatformVersion: 0.1.0
            contractVersion: %d
            requires:
              - {property: storage.rwx, reason: shared volumes}
              - {property: kubernetes.version, minVersion: "1.30"}
          variants:
            - name: default
              components:
                - {name: app, path: system/app, install: {namespace: acme-compat}}
        """
        .formatted(contractVersion);
  }

  private static void platformProperties(String spec) {
    client
        .resource(
            ExampleSources.yaml(
                "apiVersion: cozystack.io/v1alpha1\nkind: PlatformProperties\n"
                    + "metadata: {name: cozystack}\nspec: "
                    + spec,
                io.cozystack.api.v1alpha1.PlatformProperties.class))
        .fieldManager("cozy-e2e-properties")
        .forceConflicts()
        .serverSideApply();
    // The operator publishes the detected versions in status a moment after the object appears;
    // until then a Package is rightly refused for "kubernetes.version is not known yet".
    await()
        .atMost(Duration.ofSeconds(30))
        .until(
            () -> {
              var properties =
                  client
                      .resources(io.cozystack.api.v1alpha1.PlatformProperties.class)
                      .withName("cozystack")
                      .get();
              return properties.getStatus() != null
                  && properties.getStatus().kubernetesVersion() != null;
            });
  }

  @Test
  void aComponentWhoseRequiredValueIsMissingIsNotRenderedUntilItIsSet() {
    apply(
        ExampleSources.yaml(
            """
        apiVersion: cozystack.io/v1alpha1
        kind: PackageSource
        metadata: {name: acme.needy}
        spec:
          sourceRef: {kind: OCIRepository, name: cozystack-packages, namespace: cozy-system}
          variants:
            - name: default
              components:
                - name: api
                  path: system/api
                  install: {namespace: acme-needy, requiredValues: [_cluster.api-server-endpoint]}
        """,
            PackageSource.class));
    apply(ExampleSources.pkg("acme.needy"));

    Package blocked = awaitReady("acme.needy", ConditionStatus.FALSE, "ValuesMissing");
    assertThat(conditionOf(blocked, "Ready").message())
        .contains("_cluster.api-server-endpoint")
        .contains("acme-needy");
    assertThat(blocked.getStatus().components().get("api").state())
        .isEqualTo(PackageStatus.ComponentState.VALUES_MISSING);
    assertThat(release("acme-needy", "api")).isEmpty();

    PlatformValues.apply(
        client,
        "{rootHost: example.org, transport: ConfigMap, apiServerEndpoint: https://api.example.org}");
    try {
      await().atMost(Duration.ofSeconds(30)).until(() -> release("acme-needy", "api").isPresent());
      assertThat(release("acme-needy", "api").get().getSpec().valuesFrom())
          .singleElement()
          .satisfies(v -> assertThat(v.kind()).isEqualTo("ConfigMap"));
      assertThat(get("acme.needy").getStatus().valuesTransport())
          .isEqualTo(io.cozystack.api.v1alpha1.ValuesTransport.ConfigMap);
    } finally {
      PlatformValues.ensure(client);
    }
  }

  private static List<String> eventReasons(String involvedName) {
    return client.v1().events().inNamespace("default").list().getItems().stream()
        .filter(e -> involvedName.equals(e.getInvolvedObject().getName()))
        .map(e -> e.getReason())
        .toList();
  }

  private static void ensureNamespace(String name) {
    client
        .namespaces()
        .resource(new NamespaceBuilder().withNewMetadata().withName(name).endMetadata().build())
        .fieldManager("cozy-e2e")
        .serverSideApply();
  }

  private static <T extends io.fabric8.kubernetes.api.model.HasMetadata> void apply(T resource) {
    resource.getMetadata().setManagedFields(null);
    client.resource(resource).fieldManager("cozy-e2e").forceConflicts().serverSideApply();
  }

  private static void requestReconcile(String pkg, String value) {
    // Server-side apply of the annotation alone, under a manager of its own: no read-modify-write,
    // so it cannot conflict with the operator's concurrent status writes.
    Package request = new Package();
    request.setMetadata(
        new io.fabric8.kubernetes.api.model.ObjectMetaBuilder()
            .withName(pkg)
            .withAnnotations(java.util.Map.of("reconcile.fluxcd.io/requestedAt", value))
            .build());
    client.resource(request).fieldManager("cozy-e2e-requests").forceConflicts().serverSideApply();
  }

  private static Optional<HelmRelease> release(String namespace, String name) {
    return Optional.ofNullable(
        client.resources(HelmRelease.class).inNamespace(namespace).withName(name).get());
  }

  private static Optional<ArtifactGenerator> generator(String name) {
    return Optional.ofNullable(
        client.resources(ArtifactGenerator.class).inNamespace("cozy-system").withName(name).get());
  }

  private static Package get(String name) {
    return client.resources(Package.class).withName(name).get();
  }

  private static Condition conditionOf(Package pkg, String type) {
    return pkg.getStatus().conditions().stream()
        .filter(c -> c.type().equals(type))
        .findFirst()
        .orElseThrow();
  }

  private static Package awaitReady(String name, ConditionStatus status, String reason) {
    return await()
        .atMost(Duration.ofSeconds(30))
        .until(
            () -> get(name),
            p ->
                p != null
                    && p.getStatus() != null
                    && p.getStatus().conditions() != null
                    && p.getStatus().conditions().stream()
                        .anyMatch(
                            c ->
                                c.type().equals("Ready")
                                    && c.status() == status
                                    && c.reason().equals(reason)));
  }
}
