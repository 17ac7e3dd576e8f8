package io.cozystack.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.marcnuri.helm.Helm;
import io.cozystack.api.v1alpha1.ApplicationDefinition;
import io.cozystack.contracts.validation.ChartRender;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.stream.Stream;
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
              return ad != null
                  && ad.getStatus() != null
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
    new Helm(vendored(ROOT.resolve("catalogs/platform/charts/tenant")))
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

  /** A copy of the chart with the platform's cozy-lib vendored, as the platform packages it. */
  private Path vendored(Path chart) throws Exception {
    Path copy = work.resolve(chart.getFileName().toString());
    try (Stream<Path> walk = Files.walk(chart)) {
      for (Path p : walk.toList()) {
        Path target = copy.resolve(chart.relativize(p).toString());
        if (Files.isDirectory(p)) {
          Files.createDirectories(target);
        } else {
          Files.copy(p, target);
        }
      }
    }
    for (var file : ChartRender.cozyLib().entrySet()) {
      Path out = copy.resolve("charts/cozy-lib").resolve(file.getKey());
      Files.createDirectories(out.getParent());
      Files.write(out, file.getValue());
    }
    return copy;
  }
}
