package io.cozystack.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.cozystack.api.backups.v1alpha1.BackupsApi;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * Plays Velero for the Velero driver's e2e tests. No Velero server runs on the bare API server, so
 * the test moves the driver's {@code velero.io/v1} Backups and Restores (in cozy-velero) through
 * their phases itself: it writes {@code status.phase} (and, if asked, {@code failureReason} and
 * {@code validationErrors}) <em>with the object</em>, as Velero does, since Velero's CRDs have no
 * status subresource; each write is read back to prove it landed. It never creates, deletes or
 * changes anything else, and does not act on DeleteBackupRequests (the tests only read them).
 */
final class VeleroDouble {
  static final String NAMESPACE = "cozy-velero";
  static final String API_VERSION = "velero.io/v1";

  private final KubernetesClient client;

  VeleroDouble(KubernetesClient client) {
    this.client = client;
  }

  /** The Velero objects of {@code kind} labelled as owned by job {@code namespace/name}. */
  List<GenericKubernetesResource> owned(String kind, String namespace, String name) {
    return client
        .genericKubernetesResources(API_VERSION, kind)
        .inNamespace(NAMESPACE)
        .withLabels(
            Map.of(
                BackupsApi.OWNED_BY_BACKUP_JOB_NAME, name,
                BackupsApi.OWNED_BY_BACKUP_JOB_NAMESPACE, namespace))
        .list()
        .getItems();
  }

  /** Waits for the driver to create the one Velero object of {@code kind} for a job. */
  GenericKubernetesResource awaitOwned(String kind, String namespace, String name) {
    return await()
        .atMost(Duration.ofSeconds(30))
        .until(() -> owned(kind, namespace, name), l -> !l.isEmpty())
        .get(0);
  }

  /** Velero moved the object to {@code phase}. */
  void phase(String kind, String name, String phase) {
    status(kind, name, Map.of("phase", phase));
  }

  /** Velero wrote this status (with the object: no status subresource). */
  void status(String kind, String name, Map<String, Object> status) {
    client
        .genericKubernetesResources(API_VERSION, kind)
        .inNamespace(NAMESPACE)
        .withName(name)
        .edit(
            o -> {
              o.setAdditionalProperty("status", status);
              return o;
            });
    assertThat(get(kind, name).getAdditionalProperties().get("status"))
        .as("status of Velero %s %s as written", kind, name)
        .isEqualTo(status);
  }

  GenericKubernetesResource get(String kind, String name) {
    return client
        .genericKubernetesResources(API_VERSION, kind)
        .inNamespace(NAMESPACE)
        .withName(name)
        .get();
  }

  /** The DeleteBackupRequests in cozy-velero naming {@code backupName}. */
  List<GenericKubernetesResource> deleteRequestsFor(String backupName) {
    return client
        .genericKubernetesResources(API_VERSION, "DeleteBackupRequest")
        .inNamespace(NAMESPACE)
        .list()
        .getItems()
        .stream()
        .filter(r -> backupName.equals(spec(r).get("backupName")))
        .toList();
  }

  @SuppressWarnings("unchecked")
  static Map<String, Object> spec(GenericKubernetesResource object) {
    Object spec = object.getAdditionalProperties().get("spec");
    return spec == null ? Map.of() : (Map<String, Object>) spec;
  }
}
