package io.cozystack.catalog.virtualization.backups.velero;

import com.fasterxml.jackson.databind.JsonNode;
import io.cozystack.api.backups.v1alpha1.BackupsApi;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.GenericKubernetesResourceList;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.MixedOperation;
import io.fabric8.kubernetes.client.dsl.Resource;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/** What the Velero driver shares: Velero's API, its namespace, and the keys the driver records. */
final class Velero {
  static final String API_VERSION = "velero.io/v1";
  static final String BACKUP = "Backup";
  static final String RESTORE = "Restore";
  static final String DELETE_BACKUP_REQUEST = "DeleteBackupRequest";

  /** Velero reads its API objects (and their secrets) only in this namespace. */
  static final String NAMESPACE = "cozy-velero";

  /** Backup {@code driverMetadata}: the Velero Backup's name and namespace. */
  static final String BACKUP_NAME = "velero.io/backup-name";

  static final String BACKUP_NAMESPACE = "velero.io/backup-namespace";

  /** Annotation on the Velero Backup holding the Backup's {@code underlyingResources} JSON. */
  static final String UNDERLYING_RESOURCES = "backups.cozystack.io/underlying-resources";

  /** Phases after which Velero does nothing more and the job failed. */
  static final Set<String> FAILED_PHASES = Set.of("Failed", "PartiallyFailed", "FailedValidation");

  static final String COMPLETED = "Completed";

  private Velero() {}

  /**
   * Velero's objects of {@code kind} (Backup, Restore, DeleteBackupRequest), named without API
   * discovery.
   */
  static MixedOperation<
          GenericKubernetesResource,
          GenericKubernetesResourceList,
          Resource<GenericKubernetesResource>>
      objects(KubernetesClient client, String kind) {
    return client.genericKubernetesResources(
        new ResourceDefinitionContext.Builder()
            .withGroup("velero.io")
            .withVersion("v1")
            .withKind(kind)
            .withPlural(kind.toLowerCase(Locale.ROOT) + "s")
            .withNamespaced(true)
            .build());
  }

  /**
   * The owner labels of a job, as {@code BackupRun/RestoreRun.ownerLabels()} write them; needed
   * where only the job is at hand (a deleted RestoreJob's clean-up).
   */
  static Map<String, String> ownerLabels(String namespace, String name) {
    return Map.of(
        BackupsApi.OWNED_BY_BACKUP_JOB_NAME, name,
        BackupsApi.OWNED_BY_BACKUP_JOB_NAMESPACE, namespace);
  }

  /** A new Velero object of {@code kind} in {@link #NAMESPACE}, named by the server. */
  static GenericKubernetesResource object(
      String kind, String generateName, Map<String, String> labels, JsonNode spec) {
    GenericKubernetesResource object = new GenericKubernetesResource();
    object.setApiVersion(API_VERSION);
    object.setKind(kind);
    object.setMetadata(
        new ObjectMetaBuilder()
            .withGenerateName(generateName)
            .withNamespace(NAMESPACE)
            .withLabels(new TreeMap<>(labels))
            .build());
    object.setAdditionalProperty("spec", Serialization.jsonMapper().convertValue(spec, Map.class));
    return object;
  }

  /** {@code namespace/name} of an object, for messages. */
  static String ref(GenericKubernetesResource object) {
    return object.getMetadata().getNamespace() + "/" + object.getMetadata().getName();
  }

  /** The object's {@code status}, a missing node when it has none. */
  static JsonNode status(GenericKubernetesResource object) {
    return field(object, "status");
  }

  /** The object's {@code spec}, a missing node when it has none. */
  static JsonNode spec(GenericKubernetesResource object) {
    return field(object, "spec");
  }

  private static JsonNode field(GenericKubernetesResource object, String name) {
    Object value = object.getAdditionalProperties().get(name);
    return value == null
        ? Serialization.jsonMapper().missingNode()
        : Serialization.jsonMapper().valueToTree(value);
  }

  /** Velero's {@code status.phase}, empty before Velero picked the object up. */
  static String phase(GenericKubernetesResource object) {
    return status(object).path("phase").asText("");
  }
}
