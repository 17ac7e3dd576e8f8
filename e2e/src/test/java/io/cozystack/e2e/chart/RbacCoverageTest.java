package io.cozystack.e2e.chart;

import static org.assertj.core.api.Assertions.assertThat;

import io.cozystack.operator.Controllers;
import io.cozystack.operator.OperatorRuntime;
import io.cozystack.operator.backups.credentials.CredentialsSettings;
import io.cozystack.operator.bootstrap.PlatformBootstrap;
import io.cozystack.operator.bootstrap.PlatformRenderer;
import io.cozystack.operator.bootstrap.PlatformSourceFlags;
import io.cozystack.operator.packages.ReleaseSettings;
import io.fabric8.kubernetes.api.model.rbac.ClusterRole;
import io.fabric8.kubernetes.api.model.rbac.PolicyRule;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.http.BasicBuilder;
import io.fabric8.kubernetes.client.http.HttpRequest;
import io.fabric8.kubernetes.client.http.Interceptor;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.fabric8.kubernetes.client.utils.Serialization;
import io.fabric8.mockwebserver.Context;
import io.fabric8.mockwebserver.MockWebServer;
import io.fabric8.mockwebserver.http.Dispatcher;
import io.fabric8.mockwebserver.http.MockResponse;
import io.fabric8.mockwebserver.http.RecordedRequest;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentSkipListSet;
import org.junit.jupiter.api.Test;

/**
 * The chart's ClusterRole grants every request the operator makes: the operator starts on the mock
 * server with every controller, each request it sends is recorded as (verb, group, resource), and
 * each must be allowed by the rendered rules. Writes that happen only when objects exist are listed
 * explicitly ({@link #WRITES}); a new informer without its rule fails here.
 */
@EnableKubernetesMockClient(crud = true)
class RbacCoverageTest {
  static KubernetesMockServer server;
  static KubernetesClient client;

  /** Writes the controllers make on objects (server-side apply is a PATCH), by group/resource. */
  static final List<String> WRITES =
      List.of(
          "patch cozystack.io packagesources/status",
          "patch cozystack.io packages/status",
          "patch cozystack.io applicationdefinitions/status",
          "patch cozystack.io packages",
          "update cozystack.io packages",
          "patch source.extensions.fluxcd.io artifactgenerators",
          "delete source.extensions.fluxcd.io artifactgenerators",
          "patch helm.toolkit.fluxcd.io helmreleases",
          "delete helm.toolkit.fluxcd.io helmreleases",
          "patch  namespaces",
          "create  events",
          "patch apiextensions.k8s.io customresourcedefinitions",
          "get apiextensions.k8s.io customresourcedefinitions",
          "patch rbac.authorization.k8s.io clusterroles",
          "list rbac.authorization.k8s.io clusterroles",
          "delete rbac.authorization.k8s.io clusterroles",
          "patch apps.cozystack.io postgreses",
          "patch apps.cozystack.io postgreses/status",
          "get helm.toolkit.fluxcd.io helmreleases",
          "patch cozystack.io clustervalues/status",
          "patch cozystack.io platformproperties/status",
          "patch backups.cozystack.io backupdrivers/status",
          "patch backups.cozystack.io backupjobs/status",
          "patch backups.cozystack.io backupdrivers",
          "patch coordination.k8s.io leases in cozy-system named"
              + " backup-driver-job.platform.cozystack.io",
          "create backups.cozystack.io backups",
          "create backups.cozystack.io backupjobs",
          "patch backups.cozystack.io plans/status",
          "create batch jobs",
          "get backups.cozystack.io backupclasses",
          "get strategy.backups.cozystack.io jobs",
          "patch backups.cozystack.io restorejobs/status",
          "patch backups.cozystack.io backups",
          "patch backups.cozystack.io restorejobs",
          "patch  serviceaccounts",
          "patch rbac.authorization.k8s.io clusterroles",
          "patch rbac.authorization.k8s.io clusterrolebindings",
          "patch rbac.authorization.k8s.io rolebindings",
          "patch admissionregistration.k8s.io validatingadmissionpolicies",
          "patch admissionregistration.k8s.io validatingadmissionpolicybindings",
          "get backups.cozystack.io backups",
          "get backups.cozystack.io restorejobs",
          "create  configmaps",
          "patch  configmaps",
          "get  configmaps",
          "create  secrets",
          "patch  secrets",
          "get  secrets");

  @Test
  void everyRequestOfTheOperatorIsAllowedByTheChart() {
    Set<String> requests = new ConcurrentSkipListSet<>();
    KubernetesClient recording =
        new KubernetesClientBuilder()
            .withConfig(client.getConfiguration())
            .withHttpClientBuilderConsumer(
                b ->
                    b.addOrReplaceInterceptor(
                        "rbac",
                        new Interceptor() {
                          @Override
                          public void before(
                              BasicBuilder builder, HttpRequest request, RequestTags tags) {
                            requests.add(ApiRequest.of(request.method(), request.uri()).toString());
                          }
                        }))
            .build();
    var registry = new SimpleMeterRegistry();
    OperatorRuntime runtime =
        new OperatorRuntime(
            recording,
            // Credentials projection on, so its source Secret's informer is recorded too.
            Controllers.all(
                recording,
                ReleaseSettings.defaults(),
                new CredentialsSettings(
                    "cozy-system",
                    "backup-bucket",
                    "cozy-backups-creds",
                    "s3.example",
                    "",
                    false,
                    List.of("cozy-velero")),
                registry),
            false,
            registry);
    try {
      runtime.start();
    } finally {
      runtime.stop();
    }
    List<PolicyRule> rules = OperatorChartTest.clusterRole().getRules();
    Map<String, List<PolicyRule>> roles = OperatorChartTest.roleRulesByNamespace();

    Set<String> denied = new TreeSet<>();
    for (String request : requests) {
      if (!allowed(ApiRequest.parse(request), rules, roles)) {
        denied.add(request);
      }
    }
    for (String write : WRITES) {
      if (!allowed(ApiRequest.parse(write), rules, roles)) {
        denied.add(write);
      }
    }

    assertThat(requests)
        .as("requests recorded")
        .anyMatch(r -> r.startsWith("watch helm.toolkit.fluxcd.io"));
    assertThat(denied).as("requests the chart's ClusterRole does not allow").isEmpty();
  }

  /** Allowed by the ClusterRole, or by a Role of the request's own namespace. */
  private static boolean allowed(
      ApiRequest request, List<PolicyRule> cluster, Map<String, List<PolicyRule>> roles) {
    return request.allowedBy(cluster)
        || (request.namespace() != null
            && request.allowedBy(roles.getOrDefault(request.namespace(), List.of())));
  }

  @Test
  void noLeaseIsWritableOutsideTheNamespacesThatHoldThem() {
    List<PolicyRule> cluster = OperatorChartTest.clusterRole().getRules();
    Map<String, List<PolicyRule>> roles = OperatorChartTest.roleRulesByNamespace();
    ApiRequest kubeSystem =
        ApiRequest.parse("patch coordination.k8s.io leases in kube-system named kube-scheduler");
    ApiRequest otherDriver =
        ApiRequest.parse(
            "patch coordination.k8s.io leases in cozy-system named backup-driver-velero.example");

    assertThat(allowed(kubeSystem, cluster, roles)).as(kubeSystem.toString()).isFalse();
    assertThat(allowed(otherDriver, cluster, roles)).as(otherDriver.toString()).isFalse();
    assertThat(
            allowed(
                ApiRequest.parse("watch coordination.k8s.io leases in cozy-system"),
                cluster,
                roles))
        .isTrue();
  }

  /**
   * The platform bootstrap ({@code platform.sourceUrl}), for an OCI and a Git source, on a server
   * that accepts every request: each request it sends must be allowed by the ClusterRole the chart
   * renders with {@code platform.sourceUrl} set, and each server-side apply also as a create (it
   * creates the object when absent). Without {@code platform.sourceUrl} the chart grants none of
   * it.
   */
  @Test
  void everyRequestOfThePlatformBootstrapIsAllowedByTheChart() throws Exception {
    Set<String> requests = new ConcurrentSkipListSet<>();
    KubernetesMockServer accepting =
        new KubernetesMockServer(
            new Context(), new MockWebServer(), new HashMap<>(), new Echo(), false);
    accepting.init();
    try (KubernetesClient recording =
        new KubernetesClientBuilder()
            .withConfig(accepting.createClient().getConfiguration())
            .withHttpClientBuilderConsumer(
                b ->
                    b.addOrReplaceInterceptor(
                        "rbac",
                        new Interceptor() {
                          @Override
                          public void before(
                              BasicBuilder builder, HttpRequest request, RequestTags tags) {
                            ApiRequest api = ApiRequest.of(request.method(), request.uri());
                            requests.add(api.toString());
                            if (api.verb().equals("patch")) {
                              requests.add(api.withVerb("create").toString());
                            }
                          }
                        }))
            .build()) {
      for (String url : List.of("oci://registry.local/platform", "ssh://git@git.local/platform")) {
        new PlatformBootstrap(recording)
            .apply(
                PlatformRenderer.render(
                    PlatformSourceFlags.parse(url, "cozystack-platform", "", "creds", false)
                        .orElseThrow()));
      }
    } finally {
      accepting.destroy();
    }
    List<PolicyRule> rules =
        OperatorChartTest.typed(
                RenderedChart.render(Map.of("platform.sourceUrl", "oci://registry.local/platform"))
                    .operator()
                    .one("ClusterRole"),
                ClusterRole.class)
            .getRules();
    List<PolicyRule> off = OperatorChartTest.clusterRole().getRules();

    assertThat(requests)
        .contains(
            "create  namespaces",
            "patch source.toolkit.fluxcd.io ocirepositories in cozy-system named cozystack-platform",
            "patch source.toolkit.fluxcd.io gitrepositories in cozy-system named cozystack-platform",
            "patch cozystack.io packagesources named cozystack.cozystack-platform",
            "create cozystack.io packages");
    assertThat(requests)
        .as("requests the chart's ClusterRole does not allow")
        .filteredOn(r -> !ApiRequest.parse(r).allowedBy(rules))
        .isEmpty();
    assertThat(requests)
        .as("bootstrap requests allowed without platform.sourceUrl")
        .filteredOn(r -> r.contains("source.toolkit.fluxcd.io"))
        .noneMatch(r -> ApiRequest.parse(r).allowedBy(off));
  }

  /** Answers every request with success and its own body, as an API server that accepts it. */
  private static final class Echo extends Dispatcher {
    @Override
    public MockResponse dispatch(RecordedRequest request) {
      String body = request.getUtf8Body();
      return new MockResponse()
          .setResponseCode(request.getMethod().equals("POST") ? 201 : 200)
          .setHeader("Content-Type", "application/json")
          .setBody(
              body == null || body.isBlank()
                  ? "{}"
                  : Serialization.asJson(Serialization.unmarshal(body, Map.class)));
    }
  }
}
