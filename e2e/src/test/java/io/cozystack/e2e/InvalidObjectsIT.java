package io.cozystack.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.utils.Serialization;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Bad input is refused by the API server itself, with a message naming the field. */
@ExtendWith(KubernetesExtension.class)
class InvalidObjectsIT {
  @Kube static KubernetesClient client;
  @Kube static String namespace;

  @Test
  void applicationDefinitionPrefixWithADotIsRejected() {
    String message =
        rejection(
            """
            apiVersion: cozystack.io/v1alpha1
            kind: ApplicationDefinition
            metadata: {name: dotted-prefix}
            spec:
              application: {kind: Dotted, plural: dotteds, singular: dotted, openAPISchema: "{}"}
              release:
                prefix: "acme.web-"
                chartRef: {kind: ExternalArtifact, name: x, namespace: cozy-system}
            """,
            false);
    assertThat(message).contains("spec.release.prefix").contains("^[a-z0-9-]*$");
  }

  @Test
  void backupJobWithoutApplicationRefIsRejected() {
    String message =
        rejection(
            """
            apiVersion: backups.cozystack.io/v1alpha1
            kind: BackupJob
            metadata: {name: no-app}
            spec: {backupClassName: cozy-default}
            """,
            true);
    assertThat(message).contains("spec.applicationRef").contains("Required value");
  }

  @Test
  void packageWithAWronglyTypedFieldIsRejected() {
    String message =
        rejection(
            """
            apiVersion: cozystack.io/v1alpha1
            kind: Package
            metadata: {name: cozystack.wrong-type}
            spec:
              variant: default
              components: ["not", "a", "map"]
            """,
            false);
    assertThat(message).contains("spec.components").contains("must be of type object");
  }

  @Test
  void aComponentWhoseReleaseOrNamespaceNameCannotExistIsRefusedNamingTheField() {
    String message =
        rejection(
            """
            apiVersion: cozystack.io/v1alpha1
            kind: PackageSource
            metadata: {name: cozystack.bad-release-name}
            spec:
              sourceRef: {kind: OCIRepository, name: cozystack-packages, namespace: cozy-system}
              variants:
                - name: default
                  components:
                    - name: app
                      path: system/app
                      install: {namespace: Cozy_System, releaseName: App.Release_1}
            """,
            false);
    assertThat(message)
        .contains("spec.variants[0].components[0].install.releaseName")
        .contains("spec.variants[0].components[0].install.namespace");
  }

  @Test
  void backupClassNameCannotChange() {
    GenericKubernetesResource job =
        parse(
            """
            apiVersion: backups.cozystack.io/v1alpha1
            kind: BackupJob
            metadata: {name: immutable-class}
            spec:
              applicationRef: {apiGroup: apps.cozystack.io, kind: Postgres, name: pg}
              backupClassName: first
            """);
    client.resource(job).inNamespace(namespace).create();
    job.setAdditionalProperty(
        "spec",
        java.util.Map.of(
            "applicationRef",
            java.util.Map.of("apiGroup", "apps.cozystack.io", "kind", "Postgres", "name", "pg"),
            "backupClassName",
            "second"));

    KubernetesClientException e =
        catchThrowableOfType(
            KubernetesClientException.class,
            () -> client.resource(job).inNamespace(namespace).update());

    assertThat(e.getCode()).isEqualTo(422);
    assertThat(e.getMessage()).contains("backupClassName is immutable");
  }

  @Test
  void emptyInstallNamespaceIsRejected() {
    String message =
        rejection(
            """
            apiVersion: cozystack.io/v1alpha1
            kind: PackageSource
            metadata: {name: cozystack.no-namespace}
            spec:
              variants:
                - name: default
                  components:
                    - {name: app, path: apps/app, install: {namespace: ""}}
            """,
            false);
    assertThat(message).contains("install.namespace");
  }

  private String rejection(String yaml, boolean namespaced) {
    GenericKubernetesResource resource = parse(yaml);
    KubernetesClientException e =
        catchThrowableOfType(
            KubernetesClientException.class,
            () ->
                (namespaced
                        ? client.resource(resource).inNamespace(namespace)
                        : client.resource(resource))
                    .create());
    assertThat(e).as("the API server must refuse this object").isNotNull();
    assertThat(e.getCode()).isEqualTo(422);
    return e.getMessage();
  }

  private static GenericKubernetesResource parse(String yaml) {
    return Serialization.unmarshal(yaml, GenericKubernetesResource.class);
  }
}
