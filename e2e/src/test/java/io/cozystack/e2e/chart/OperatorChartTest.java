package io.cozystack.e2e.chart;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.marcnuri.helm.Helm;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.rbac.ClusterRole;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The operator's chart, through the real Helm: lint, every template, the values schema. The Flux it
 * also installs is {@link FluxChartTest}'s.
 */
class OperatorChartTest {

  /** The chart rendered with {@code values}, without its Flux. */
  private static RenderedChart operatorPart(Map<String, Object> values) {
    return RenderedChart.render(values).operator();
  }

  @Test
  void tenantsAreBoundToARoleOverServedKindsThatGrantsNoSecret() {
    ClusterRole tenant =
        typed(
            RenderedChart.render(Map.of()).named("ClusterRole", RenderedChart.TENANT_ROLE),
            ClusterRole.class);

    assertThat(tenant.getRules())
        .anySatisfy(r -> assertThat(r.getApiGroups()).containsExactly("apps.cozystack.io"))
        .noneSatisfy(r -> assertThat(r.getResources()).contains("secrets"))
        .allSatisfy(
            r -> assertThat(r.getApiGroups()).doesNotContain("*", "rbac.authorization.k8s.io"));
  }

  @Test
  void lintsStrictly() {
    var result = new Helm(RenderedChart.CHART).lint().strict().call();
    assertThat(result.isFailed()).as(String.join("\n", result.getMessages())).isFalse();
  }

  @Test
  void deploymentIsHardenedAndRunsTheImagesArguments() {
    Deployment deployment = typed(operatorPart(Map.of()).one("Deployment"), Deployment.class);

    var pod = deployment.getSpec().getTemplate().getSpec();
    var container = pod.getContainers().get(0);
    assertThat(deployment.getSpec().getReplicas()).isEqualTo(2);
    assertThat(pod.getSecurityContext().getRunAsNonRoot()).isTrue();
    assertThat(pod.getSecurityContext().getSeccompProfile().getType()).isEqualTo("RuntimeDefault");
    assertThat(container.getSecurityContext().getReadOnlyRootFilesystem()).isTrue();
    assertThat(container.getSecurityContext().getAllowPrivilegeEscalation()).isFalse();
    assertThat(container.getSecurityContext().getCapabilities().getDrop()).containsExactly("ALL");
    assertThat(container.getArgs())
        .contains("--leader-elect=true", "--metrics-port=8080", "--helmrelease-interval=5m");
    assertThat(container.getLivenessProbe().getHttpGet().getPath()).isEqualTo("/healthz");
    assertThat(container.getReadinessProbe().getHttpGet().getPath()).isEqualTo("/readyz");
    assertThat(container.getResources().getLimits()).containsKey("memory");
  }

  /** The JVM's options and the reconcile threads come from the values; empty options add none. */
  @Test
  void jvmOptionsAndReconcileThreadsFollowTheValues() {
    RenderedChart defaults = operatorPart(Map.of());
    assertThat(env(defaults))
        .anyMatch(
            e ->
                e.startsWith("JAVA_TOOL_OPTIONS=-XX:+UseSerialGC ")
                    && e.contains("-XX:MaxRAMPercentage=50"));
    assertThat(args(defaults)).contains("--reconcile-threads=10");
    RenderedChart tuned =
        operatorPart(Map.of("operator.jvmOptions", "", "operator.reconcileThreads", 4));
    assertThat(env(tuned)).noneMatch(e -> e.startsWith("JAVA_TOOL_OPTIONS="));
    assertThat(args(tuned)).contains("--reconcile-threads=4");
    assertThatThrownBy(() -> operatorPart(Map.of("operator.reconcileThreads", 0)))
        .hasMessageContaining("reconcileThreads");
  }

  private static List<String> args(RenderedChart chart) {
    return typed(chart.one("Deployment"), Deployment.class)
        .getSpec()
        .getTemplate()
        .getSpec()
        .getContainers()
        .get(0)
        .getArgs();
  }

  @Test
  void optionalPartsFollowTheirValues() {
    RenderedChart defaults = operatorPart(Map.of());
    RenderedChart single =
        operatorPart(
            Map.of(
                "leaderElection.enabled",
                false,
                "replicas",
                1,
                "metrics.serviceMonitor.enabled",
                true));

    assertThat(defaults.ofKind("Role"))
        .extracting(r -> r.getMetadata().getName())
        .containsExactlyInAnyOrder("cozy-operator-leader-election", "cozy-operator-driver-leases");
    assertThat(defaults.ofKind("ServiceMonitor")).isEmpty();
    assertThat(single.ofKind("Role"))
        .extracting(r -> r.getMetadata().getName())
        .containsExactly("cozy-operator-driver-leases");
    assertThat(single.ofKind("ServiceMonitor")).hasSize(1);
    assertThat(defaults.ofKind("Service")).hasSize(1);
    assertThat(defaults.ofKind("ServiceAccount")).hasSize(1);
  }

  @Test
  void platformPropertiesArePublishedFromTheValues() {
    RenderedChart rendered =
        operatorPart(
            Map.of(
                "platformProperties.storage.defaultClass", true,
                "platformProperties.network.multus", true));

    var properties =
        typed(
            rendered.ofKind("PlatformProperties").get(0),
            io.cozystack.api.v1alpha1.PlatformProperties.class);
    assertThat(properties.getMetadata().getName()).isEqualTo("cozystack");
    assertThat(properties.getSpec().storage().defaultClass()).isTrue();
    assertThat(properties.getSpec().network().multus()).isTrue();
    assertThat(properties.getSpec().gpu().mig()).isFalse();
    assertThatThrownBy(() -> operatorPart(Map.of("platformProperties.gpu.cuda", true)))
        .hasMessageContaining("cuda");
  }

  @Test
  void backupCredentialsProjectionIsOffByDefaultAndSetFromTheValues() {
    assertThat(env(operatorPart(Map.of()))).noneMatch(e -> e.startsWith("BACKUP_STORAGE_"));
    List<String> on =
        env(
            operatorPart(
                Map.of(
                    "backups.credentials.sourceSecret.name", "bucket",
                    "backups.credentials.region", "eu-1",
                    "backups.credentials.systemNamespaces[0]", "cozy-velero")));
    assertThat(on)
        .contains(
            "BACKUP_STORAGE_SECRET_NAMESPACE=cozy-system",
            "BACKUP_STORAGE_SECRET_NAME=bucket",
            "BACKUP_STORAGE_CREDS_SECRET_NAME=cozy-backups-creds",
            "BACKUP_STORAGE_REGION=eu-1",
            "BACKUP_STORAGE_SYSTEM_NAMESPACES=cozy-velero");
  }

  private static final String DIGEST = "sha256:" + "0123456789abcdef".repeat(4);

  @Test
  void platformBootstrapIsOffByDefaultAndSetFromTheValues() {
    RenderedChart defaults = operatorPart(Map.of());
    assertThat(env(defaults)).noneMatch(e -> e.startsWith("COZY_PLATFORM_"));
    assertThat(typed(defaults.one("ClusterRole"), ClusterRole.class).getRules())
        .noneMatch(r -> r.getApiGroups().contains("source.toolkit.fluxcd.io"));

    RenderedChart oci =
        operatorPart(
            Map.of(
                "platform.sourceUrl",
                "oci://127.0.0.1:5000/cozy/platform",
                "platform.sourceRef",
                "digest=" + DIGEST + ",tag=v0.1.0",
                "platform.insecure",
                true));
    assertThat(env(oci))
        .contains(
            "COZY_PLATFORM_SOURCE_URL=oci://127.0.0.1:5000/cozy/platform",
            "COZY_PLATFORM_SOURCE_NAME=cozystack-platform",
            "COZY_PLATFORM_SOURCE_REF=digest=" + DIGEST + ",tag=v0.1.0",
            "COZY_PLATFORM_SOURCE_SECRET=",
            "COZY_PLATFORM_SOURCE_INSECURE=true");
    assertThat(typed(oci.one("ClusterRole"), ClusterRole.class).getRules())
        .anySatisfy(
            r -> {
              assertThat(r.getApiGroups()).containsExactly("source.toolkit.fluxcd.io");
              assertThat(r.getResources()).containsExactly("ocirepositories", "gitrepositories");
              assertThat(r.getVerbs()).containsExactly("get", "create", "patch");
            });

    assertThat(
            env(
                operatorPart(
                    Map.of(
                        "platform.sourceUrl", "https://github.com/acme/platform.git",
                        "platform.sourceName", "acme-platform",
                        "platform.sourceRef", "branch=main",
                        "platform.sourceSecret", "platform-git"))))
        .contains(
            "COZY_PLATFORM_SOURCE_URL=https://github.com/acme/platform.git",
            "COZY_PLATFORM_SOURCE_NAME=acme-platform",
            "COZY_PLATFORM_SOURCE_REF=branch=main",
            "COZY_PLATFORM_SOURCE_SECRET=platform-git",
            "COZY_PLATFORM_SOURCE_INSECURE=false");
  }

  @Test
  void platformBootstrapValuesAreChecked() {
    assertThatThrownBy(() -> operatorPart(Map.of("platform.sourceUrl", "ftp://r/p")))
        .hasMessageContaining("sourceUrl");
    assertThatThrownBy(
            () ->
                operatorPart(
                    Map.of("platform.sourceUrl", "oci://r/p", "platform.sourceRef", "brnch=main")))
        .hasMessageContaining("sourceRef");
    assertThatThrownBy(
            () ->
                operatorPart(
                    Map.of("platform.sourceUrl", "oci://r/p", "platform.sourceName", "Cozy_P")))
        .hasMessageContaining("sourceName");
    assertThatThrownBy(() -> operatorPart(Map.of("platform.sourceSecret", "creds")))
        .hasMessageContaining("need platform.sourceUrl");
    assertThatThrownBy(
            () ->
                operatorPart(
                    Map.of("platform.sourceUrl", "https://g/p", "platform.insecure", true)))
        .hasMessageContaining("platform.insecure applies to an oci:// sourceUrl only");
  }

  private static List<String> env(RenderedChart chart) {
    return typed(chart.one("Deployment"), Deployment.class)
        .getSpec()
        .getTemplate()
        .getSpec()
        .getContainers()
        .get(0)
        .getEnv()
        .stream()
        .map(e -> e.getName() + "=" + e.getValue())
        .toList();
  }

  @Test
  void theValuesSchemaRefusesUnknownKeysAndBadDurations() {
    assertThatThrownBy(() -> operatorPart(Map.of("replica", 3))).hasMessageContaining("replica");
    assertThatThrownBy(() -> operatorPart(Map.of("operator.helmRelease.interval", "soon")))
        .hasMessageContaining("interval");
  }

  @Test
  void chartShipsTheCrdsOfTheBuild() throws Exception {
    try (var chart = Files.list(RenderedChart.CHART.resolve("crds"));
        var built = Files.list(RenderedChart.CHART.resolve("../../crds").normalize())) {
      List<String> shipped = chart.map(p -> p.getFileName().toString()).sorted().toList();
      List<String> generated = built.map(p -> p.getFileName().toString()).sorted().toList();
      assertThat(shipped).isNotEmpty().isEqualTo(generated);
    }
  }

  static <T> T typed(GenericKubernetesResource object, Class<T> type) {
    return Serialization.jsonMapper().convertValue(object, type);
  }

  static ClusterRole clusterRole() {
    return typed(operatorPart(Map.of()).one("ClusterRole"), ClusterRole.class);
  }

  /** The rules of the chart's Roles, by the namespace each is in. */
  static Map<String, List<io.fabric8.kubernetes.api.model.rbac.PolicyRule>> roleRulesByNamespace() {
    Map<String, List<io.fabric8.kubernetes.api.model.rbac.PolicyRule>> rules =
        new java.util.HashMap<>();
    for (GenericKubernetesResource role : operatorPart(Map.of()).ofKind("Role")) {
      rules
          .computeIfAbsent(role.getMetadata().getNamespace(), k -> new java.util.ArrayList<>())
          .addAll(typed(role, io.fabric8.kubernetes.api.model.rbac.Role.class).getRules());
    }
    return rules;
  }
}
