package io.cozystack.e2e;

import com.fasterxml.jackson.databind.JsonNode;
import io.cozystack.api.backups.v1alpha1.BackupsApi;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.base.PatchContext;
import io.fabric8.kubernetes.client.dsl.base.PatchType;
import io.fabric8.kubernetes.client.informers.ResourceEventHandler;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A test double of the Percona Server for MongoDB operator, for the e2e suite where no operator
 * (and no kubelet) runs. It watches the {@code psmdb.percona.com/v1} PerconaServerMongoDBBackups
 * and -Restores of one namespace and writes their {@code status} through the status subresource, as
 * the operator's reconcilers do:
 *
 * <ul>
 *   <li>a new backup gets {@code state: requested} with what the operator writes when it sends the
 *       backup command: its {@code storageName}, a {@code pbmName} (the start time), the storage's
 *       {@code s3} block copied from its cluster's {@code spec.backup.storages} and {@code
 *       destination: s3://<bucket>/<prefix>/<pbmName>}; a backup whose cluster or storage does not
 *       exist gets {@code state: error} with the operator's message instead;
 *   <li>a new restore gets {@code state: requested};
 *   <li>after {@link #complete(String)} for the job that owns an object (its {@code
 *       backups.cozystack.io/owned-by.BackupJobName} label), {@code state: ready} (a backup also
 *       {@code type} and {@code completed});
 *   <li>after {@link #fail(String, String)}, {@code state: error} with that {@code error}.
 * </ul>
 *
 * It runs no backup agent and touches no database or bucket; what it writes is what the driver
 * reads.
 */
final class MongoDbDouble implements AutoCloseable {
  static final String API_VERSION = "psmdb.percona.com/v1";
  static final String BACKUP = "PerconaServerMongoDBBackup";
  static final String RESTORE = "PerconaServerMongoDBRestore";

  private final KubernetesClient client;
  private final String namespace;
  private final Map<String, Map<String, Object>> outcomes = new ConcurrentHashMap<>();
  private final List<SharedIndexInformer<GenericKubernetesResource>> informers = new ArrayList<>();

  private MongoDbDouble(KubernetesClient client, String namespace) {
    this.client = client;
    this.namespace = namespace;
  }

  /** Starts playing the operator for the backups and restores of {@code namespace}. */
  static MongoDbDouble start(KubernetesClient client, String namespace) {
    MongoDbDouble operator = new MongoDbDouble(client, namespace);
    for (String kind : List.of(BACKUP, RESTORE)) {
      operator.informers.add(
          client
              .genericKubernetesResources(API_VERSION, kind)
              .inNamespace(namespace)
              .inform(operator.handler(), 0));
    }
    return operator;
  }

  /** {@code job}'s backup or restore finishes: {@code state: ready}. */
  void complete(String job) {
    decide(job, Map.of("state", "ready"));
  }

  /** {@code job}'s backup or restore fails: {@code state: error} with {@code message}. */
  void fail(String job, String message) {
    decide(job, Map.of("state", "error", "error", message));
  }

  private void decide(String job, Map<String, Object> outcome) {
    outcomes.put(job, outcome);
    informers.forEach(i -> i.getStore().list().forEach(this::react));
  }

  private ResourceEventHandler<GenericKubernetesResource> handler() {
    return new ResourceEventHandler<>() {
      @Override
      public void onAdd(GenericKubernetesResource obj) {
        react(obj);
      }

      @Override
      public void onUpdate(GenericKubernetesResource oldObj, GenericKubernetesResource newObj) {
        react(newObj);
      }

      @Override
      public void onDelete(GenericKubernetesResource obj, boolean deletedFinalStateUnknown) {}
    };
  }

  /** Moves the object's state one step, as the operator would; a finished object stays. */
  private synchronized void react(GenericKubernetesResource object) {
    Map<String, String> labels = object.getMetadata().getLabels();
    String job = labels == null ? null : labels.get(BackupsApi.OWNED_BY_BACKUP_JOB_NAME);
    JsonNode tree = Serialization.jsonMapper().valueToTree(object);
    String state = tree.at("/status/state").asText("");
    if (job == null || state.equals("ready") || state.equals("error")) {
      return;
    }
    Map<String, Object> outcome = outcomes.get(job);
    if (state.isEmpty()) {
      write(object, BACKUP.equals(object.getKind()) ? started(tree) : Map.of("state", "requested"));
    } else if (outcome != null) {
      Map<String, Object> status = new LinkedHashMap<>(outcome);
      if (BACKUP.equals(object.getKind()) && "ready".equals(outcome.get("state"))) {
        status.put("type", tree.at("/spec/type").asText("logical"));
        status.put("completed", now());
      }
      write(object, status);
    }
  }

  /** What the operator writes when it sends the backup command, read from the cluster. */
  private Map<String, Object> started(JsonNode backup) {
    String clusterName = backup.at("/spec/clusterName").asText();
    String storageName = backup.at("/spec/storageName").asText();
    GenericKubernetesResource cluster =
        client
            .genericKubernetesResources(API_VERSION, "PerconaServerMongoDB")
            .inNamespace(namespace)
            .withName(clusterName)
            .get();
    if (cluster == null) {
      return Map.of("state", "error", "error", "cluster not found");
    }
    JsonNode s3 =
        Serialization.jsonMapper()
            .valueToTree(cluster)
            .at("/spec/backup/storages/" + storageName + "/s3");
    if (!s3.isObject()) {
      return Map.of("state", "error", "error", "unable to get storage '" + storageName + "'");
    }
    String pbmName = now();
    String prefix = s3.path("prefix").asText("");
    Map<String, Object> status = new LinkedHashMap<>();
    status.put("state", "requested");
    status.put("storageName", storageName);
    status.put("pbmName", pbmName);
    status.put("lastTransition", pbmName);
    status.put("s3", Serialization.jsonMapper().convertValue(s3, Map.class));
    status.put(
        "destination",
        "s3://"
            + s3.path("bucket").asText()
            + (prefix.isEmpty() ? "" : "/" + prefix)
            + "/"
            + pbmName);
    return status;
  }

  private void write(GenericKubernetesResource object, Map<String, Object> status) {
    client
        .resource(object)
        .subresource("status")
        .patch(
            PatchContext.of(PatchType.JSON_MERGE), Serialization.asJson(Map.of("status", status)));
  }

  private static String now() {
    return Instant.now().truncatedTo(ChronoUnit.SECONDS).toString();
  }

  @Override
  public void close() {
    informers.forEach(SharedIndexInformer::close);
  }
}
