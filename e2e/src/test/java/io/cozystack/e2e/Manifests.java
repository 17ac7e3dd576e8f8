package io.cozystack.e2e;

import io.cozystack.api.backups.v1alpha1.BackupDriver;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinition;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * Fixtures the backup tests share: manifests applied as a person would, namespaces, CRDs, and the
 * driver registry (a driver owning its kind; fake registrations removed).
 */
final class Manifests {
  static final String FIELD_MANAGER = "cozy-e2e";

  private Manifests() {}

  /** Server-side applies every document of {@code yaml} (forcing, so reruns converge). */
  static void apply(KubernetesClient client, String yaml) {
    client
        .load(new ByteArrayInputStream(yaml.getBytes(StandardCharsets.UTF_8)))
        .items()
        .forEach(
            o -> client.resource(o).fieldManager(FIELD_MANAGER).forceConflicts().serverSideApply());
  }

  static void applyFile(KubernetesClient client, Path file) throws IOException {
    apply(client, Files.readString(file));
  }

  /** Makes sure namespace {@code name} exists. */
  static void namespace(KubernetesClient client, String name) {
    client
        .namespaces()
        .resource(new NamespaceBuilder().withNewMetadata().withName(name).endMetadata().build())
        .fieldManager(FIELD_MANAGER)
        .serverSideApply();
  }

  /** Applies the CRD in {@code file} (relative to the repository) and waits until it is served. */
  static void crd(KubernetesClient client, String file) throws IOException {
    CustomResourceDefinition crd =
        Serialization.unmarshal(
            Files.readString(ControlPlane.repoRoot().resolve(file)),
            CustomResourceDefinition.class);
    client.resource(crd).fieldManager(FIELD_MANAGER).forceConflicts().serverSideApply();
    client
        .apiextensions()
        .v1()
        .customResourceDefinitions()
        .withName(crd.getMetadata().getName())
        .waitUntilCondition(CrdInstaller::established, 60, TimeUnit.SECONDS);
  }

  /**
   * Waits until registration {@code driver} owns strategy kind {@code kind} ({@code group/Kind}).
   */
  static void awaitOwned(KubernetesClient client, String driver, String kind) {
    org.awaitility.Awaitility.await()
        .atMost(java.time.Duration.ofSeconds(60))
        .ignoreExceptions()
        .until(
            () ->
                client
                    .resources(BackupDriver.class)
                    .withName(driver)
                    .get()
                    .getStatus()
                    .owned()
                    .contains(kind));
  }

  /**
   * Removes fake registrations and their Leases: they are cluster-wide, and one left behind would
   * conflict with a later class's real driver.
   */
  static void removeDrivers(KubernetesClient client, java.util.List<String> drivers) {
    for (String driver : drivers) {
      client.resources(BackupDriver.class).withName(driver).delete();
      client
          .leases()
          .inNamespace(BackupDriver.LEASE_NAMESPACE)
          .withName(BackupDriver.LEASE_PREFIX + driver)
          .delete();
    }
  }
}
