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

  /**
   * Deletes every object of {@code file}: what a class applied in place of a chart, so that a later
   * class installing that chart finds no object Helm does not own.
   */
  static void deleteFile(KubernetesClient client, Path file) throws IOException {
    var objects = client.load(new ByteArrayInputStream(Files.readAllBytes(file))).items();
    // An aggregated ClusterRole was seen still there after its delete (kube-controller-manager's
    // aggregation sync of it was under way), so delete until none is left twice in a row.
    int[] quiet = {0};
    org.awaitility.Awaitility.await("the objects of " + file.getFileName() + " gone")
        .atMost(java.time.Duration.ofSeconds(30))
        .pollInterval(java.time.Duration.ofMillis(500))
        .until(
            () -> {
              boolean present = false;
              for (var o : objects) {
                if (client.resource(o).get() != null) {
                  present = true;
                  client.resource(o).delete();
                }
              }
              quiet[0] = present ? 0 : quiet[0] + 1;
              return quiet[0] >= 2;
            });
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
