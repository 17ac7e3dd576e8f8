package io.cozystack.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.marcnuri.helm.Helm;
import io.cozystack.api.v1alpha1.ApplicationDefinition;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * A tenant with {@code computeplane: true}, installed by the real Helm where the platform serves
 * the ComputePlane kind from the virtualization catalog's definition: the tenant's namespace gets
 * its ComputePlane {@code computeplane}, which the API server stores as the served kind's schema
 * says.
 */
@ExtendWith(KubernetesExtension.class)
class TenantComputePlaneIT {
  static final Path ROOT = ControlPlane.repoRoot();

  @Kube static KubernetesClient client;
  @Kube static String namespace;
  @Kube static Path kubeconfig;
  static InProcessOperator operator;
  @TempDir Path work;

  @BeforeAll
  static void serveTheKind() throws Exception {
    PlatformValues.ensure(client);
    operator = InProcessOperator.start(kubeconfig);
    client
        .resource(
            Serialization.unmarshal(
                Files.readString(
                    ROOT.resolve(
                        "catalogs/virtualization/charts/computeplane-rd/cozyrds/computeplane.yaml")),
                ApplicationDefinition.class))
        .fieldManager("cozy-e2e")
        .serverSideApply();
    await()
        .atMost(Duration.ofSeconds(60))
        .until(
            () -> {
              ApplicationDefinition ad =
                  client.resources(ApplicationDefinition.class).withName("computeplane").get();
              // This generation's (an earlier class may have served Cozystack's example).
              return ad != null
                  && ad.getStatus() != null
                  && java.util.Objects.equals(
                      ad.getStatus().observedGeneration(), ad.getMetadata().getGeneration())
                  && Boolean.TRUE.equals(ad.getStatus().served());
            });
    client
        .namespaces()
        .resource(
            new NamespaceBuilder().withNewMetadata().withName(namespace).endMetadata().build())
        .fieldManager("cozy-e2e")
        .serverSideApply();
  }

  @AfterAll
  static void stop() {
    if (operator != null) {
      operator.close();
    }
  }

  @Test
  void theTenantGetsItsComputePlane() throws Exception {
    Path values = work.resolve("values.yaml");
    Files.writeString(
        values,
        Serialization.asYaml(
            Map.of(
                "computeplane",
                true,
                "etcd",
                true,
                "_cluster",
                Map.of("root-host", "example.org"),
                "_namespace",
                Map.of("host", "example.org"))));
    new Helm(TenantCharts.vendored(work))
        .install()
        .withName("tenant-acme")
        .withNamespace(namespace)
        .withKubeConfig(kubeconfig)
        .withValuesFile(values)
        .call();

    String tenantNamespace = namespace + "-acme";
    GenericKubernetesResource computePlane =
        client
            .genericKubernetesResources("apps.cozystack.io/v1alpha1", "ComputePlane")
            .inNamespace(tenantNamespace)
            .withName("computeplane")
            .get();
    assertThat(computePlane).as("ComputePlane computeplane in " + tenantNamespace).isNotNull();
    assertThat(computePlane.getAdditionalProperties().get("spec"))
        .as("the kind's defaults: the default node group")
        .isEqualTo(Map.of("nodeGroups", Map.of()));
  }

  /**
   * A module another catalog adds: its definition declares dashboard.module and is annotated to run
   * in every tenant, so a tenant that never mentions it gets its instance, named after the module,
   * with no change to the tenant chart.
   */
  @Test
  void aModuleACatalogAddsIsRenderedFromItsDefinition() throws Exception {
    Manifests.apply(client, GADGET_DEFINITION);
    try {
      installATenantWithoutModuleValues();
    } finally {
      client.resources(ApplicationDefinition.class).withName("gadget").delete();
    }
  }

  private void installATenantWithoutModuleValues() throws Exception {
    await()
        .atMost(Duration.ofSeconds(60))
        .until(
            () -> {
              ApplicationDefinition ad =
                  client.resources(ApplicationDefinition.class).withName("gadget").get();
              return ad != null
                  && ad.getStatus() != null
                  && Boolean.TRUE.equals(ad.getStatus().served());
            });
    Path values = work.resolve("values.yaml");
    Files.writeString(
        values,
        Serialization.asYaml(
            Map.of(
                "_cluster", Map.of("root-host", "example.org"),
                "_namespace", Map.of("host", "example.org"))));
    new Helm(TenantCharts.vendored(work))
        .install()
        .withName("tenant-gadgets")
        .withNamespace(namespace)
        .withKubeConfig(kubeconfig)
        .withValuesFile(values)
        .call();

    String tenantNamespace = namespace + "-gadgets";
    assertThat(
            client
                .genericKubernetesResources("apps.cozystack.io/v1alpha1", "Gadget")
                .inNamespace(tenantNamespace)
                .withName("gadget")
                .get())
        .as("Gadget gadget in " + tenantNamespace)
        .isNotNull();
    assertThat(
            client
                .genericKubernetesResources("apps.cozystack.io/v1alpha1", "ComputePlane")
                .inNamespace(tenantNamespace)
                .list()
                .getItems())
        .as("a module the tenant did not ask for")
        .isEmpty();
  }

  static final String GADGET_DEFINITION =
      """
      apiVersion: cozystack.io/v1alpha1
      kind: ApplicationDefinition
      metadata:
        name: gadget
        annotations:
          tenant.cozystack.io/module-default: "true"
      spec:
        application:
          kind: Gadget
          singular: gadget
          plural: gadgets
          openAPISchema: '{"type":"object","properties":{}}'
        release:
          prefix: ""
          chartRef:
            kind: ExternalArtifact
            name: e2e-gadget
            namespace: cozy-system
        dashboard:
          category: Administration
          singular: Gadget
          plural: Gadgets
          name: gadget
          module: true
      """;
}
