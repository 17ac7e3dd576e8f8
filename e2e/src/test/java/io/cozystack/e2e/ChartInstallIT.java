package io.cozystack.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import com.marcnuri.helm.Helm;
import io.cozystack.api.v1alpha1.ApplicationDefinition;
import io.cozystack.api.v1alpha1.Package;
import io.cozystack.api.v1alpha1.PackageSource;
import io.cozystack.api.v1alpha1.PlatformProperties;
import io.cozystack.operator.flux.HelmRelease;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The chart installed with the real Helm, and operator.jar run with the arguments and environment
 * the chart's Deployment gives it, authenticated as the chart's ServiceAccount: the chart's RBAC is
 * enough for the operator to elect itself, serve a kind and install a package. This cluster runs
 * its own Flux, so the chart is installed without its Flux (FluxChartIT installs that).
 */
@ExtendWith(KubernetesExtension.class)
class ChartInstallIT {
  @Kube static KubernetesClient client;
  @Kube static String namespace;
  @Kube static Path kubeconfig;

  @Test
  void theOperatorRunsOnTheChartsRbac() throws Exception {
    PlatformValues.ensure(client);
    PlatformValues.system(client, namespace);
    // The chart owns PlatformProperties 'cozystack'; one left by another test would block the
    // install.
    client.resources(PlatformProperties.class).withName(PlatformProperties.NAME).delete();
    await()
        .atMost(Duration.ofSeconds(30))
        .until(
            () ->
                client.resources(PlatformProperties.class).withName(PlatformProperties.NAME).get()
                    == null);
    client
        .namespaces()
        .resource(
            new io.fabric8.kubernetes.api.model.NamespaceBuilder()
                .withNewMetadata()
                .withName("cozy-system")
                .endMetadata()
                .build())
        .fieldManager("cozy-e2e")
        .serverSideApply();
    Path chart = ControlPlane.repoRoot().resolve("charts/cozy-operator");
    // This cluster has Flux's CRDs already (not from Helm): the chart's own Flux is refused, and
    // the operator is installed beside that Flux with flux.enabled=false.
    assertThatThrownBy(
            () ->
                new Helm(chart)
                    .install()
                    .withName("cozy-own-flux")
                    .withNamespace(namespace)
                    .withKubeConfig(kubeconfig)
                    .call())
        .hasMessageContaining("flux.enabled: Flux is already installed")
        .hasMessageContaining("--set flux.enabled=false");
    new Helm(chart)
        .install()
        .withName("cozy")
        .withNamespace(namespace)
        .withKubeConfig(kubeconfig)
        .set("flux.enabled", false)
        .call();
    assertThat(client.apps().deployments().inNamespace(namespace).list().getItems())
        .extracting(d -> d.getMetadata().getName())
        .containsExactly("cozy-operator");
    Deployment deployment =
        client.apps().deployments().inNamespace(namespace).withName("cozy-operator").get();
    var container = deployment.getSpec().getTemplate().getSpec().getContainers().get(0);

    Path saKubeconfig =
        ServiceAccountKubeconfig.write(client, kubeconfig, namespace, "cozy-operator");
    crdsOutsideTheApplicationGroupAreRefused(saKubeconfig);
    List<String> args =
        container.getArgs().stream()
            .map(a -> a.startsWith("--metrics-port=") ? "--metrics-port=0" : a)
            .toList();
    // POD_NAMESPACE: the chart sets it from the pod's namespace.
    OperatorProcess running =
        OperatorProcess.start(
            "chart-operator",
            Map.of("KUBECONFIG", saKubeconfig.toString(), "POD_NAMESPACE", namespace),
            args);
    Process operator = running.process;
    List<String> output = running.output;
    try {
      await()
          .atMost(Duration.ofSeconds(60))
          .until(() -> output.stream().anyMatch(l -> l.contains("Became leader")));

      client
          .resource(ExampleSources.source("acme.charted", "svc", "acme-charted"))
          .fieldManager("cozy-e2e")
          .serverSideApply();
      client
          .resource(ExampleSources.pkg("acme.charted"))
          .fieldManager("cozy-e2e")
          .serverSideApply();
      client
          .resource(
              Serialization.unmarshal(
                  """
          apiVersion: cozystack.io/v1alpha1
          kind: ApplicationDefinition
          metadata: {name: charted}
          spec:
            application: {kind: Charted, plural: charteds, singular: charted, openAPISchema: '{"type":"object","properties":{}}'}
            release: {prefix: charted-, chartRef: {kind: ExternalArtifact, name: x, namespace: cozy-system}}
          """,
                  ApplicationDefinition.class))
          .fieldManager("cozy-e2e")
          .serverSideApply();

      await()
          .atMost(Duration.ofSeconds(60))
          .until(
              () ->
                  client
                          .resources(HelmRelease.class)
                          .inNamespace("acme-charted")
                          .withName("svc")
                          .get()
                      != null);
      await()
          .atMost(Duration.ofSeconds(60))
          .ignoreExceptions()
          .until(
              () -> {
                GenericKubernetesResource app = new GenericKubernetesResource();
                app.setApiVersion("apps.cozystack.io/v1alpha1");
                app.setKind("Charted");
                app.setMetadata(
                    new io.fabric8.kubernetes.api.model.ObjectMetaBuilder()
                        .withName("one")
                        .withNamespace(namespace)
                        .build());
                app.setAdditionalProperty("spec", Map.of());
                client.resource(app).fieldManager("cozy-e2e").serverSideApply();
                return true;
              });
      await()
          .atMost(Duration.ofSeconds(60))
          .until(
              () ->
                  client
                          .resources(HelmRelease.class)
                          .inNamespace(namespace)
                          .withName("charted-one")
                          .get()
                      != null);
      // An RBAC denial reads: ... is forbidden: User "system:serviceaccount:<ns>:cozy-operator"
      // cannot ...
      assertThat(output)
          .noneMatch(
              l -> l.contains("forbidden: User \"system:serviceaccount:") && l.contains("cannot"))
          .as("nothing the operator writes is refused by the chart's admission policies")
          .noneMatch(l -> l.contains("ValidatingAdmissionPolicy") && l.contains("denied"));
    } finally {
      operator.destroyForcibly();
      client.resources(PlatformProperties.class).withName(PlatformProperties.NAME).delete();
      client.resources(Package.class).withName("acme.charted").delete();
      client.resources(PackageSource.class).withName("acme.charted").delete();
    }
  }

  /**
   * The chart's admission policy: the operator's account may not create a CRD of another group (its
   * ClusterRole cannot say so, the CRDs it creates are named at runtime), nor delete one.
   */
  private static void crdsOutsideTheApplicationGroupAreRefused(Path saKubeconfig) throws Exception {
    io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinition foreign =
        Serialization.unmarshal(
            """
            apiVersion: apiextensions.k8s.io/v1
            kind: CustomResourceDefinition
            metadata: {name: widgets.evil.example.org}
            spec:
              group: evil.example.org
              scope: Namespaced
              names: {kind: Widget, plural: widgets, singular: widget}
              versions:
                - name: v1
                  served: true
                  storage: true
                  schema: {openAPIV3Schema: {type: object, x-kubernetes-preserve-unknown-fields: true}}
            """,
            io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinition.class);
    try (KubernetesClient asOperator =
        new io.fabric8.kubernetes.client.KubernetesClientBuilder()
            .withConfig(
                io.fabric8.kubernetes.client.Config.fromKubeconfig(
                    java.nio.file.Files.readString(saKubeconfig)))
            .build()) {
      // A new policy is enforced once the API server has compiled it: a moment after the install.
      String refusal =
          refusalOf(
              () ->
                  asOperator
                      .apiextensions()
                      .v1()
                      .customResourceDefinitions()
                      .resource(foreign)
                      .dryRun()
                      .create());
      assertThat(refusal)
          .contains("ValidatingAdmissionPolicy")
          .contains("CustomResourceDefinitions of apps.cozystack.io only")
          .contains("CREATE of widgets.evil.example.org");
      String secret =
          refusalOf(
              () ->
                  asOperator
                      .secrets()
                      .inNamespace("kube-system")
                      .resource(
                          new io.fabric8.kubernetes.api.model.SecretBuilder()
                              .withNewMetadata()
                              .withName("not-the-operators")
                              .endMetadata()
                              .build())
                      .dryRun()
                      .create());
      assertThat(secret)
          .as("a Secret the operator never writes")
          .contains("the cozy-operator writes only cozystack-values and cozy-backups-creds")
          .contains("CREATE of secrets kube-system/not-the-operators");
      String job =
          refusalOf(() -> asOperator.batch().v1().jobs().resource(job(false)).dryRun().create());
      assertThat(job)
          .contains("the cozy-operator creates only the batch Jobs of backup and restore runs")
          .contains("CREATE of Job kube-system/not-a-run");
      // The shape the Job driver creates (RunJobs): controlled by its BackupJob, mode labelled.
      asOperator.batch().v1().jobs().resource(job(true)).dryRun().create();
    }
  }

  /** The message of the API server's refusal of {@code write}, once the policy is enforced. */
  private static String refusalOf(Runnable write) {
    return await()
        .atMost(Duration.ofSeconds(30))
        .until(
            () -> {
              try {
                write.run();
                return null;
              } catch (io.fabric8.kubernetes.client.KubernetesClientException e) {
                return e.getMessage();
              }
            },
            m -> m != null);
  }

  private static io.fabric8.kubernetes.api.model.batch.v1.Job job(boolean ofARun) {
    var metadata =
        new io.fabric8.kubernetes.api.model.ObjectMetaBuilder()
            .withName(ofARun ? "adhoc-backup" : "not-a-run")
            .withNamespace("kube-system");
    if (ofARun) {
      metadata
          .withLabels(Map.of("job.strategy.backups.cozystack.io/mode", "backup"))
          .addNewOwnerReference()
          .withApiVersion("backups.cozystack.io/v1alpha1")
          .withKind("BackupJob")
          .withName("adhoc")
          .withUid("00000000-0000-0000-0000-000000000001")
          .withController(true)
          .endOwnerReference();
    }
    return new io.fabric8.kubernetes.api.model.batch.v1.JobBuilder()
        .withMetadata(metadata.build())
        .withNewSpec()
        .withNewTemplate()
        .withNewSpec()
        .withRestartPolicy("Never")
        .addNewContainer()
        .withName("run")
        .withImage("busybox")
        .endContainer()
        .endSpec()
        .endTemplate()
        .endSpec()
        .build();
  }
}
