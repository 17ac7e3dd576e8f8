package io.cozystack.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.cozystack.api.v1alpha1.ApplicationDefinition;
import io.cozystack.api.v1alpha1.Package;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.Namespace;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The whole chain on Flux's real controllers, as a platform operator meets it: this repository's
 * three catalogs are pushed to the registry, and the operator (its jar) is started with one URL,
 * {@code --platform-source-url}. Its bootstrap writes the OCIRepository and the platform Package;
 * from there everything is Flux and the operator: ArtifactGenerators → ExternalArtifacts
 * (source-watcher) → HelmReleases installed by helm-controller → the platform chart's catalogs and
 * PackageSources → the definitions. Then a Tenant and a Postgres are installed with the projected
 * values, upgraded, and removed; a broken chart's failure reaches its Package. Nothing is faked.
 */
@ExtendWith(KubernetesExtension.class)
@WithFlux
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class FluxChainIT {
  static final Duration INSTALL = Duration.ofMinutes(3);
  static final String HR = "helm.toolkit.fluxcd.io/v2";
  static final String APPS = "apps.cozystack.io/v1alpha1";

  @Kube static KubernetesClient client;
  @Kube static Path kubeconfig;
  @Kube static Registry registry;
  static OperatorProcess operator;

  @BeforeAll
  static void bootstrapFromOneUrl() throws Exception {
    LocalPlatform.prepare(client);
    LocalPlatform.publishCatalogs(registry, "0.1.0");
    operator = LocalPlatform.startOperator(kubeconfig, registry, "0.1.0");
  }

  @AfterAll
  static void stop() throws Exception {
    LocalPlatform.stop(operator);
  }

  @Test
  @Order(1)
  void packagesAreReadyOnlyOnceHelmControllerInstalledTheirDefinitions() {
    awaitPackage("cozystack.cozystack-platform");
    FluxStatusView platform =
        FluxStatusView.of(
            PublishedCatalogs.get(client, HR, "HelmRelease", "cozy-system", "cozystack-platform"));
    assertThat(platform.is("Ready", "True")).as("platform release: %s", platform).isTrue();
    for (String catalog : new String[] {"services", "virtualization"}) {
      awaitPackage("cozystack." + catalog + "-catalog");
      Map<String, Object> source =
          spec(
              PublishedCatalogs.get(
                  client,
                  "source.toolkit.fluxcd.io/v1",
                  "OCIRepository",
                  "cozy-system",
                  "cozystack-" + catalog));
      assertThat(source)
          .as("a sibling of the platform's URL, with its reference")
          .containsEntry("url", registry.url("catalogs/" + catalog))
          .containsEntry("ref", Map.of("tag", "0.1.0"))
          .containsEntry("insecure", true);
    }
    for (String app :
        new String[] {
          "tenant", "postgres", "mariadb", "redis", "mongodb", "foundationdb", "vm-instance"
        }) {
      String pkg = "cozystack." + app + "-application";
      awaitPackage(pkg);
      // Read after the Package turned Ready: helm-controller must already have said so.
      FluxStatusView release =
          FluxStatusView.of(
              PublishedCatalogs.get(client, HR, "HelmRelease", "cozy-system", app + "-rd"));
      assertThat(release.is("Ready", "True")).as("HelmRelease %s-rd: %s", app, release).isTrue();
      // helm-controller appends the artifact's digest: 0.1.0+<digest>.
      assertThat(release.path("history").get(0).path("chartVersion").asText()).startsWith("0.1.0+");
      assertThat(release.path("history").get(0).path("status").asText()).isEqualTo("deployed");
      assertThat(
              PublishedCatalogs.get(
                  client,
                  "source.toolkit.fluxcd.io/v1",
                  "ExternalArtifact",
                  "cozy-system",
                  "cozystack-" + app + "-application-default-" + app))
          .as("the app chart's artifact, by source-watcher")
          .isNotNull();
      ApplicationDefinition definition =
          client.resources(ApplicationDefinition.class).withName(app).get();
      assertThat(definition.getMetadata().getAnnotations())
          .as("installed by helm-controller")
          .containsEntry("meta.helm.sh/release-name", app + "-rd")
          .containsEntry("meta.helm.sh/release-namespace", "cozy-system");
    }
  }

  @Test
  @Order(2)
  void aTenantAndAPostgresAreInstalledWithTheProjectedValues() {
    LocalPlatform.apply(client, "Tenant", "tenant-root", "acme", Map.of());
    awaitInstalled("tenant-root", "tenant-acme", 1);
    Namespace tenant = client.namespaces().withName("tenant-acme").get();
    assertThat(tenant.getMetadata().getLabels())
        .as("rendered from _namespace values")
        .containsEntry("namespace.cozystack.io/host", "acme.example.org");
    assertThat(tenant.getMetadata().getAnnotations())
        .as("rendered from _cluster values")
        .containsEntry("cozystack.io/root-host", "example.org");

    LocalPlatform.apply(client, "Postgres", "tenant-acme", "db", Map.of("replicas", 1));
    awaitInstalled("tenant-acme", "postgres-db", 1);
    GenericKubernetesResource cluster = cnpgCluster("db");
    assertThat(spec(cluster).get("instances")).isEqualTo(1);
    assertThat(
            client
                .configMaps()
                .inNamespace("tenant-acme")
                .withName("postgres-db-endpoint")
                .get()
                .getData())
        .containsEntry("host", "postgres-db-rw.tenant-acme.svc.cozy.local")
        .containsEntry("external", "postgres-db.acme.example.org");
    await("Postgres db Ready")
        .atMost(INSTALL)
        .until(
            () ->
                FluxStatusView.of(LocalPlatform.instance(client, "Postgres", "tenant-acme", "db"))
                    .is("Ready", "True"));
  }

  @Test
  @Order(3)
  void aValueChangeUpgradesTheRelease() {
    LocalPlatform.apply(client, "Postgres", "tenant-acme", "db", Map.of("replicas", 3));

    awaitInstalled("tenant-acme", "postgres-db", 2);
    assertThat(spec(cnpgCluster("db")).get("instances")).isEqualTo(3);
  }

  @Test
  @Order(4)
  void deletingAnInstanceUninstallsItsObjects() {
    client
        .genericKubernetesResources(APPS, "Postgres")
        .inNamespace("tenant-acme")
        .withName("db")
        .delete();

    await("CNPG Cluster removed by helm-controller")
        .atMost(INSTALL)
        .until(() -> cnpgClusterOrNull("db") == null);
    await("HelmRelease postgres-db gone once uninstalled")
        .atMost(INSTALL)
        .until(
            () ->
                PublishedCatalogs.get(client, HR, "HelmRelease", "tenant-acme", "postgres-db")
                    == null);
  }

  @Test
  @Order(5)
  void deletingAPackageUninstallsItsRelease() {
    client.resources(Package.class).withName("cozystack.postgres-application").delete();

    await("ApplicationDefinition postgres uninstalled")
        .atMost(INSTALL)
        .until(
            () -> client.resources(ApplicationDefinition.class).withName("postgres").get() == null);
  }

  @Test
  @Order(6)
  void aChartThatFailsToRenderLeavesItsPackageNotReadyWithHelmControllersReason() throws Exception {
    Path broken = BrokenCatalog.write(java.nio.file.Files.createTempDirectory("broken-catalog"));
    PublishedCatalogs.publish(client, registry, broken, "e2e-broken", "0.1.0");
    Manifests.applyFile(client, broken.resolve(BrokenCatalog.SOURCE));
    PublishedCatalogs.install(client, BrokenCatalog.PACKAGE);

    // Until source-watcher has produced the artifact, helm-controller says ArtifactFailed (also
    // Ready=False); the failed install follows.
    await("Package " + BrokenCatalog.PACKAGE + " reports the failed install")
        .atMost(INSTALL)
        .until(
            () -> {
              FluxStatusView view = FluxStatusView.of(packageNamed(BrokenCatalog.PACKAGE));
              return view.is("Ready", "False")
                  && String.valueOf(view.message("Ready")).contains("InstallFailed");
            });
    FluxStatusView status = FluxStatusView.of(packageNamed(BrokenCatalog.PACKAGE));
    assertThat(status.reason("Ready")).isEqualTo("ReleaseFailed");
    assertThat(status.message("Ready"))
        .contains("InstallFailed")
        .contains("nil pointer evaluating");
    assertThat(status.is("Reconciling", "True")).as("helm-controller retries").isTrue();
    assertThat(status.path("components").path("broken").path("state").asText())
        .isEqualTo("Retrying");
  }

  private static void awaitPackage(String name) {
    await("Package " + name + " Ready")
        .atMost(INSTALL)
        .failFast("the operator exited", () -> !operator.process.isAlive())
        .until(() -> FluxStatusView.of(packageNamed(name)).is("Ready", "True"));
  }

  private static void awaitInstalled(String namespace, String release, int revision) {
    await("HelmRelease " + namespace + "/" + release + " revision " + revision + " Ready")
        .atMost(INSTALL)
        .until(
            () -> {
              FluxStatusView status =
                  FluxStatusView.of(
                      PublishedCatalogs.get(client, HR, "HelmRelease", namespace, release));
              return status.is("Ready", "True")
                  && status.path("history").path(0).path("version").asInt() == revision;
            });
  }

  private static Package packageNamed(String name) {
    return client.resources(Package.class).withName(name).get();
  }

  private static GenericKubernetesResource cnpgClusterOrNull(String app) {
    return client
        .genericKubernetesResources("postgresql.cnpg.io/v1", "Cluster")
        .inNamespace("tenant-acme")
        .withName("postgres-" + app)
        .get();
  }

  private static GenericKubernetesResource cnpgCluster(String app) {
    GenericKubernetesResource cluster = cnpgClusterOrNull(app);
    assertThat(cluster)
        .as("CNPG Cluster postgres-%s installed by helm-controller", app)
        .isNotNull();
    return cluster;
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> spec(GenericKubernetesResource object) {
    return (Map<String, Object>) object.getAdditionalProperties().get("spec");
  }
}
