package io.cozystack.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.cozystack.api.Contracts;
import io.cozystack.api.backups.driver.DriverRegistrationSpec;
import io.cozystack.api.backups.v1alpha1.BackupJob;
import io.cozystack.api.backups.v1alpha1.RunPhase;
import io.cozystack.api.meta.Condition;
import io.cozystack.contracts.driver.DriverHeartbeat;
import io.cozystack.operator.backups.credentials.CredentialsSettings;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.SecretBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The platform's bucket credentials are projected into a job's namespace before it is dispatched,
 * for the kinds the platform knows only, never over a Secret that is not the platform's; and into
 * the system namespaces whenever the source changes.
 */
@ExtendWith(KubernetesExtension.class)
class CredentialsIT {
  static final String TARGET = "cozy-backups-creds";
  @Kube static KubernetesClient client;
  @Kube static String namespace;
  @Kube static Path kubeconfig;
  static String source;
  static String system;
  static InProcessOperator operator;
  static List<DriverHeartbeat> drivers;

  @BeforeAll
  static void start() throws Exception {
    source = namespace + "-bucket";
    system = namespace + "-velero";
    for (String ns : List.of("cozy-system", system)) {
      client
          .namespaces()
          .resource(new NamespaceBuilder().withNewMetadata().withName(ns).endMetadata().build())
          .fieldManager("cozy-e2e")
          .serverSideApply();
    }
    client
        .resource(
            Serialization.unmarshal(
                """
                apiVersion: backups.cozystack.io/v1alpha1
                kind: BackupClass
                metadata: {name: creds}
                spec:
                  strategies:
                    - {strategyRef: {apiGroup: strategy.backups.cozystack.io, kind: MariaDB, name: m}, application: {kind: MariaDB}}
                    - {strategyRef: {apiGroup: acme.example.com, kind: Snapshot, name: s}, application: {kind: Acme}}
                """,
                io.cozystack.api.backups.v1alpha1.BackupClass.class))
        .fieldManager("cozy-e2e")
        .forceConflicts()
        .serverSideApply();
    drivers =
        List.of(
            heartbeat("creds-mariadb", "strategy.backups.cozystack.io", "MariaDB"),
            heartbeat("creds-acme", "acme.example.com", "Snapshot"));
    operator =
        InProcessOperator.start(
            kubeconfig,
            new CredentialsSettings(
                "cozy-system", source, TARGET, "", "us-east-1", true, List.of(system)));
  }

  @AfterAll
  static void stop() {
    if (operator != null) {
      operator.close();
    }
    for (DriverHeartbeat d : drivers) {
      d.close();
    }
    Manifests.removeDrivers(client, List.of("creds-mariadb", "creds-acme"));
    client.secrets().inNamespace("cozy-system").withName(source).delete();
  }

  @Test
  void aJobWaitsForTheSourceAndIsDispatchedOnceItsNamespaceHasTheCredentials() {
    // Other tests create the source; this one starts without it.
    client
        .secrets()
        .inNamespace("cozy-system")
        .withName(source)
        .withTimeout(30, java.util.concurrent.TimeUnit.SECONDS)
        .delete();
    backupJob(namespace, "first", "MariaDB");
    assertThat(awaitReason(namespace, "first", "CredentialsProjectionPending").message())
        .contains("cozy-system/" + source);

    client
        .resource(
            new SecretBuilder()
                .withNewMetadata()
                .withName(source)
                .withNamespace("cozy-system")
                .endMetadata()
                .withStringData(
                    Map.of(
                        "accessKey", "AK",
                        "secretKey", "SK",
                        "endpoint", "https://s3.example:8333",
                        "bucketName", "backups"))
                .build())
        .create();

    awaitReason(namespace, "first", "Dispatched");
    Secret projected = client.secrets().inNamespace(namespace).withName(TARGET).get();
    assertThat(projected.getMetadata().getLabels())
        .containsEntry("apps.cozystack.io/managed-by", "cozystack-backups");
    assertThat(decoded(projected, "AWS_ACCESS_KEY_ID")).isEqualTo("AK");
    assertThat(decoded(projected, "endpoint")).isEqualTo("s3.example:8333");
    assertThat(decoded(projected, "region")).isEqualTo("us-east-1");
    await()
        .atMost(Duration.ofSeconds(30))
        .until(() -> client.secrets().inNamespace(system).withName(TARGET).get() != null);
  }

  @Test
  void aSecretThatIsNotThePlatformsIsNeverOverwrittenAndFailsTheJob() {
    String other = namespace + "-foreign";
    client
        .namespaces()
        .resource(new NamespaceBuilder().withNewMetadata().withName(other).endMetadata().build())
        .create();
    client
        .resource(
            new SecretBuilder()
                .withNewMetadata()
                .withName(TARGET)
                .withNamespace(other)
                .endMetadata()
                .withStringData(Map.of("mine", "yes"))
                .build())
        .create();
    ensureSource();

    backupJob(other, "clash", "MariaDB");

    Condition ready = awaitReason(other, "clash", "CredentialsTargetNotOwned");
    assertThat(ready.message()).contains(other + "/" + TARGET, "apps.cozystack.io/managed-by");
    assertThat(job(other, "clash").getStatus().phase()).isEqualTo(RunPhase.FAILED);
    Secret kept = client.secrets().inNamespace(other).withName(TARGET).get();
    assertThat(kept.getData()).containsOnlyKeys("mine");
  }

  @Test
  void aThirdPartyKindIsDispatchedWithoutTheCredentials() {
    String other = namespace + "-acme";
    client
        .namespaces()
        .resource(new NamespaceBuilder().withNewMetadata().withName(other).endMetadata().build())
        .create();
    ensureSource();

    backupJob(other, "acme", "Acme");

    awaitReason(other, "acme", "Dispatched");
    assertThat(client.secrets().inNamespace(other).withName(TARGET).get()).isNull();
  }

  private static void ensureSource() {
    if (client.secrets().inNamespace("cozy-system").withName(source).get() == null) {
      client
          .resource(
              new SecretBuilder()
                  .withNewMetadata()
                  .withName(source)
                  .withNamespace("cozy-system")
                  .endMetadata()
                  .withStringData(
                      Map.of("accessKey", "AK", "secretKey", "SK", "endpoint", "s3.example"))
                  .build())
          .create();
    }
  }

  private static DriverHeartbeat heartbeat(String name, String group, String kind) {
    DriverHeartbeat beat =
        new DriverHeartbeat(
            client,
            new DriverRegistrationSpec(
                name,
                new DriverRegistrationSpec.CatalogRef("test", "1.0.0"),
                Contracts.VERSION,
                List.of(new DriverRegistrationSpec.StrategyKind(group, kind)),
                60));
    beat.startNow();
    return beat;
  }

  private static String decoded(Secret secret, String key) {
    return new String(
        Base64.getDecoder().decode(secret.getData().get(key)), StandardCharsets.UTF_8);
  }

  private static void backupJob(String ns, String name, String appKind) {
    client
        .resource(
            Serialization.unmarshal(
                """
                apiVersion: backups.cozystack.io/v1alpha1
                kind: BackupJob
                metadata: {name: %s, namespace: %s}
                spec:
                  applicationRef: {apiGroup: apps.cozystack.io, kind: %s, name: db}
                  backupClassName: creds
                """
                    .formatted(name, ns, appKind),
                BackupJob.class))
        .create();
  }

  private static BackupJob job(String ns, String name) {
    return client.resources(BackupJob.class).inNamespace(ns).withName(name).get();
  }

  private static Condition awaitReason(String ns, String name, String reason) {
    return await()
        .atMost(Duration.ofSeconds(30))
        .ignoreExceptions()
        .until(
            () ->
                job(ns, name).getStatus().conditions().stream()
                    .filter(c -> "Dispatched".equals(c.type()))
                    .findFirst()
                    .orElseThrow(),
            c -> reason.equals(c.reason()));
  }
}
