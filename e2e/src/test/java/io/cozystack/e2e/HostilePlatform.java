package io.cozystack.e2e;

import static io.cozystack.e2e.CollateralSnapshot.Watched.of;
import static io.cozystack.e2e.CollateralSnapshot.Watched.written;
import static org.awaitility.Awaitility.await;

import io.cozystack.api.v1alpha1.ApplicationDefinition;
import io.cozystack.e2e.CollateralSnapshot.Watched;
import io.cozystack.e2e.chart.RenderedChart;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

/**
 * The healthy platform the hostile-input suite runs beside: values, the definitions its instances
 * are of, a BackupClass, a Ready Package and a Ready instance (helm-controller faked), and the list
 * of what must not change while hostile input arrives.
 */
final class HostilePlatform {
  private static final String MANAGER = "cozy-e2e-hostile";
  private static final String COZY = "cozystack.io/v1alpha1";
  private static final String HELM = "helm.toolkit.fluxcd.io/v2";

  private HostilePlatform() {}

  /** What must exist before the operator starts. */
  static void prepare(KubernetesClient client, String namespace) {
    HostileInputIT.namespace(client, "cozy-system", Map.of());
    HostileInputIT.namespace(client, "hx-valueless", Map.of());
    PlatformValues.ensure(client);
    PlatformValues.system(client, namespace);
  }

  /**
   * The operator chart's policy refusing reserved keys an open schema lets through, as the chart
   * installs it; removed again by {@link #remove}, since other classes test what the operator does
   * without it.
   */
  static List<GenericKubernetesResource> reservedKeysPolicy(KubernetesClient client) {
    RenderedChart chart = RenderedChart.render(RenderedChart.CHART, Map.of());
    List<GenericKubernetesResource> policy =
        List.of(
            chart.named("ValidatingAdmissionPolicy", "cozy-operator-reserved-keys"),
            chart.named("ValidatingAdmissionPolicyBinding", "cozy-operator-reserved-keys"));
    policy.forEach(
        o -> client.resource(o).fieldManager(MANAGER).forceConflicts().serverSideApply());
    GenericKubernetesResource probe =
        Serialization.unmarshal(
            """
            apiVersion: apps.cozystack.io/v1alpha1
            kind: HxOpen
            metadata: {name: probe, namespace: default}
            spec: {_probe: true}
            """,
            GenericKubernetesResource.class);
    awaitRefused(client, probe, "ValidatingAdmissionPolicy");
    return policy;
  }

  /** The healthy objects, each Ready before the suite starts. */
  static void installHealthy(KubernetesClient client, String namespace) {
    apply(
        client,
        Serialization.asYaml(
            ExampleSources.example(
                "06-applicationdefinition-tenant.yaml", ApplicationDefinition.class)));
    apply(client, HostileApplications.CLOSED);
    apply(client, HostileApplications.OPEN);
    apply(client, HostileBackups.CLASS);
    for (String definition : List.of("tenant", "hxdb", "hxopen")) {
      awaitServed(client, definition);
    }
    apply(
        client,
        HostilePackages.source(
                "hx.good",
                "components: [{name: web, path: apps/web, install: {namespace: hx-good}}]")
            + HostilePackages.pkg("hx.good", ""));
    apply(
        client,
        """
        apiVersion: apps.cozystack.io/v1alpha1
        kind: HxDb
        metadata: {name: good, namespace: %s}
        spec: {size: large}
        """
            .formatted(namespace));
    FakeHelmController helm = new FakeHelmController(client);
    awaitReleaseThenReady(client, helm, "hx-good", "web", COZY, "Package", null, "hx.good");
    awaitReleaseThenReady(
        client, helm, namespace, "hxdb-good", HostileApplications.APPS, "HxDb", namespace, "good");
  }

  /** The healthy objects and what the operator wrote for them, with Kubernetes' own namespaces. */
  static List<Watched> watched(String namespace) {
    List<Watched> watched = new ArrayList<>();
    for (String ns : List.of("default", "kube-system", "kube-public", namespace, "hx-good")) {
      watched.add(of("v1", "Namespace", null, ns));
    }
    watched.add(of(COZY, "ClusterValues", null, "cozystack"));
    watched.add(of(COZY, "PackageSource", null, "hx.good"));
    watched.add(of(COZY, "Package", null, "hx.good"));
    watched.add(of(COZY, "ApplicationDefinition", null, "hxdb"));
    watched.add(of(COZY, "ApplicationDefinition", null, "hxopen"));
    watched.add(of("backups.cozystack.io/v1alpha1", "BackupClass", null, "hx-class"));
    watched.add(of(HostileApplications.APPS, "HxDb", namespace, "good"));
    watched.add(written(HELM, "HelmRelease", "hx-good", "web"));
    watched.add(written(HELM, "HelmRelease", namespace, "hxdb-good"));
    watched.add(written("v1", "ConfigMap", namespace, "cozystack-values"));
    watched.add(
        written(
            "source.extensions.fluxcd.io/v1beta1", "ArtifactGenerator", "cozy-system", "hx.good"));
    watched.add(
        written(
            "apiextensions.k8s.io/v1",
            "CustomResourceDefinition",
            null,
            "hxdbs.apps.cozystack.io"));
    return watched;
  }

  /**
   * A cluster policy (a ValidatingAdmissionPolicy, as a platform's own admission rules would be)
   * refusing HelmReleases whose name starts with {@code prefix}; returns once the API server
   * enforces it.
   */
  static void refuseReleasesNamed(KubernetesClient client, String prefix) {
    apply(
        client,
        """
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingAdmissionPolicy
        metadata: {name: hx-refuse-releases}
        spec:
          failurePolicy: Fail
          matchConstraints:
            resourceRules:
              - apiGroups: [helm.toolkit.fluxcd.io]
                apiVersions: ["*"]
                operations: [CREATE, UPDATE]
                resources: [helmreleases]
          validations:
            - expression: "!object.metadata.name.startsWith('%1$s')"
              message: this cluster's policy refuses HelmReleases named %1$s*
        ---
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingAdmissionPolicyBinding
        metadata: {name: hx-refuse-releases}
        spec: {policyName: hx-refuse-releases, validationActions: [Deny]}
        """
            .formatted(prefix));
    GenericKubernetesResource probe =
        Serialization.unmarshal(
            """
            apiVersion: helm.toolkit.fluxcd.io/v2
            kind: HelmRelease
            metadata: {name: %s-probe, namespace: default}
            spec: {interval: 5m, chartRef: {kind: ExternalArtifact, name: x, namespace: cozy-system}}
            """
                .formatted(prefix),
            GenericKubernetesResource.class);
    awaitRefused(client, probe, "this cluster's policy");
  }

  /**
   * Waits until a dry-run create of {@code probe} is refused with {@code marker} in the answer: a
   * new admission policy is enforced once the API server has compiled it, a moment after it is
   * applied.
   */
  private static void awaitRefused(
      KubernetesClient client, GenericKubernetesResource probe, String marker) {
    String[] answer = {"accepted"};
    try {
      await("a policy enforced")
          .atMost(Duration.ofSeconds(30))
          .until(
              () -> {
                try {
                  client.resource(probe).dryRun().create();
                  return false;
                } catch (io.fabric8.kubernetes.client.KubernetesClientException e) {
                  answer[0] = e.getMessage();
                  return e.getMessage().contains(marker);
                }
              });
    } catch (org.awaitility.core.ConditionTimeoutException e) {
      throw new AssertionError("the policy is not enforced; the last answer: " + answer[0], e);
    }
  }

  static void allowReleases(KubernetesClient client) {
    client
        .genericKubernetesResources(
            "admissionregistration.k8s.io/v1", "ValidatingAdmissionPolicyBinding")
        .withName("hx-refuse-releases")
        .delete();
    client
        .genericKubernetesResources("admissionregistration.k8s.io/v1", "ValidatingAdmissionPolicy")
        .withName("hx-refuse-releases")
        .delete();
  }

  /** Deletes what the suite created, newest first, and waits for the operator's finalizers. */
  static void remove(KubernetesClient client, List<GenericKubernetesResource> created) {
    List<GenericKubernetesResource> newestFirst = new ArrayList<>(created);
    Collections.reverse(newestFirst);
    newestFirst.forEach(o -> client.resource(o).delete());
    try {
      await()
          .atMost(Duration.ofSeconds(60))
          .until(() -> newestFirst.stream().allMatch(o -> client.resource(o).get() == null));
    } catch (org.awaitility.core.ConditionTimeoutException e) {
      newestFirst.stream()
          .filter(o -> client.resource(o).get() != null)
          .forEach(
              o ->
                  System.out.println(
                      "[hostile] left behind: " + o.getKind() + " " + o.getMetadata().getName()));
    }
  }

  private static void apply(KubernetesClient client, String yaml) {
    for (String document : yaml.split("(?m)^---\\s*$")) {
      if (!document.isBlank()) {
        GenericKubernetesResource object =
            Serialization.unmarshal(document, GenericKubernetesResource.class);
        client.resource(object).fieldManager(MANAGER).forceConflicts().serverSideApply();
      }
    }
  }

  private static void awaitServed(KubernetesClient client, String definition) {
    await("definition " + definition + " served")
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

  /** Waits for the release, reports it installed as helm-controller would, then for Ready. */
  private static void awaitReleaseThenReady(
      KubernetesClient client,
      FakeHelmController helm,
      String releaseNamespace,
      String release,
      String apiVersion,
      String kind,
      String namespace,
      String name) {
    await("release " + release)
        .atMost(Duration.ofSeconds(60))
        .until(
            () ->
                client
                        .genericKubernetesResources(HELM, "HelmRelease")
                        .inNamespace(releaseNamespace)
                        .withName(release)
                        .get()
                    != null);
    helm.reportReady(releaseNamespace, release);
    await(kind + " " + name + " Ready")
        .atMost(Duration.ofSeconds(60))
        .until(
            () -> {
              var resources = client.genericKubernetesResources(apiVersion, kind);
              GenericKubernetesResource object =
                  namespace == null
                      ? resources.withName(name).get()
                      : resources.inNamespace(namespace).withName(name).get();
              return HostileStatus.condition(object, "Ready")
                  .map(c -> "True".equals(c.get("status")))
                  .orElse(false);
            });
  }
}
