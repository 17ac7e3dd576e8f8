package io.cozystack.e2e.chart;

import static org.assertj.core.api.Assertions.assertThat;

import io.cozystack.operator.Controllers;
import io.cozystack.operator.OperatorRuntime;
import io.cozystack.operator.backups.credentials.CredentialsSettings;
import io.cozystack.operator.packages.ReleaseSettings;
import io.fabric8.kubernetes.api.model.rbac.PolicyRule;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.http.BasicBuilder;
import io.fabric8.kubernetes.client.http.HttpRequest;
import io.fabric8.kubernetes.client.http.Interceptor;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.util.List;
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
          "patch apps.cozystack.io postgreses",
          "patch apps.cozystack.io postgreses/status",
          "get helm.toolkit.fluxcd.io helmreleases",
          "patch cozystack.io clustervalues/status",
          "patch cozystack.io platformproperties/status",
          "patch backups.cozystack.io backupdrivers/status",
          "patch backups.cozystack.io backupjobs/status",
          "patch backups.cozystack.io backupdrivers",
          "patch coordination.k8s.io leases",
          "create backups.cozystack.io backups",
          "create backups.cozystack.io backupjobs",
          "patch backups.cozystack.io plans/status",
          "create batch jobs",
          "get backups.cozystack.io backupclasses",
          "get strategy.backups.cozystack.io jobs",
          "patch backups.cozystack.io restorejobs/status",
          "patch backups.cozystack.io backups",
          "patch backups.cozystack.io restorejobs",
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

    Set<String> denied = new TreeSet<>();
    for (String request : requests) {
      if (!ApiRequest.parse(request).allowedBy(rules)) {
        denied.add(request);
      }
    }
    for (String write : WRITES) {
      if (!ApiRequest.parse(write).allowedBy(rules)) {
        denied.add(write);
      }
    }

    assertThat(requests)
        .as("requests recorded")
        .anyMatch(r -> r.startsWith("watch helm.toolkit.fluxcd.io"));
    assertThat(denied).as("requests the chart's ClusterRole does not allow").isEmpty();
  }
}
