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
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A test double of the FoundationDB operator (v1.55.0), for the e2e suite where no operator (and no
 * kubelet) runs. It watches the {@code apps.foundationdb.org/v1beta2} FoundationDBBackups and
 * -Restores of one namespace and writes their {@code status} through the status subresource, as the
 * operator's reconcilers do. Like the operator it keeps one live backup per cluster ({@code
 * fdbbackup status} is per cluster), which every FoundationDBBackup of that cluster reports:
 *
 * <ul>
 *   <li>a running FoundationDBBackup whose agents are not up yet gets what the operator writes
 *       then: {@code agentCount: 0}, {@code deploymentConfigured: false} and the generation in
 *       {@code needsBackupAgentUpdate} and {@code needsBackupStart}, the reconciled one unchanged;
 *   <li>after {@link #agentsUp(String)} for the job that owns it (its {@code
 *       backups.cozystack.io/owned-by.BackupJobName} label; no kubelet runs the agents' pods), it
 *       starts the cluster's backup if none runs ({@code fdbbackup start}, at the URL the operator
 *       derives from {@code blobStoreConfiguration}) and reports the live backup: {@code
 *       backupDetails.url} and {@code running}, the snapshot period in {@code snapshotTime}, and
 *       the generation reconciled only if the live backup is its own;
 *   <li>a stopped FoundationDBBackup discontinues the cluster's live backup, whichever it is, and
 *       reports it stopped, its generation reconciled;
 *   <li>a new FoundationDBRestore is started ({@code running: true}, {@code state: starting});
 *       after {@link #complete(String)} it becomes {@code completed} if the target cluster has
 *       backup agents (a FoundationDBBackup of it: the operator's restores are carried out by
 *       them), and stays {@code starting} otherwise; after {@link #abort(String)} it is {@code
 *       aborted}.
 * </ul>
 *
 * It touches no database, bucket or Deployment; what it writes is what the driver reads.
 */
final class FoundationDbDouble implements AutoCloseable {
  static final String API_VERSION = "apps.foundationdb.org/v1beta2";
  static final String BACKUP = "FoundationDBBackup";
  static final String RESTORE = "FoundationDBRestore";

  private final KubernetesClient client;
  private final String namespace;
  private final Set<String> agentsUp = ConcurrentHashMap.newKeySet();
  private final Map<String, String> restoreOutcomes = new ConcurrentHashMap<>();

  /** The URL of each cluster's running backup; absent when none runs. */
  private final Map<String, String> live = new ConcurrentHashMap<>();

  private final List<SharedIndexInformer<GenericKubernetesResource>> informers = new ArrayList<>();

  private FoundationDbDouble(KubernetesClient client, String namespace) {
    this.client = client;
    this.namespace = namespace;
  }

  /** Starts playing the operator for the backups and restores of {@code namespace}. */
  static FoundationDbDouble start(KubernetesClient client, String namespace) {
    FoundationDbDouble operator = new FoundationDbDouble(client, namespace);
    for (String kind : List.of(BACKUP, RESTORE)) {
      operator.informers.add(
          client
              .genericKubernetesResources(API_VERSION, kind)
              .inNamespace(namespace)
              .inform(operator.handler(), 0));
    }
    return operator;
  }

  /** The agents of {@code job}'s backup are up (their pods ready). */
  void agentsUp(String job) {
    agentsUp.add(job);
    reactToAll();
  }

  /** {@code job}'s restore ends: {@code completed}, if its target has agents. */
  void complete(String job) {
    restoreOutcomes.put(job, "completed");
    reactToAll();
  }

  /** {@code job}'s restore is aborted. */
  void abort(String job) {
    restoreOutcomes.put(job, "aborted");
    reactToAll();
  }

  private void reactToAll() {
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

  /**
   * One reconcile of the object, writing its status only when it changes; the whole status is
   * replaced (a JSON patch), as the operator's status update does.
   */
  private synchronized void react(GenericKubernetesResource object) {
    JsonNode tree = Serialization.jsonMapper().valueToTree(object);
    Map<String, Object> status =
        BACKUP.equals(object.getKind()) ? backupStatus(object, tree) : restoreStatus(object, tree);
    if (status == null) {
      return;
    }
    String json = Serialization.asJson(status);
    try {
      if (Serialization.jsonMapper().readTree(json).equals(tree.path("status"))) {
        return;
      }
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
    client
        .resource(object)
        .subresource("status")
        .patch(
            PatchContext.of(PatchType.JSON),
            "[{\"op\": \"add\", \"path\": \"/status\", \"value\": " + json + "}]");
  }

  private Map<String, Object> backupStatus(GenericKubernetesResource object, JsonNode tree) {
    if ("Stopped".equals(tree.at("/spec/backupState").asText("Running"))) {
      return stopped(tree);
    }
    return agentsUp.contains(owner(object)) ? running(object, tree) : agentsDown(tree);
  }

  /** {@code fdbbackup discontinue}: the cluster's live backup stops; the status keeps its URL. */
  private Map<String, Object> stopped(JsonNode tree) {
    String url = live.remove(tree.at("/spec/clusterName").asText());
    if (url == null && tree.at("/status/backupDetails/url").isTextual()) {
      url = tree.at("/status/backupDetails/url").asText();
    }
    Map<String, Object> status = agents(tree, true);
    status.put("generations", Map.of("reconciled", generation(tree)));
    status.put("backupDetails", url == null ? Map.of() : Map.of("url", url));
    return status;
  }

  /** The agents' Deployment is not ready: nothing reconciled since, start and agents pending. */
  private static Map<String, Object> agentsDown(JsonNode tree) {
    Map<String, Object> status = agents(tree, false);
    Map<String, Object> generations = new LinkedHashMap<>();
    long reconciled = tree.at("/status/generations/reconciled").asLong(0);
    if (reconciled > 0) {
      generations.put("reconciled", reconciled);
    }
    generations.put("needsBackupAgentUpdate", generation(tree));
    generations.put("needsBackupStart", generation(tree));
    status.put("generations", generations);
    return status;
  }

  /**
   * {@code fdbbackup start} unless the cluster's backup runs, then the live backup as {@code
   * fdbbackup status} reports it; reconciled only if that backup writes where this one would.
   */
  private Map<String, Object> running(GenericKubernetesResource object, JsonNode tree) {
    String own = backupUrl(object, tree);
    String url = live.computeIfAbsent(tree.at("/spec/clusterName").asText(), c -> own);
    Map<String, Object> status = agents(tree, true);
    status.put(
        "generations",
        Map.of(url.equals(own) ? "reconciled" : "needsBackupStart", generation(tree)));
    status.put(
        "backupDetails",
        Map.of(
            "url",
            url,
            "running",
            true,
            "snapshotTime",
            tree.at("/spec/snapshotPeriodSeconds").asInt(864000)));
    return status;
  }

  /** The agents' part of the status: all of them ready, or none. */
  private static Map<String, Object> agents(JsonNode tree, boolean up) {
    Map<String, Object> status = new LinkedHashMap<>();
    status.put("agentCount", up ? tree.at("/spec/agentCount").asInt(2) : 0);
    status.put("deploymentConfigured", up);
    return status;
  }

  private static long generation(JsonNode tree) {
    return tree.at("/metadata/generation").asLong(1);
  }

  private Map<String, Object> restoreStatus(GenericKubernetesResource object, JsonNode tree) {
    String state = tree.at("/status/state").asText("");
    if (state.equals("completed") || state.equals("aborted")) {
      return null;
    }
    String outcome = restoreOutcomes.get(owner(object));
    if ("completed".equals(outcome)
        && !hasAgents(tree.at("/spec/destinationClusterName").asText())) {
      outcome = null;
    }
    return Map.of("running", true, "state", outcome == null ? "starting" : outcome);
  }

  /** Whether a FoundationDBBackup (whose Deployment runs the agents) backs cluster {@code name}. */
  private boolean hasAgents(String cluster) {
    return informers.get(0).getStore().list().stream()
        .anyMatch(
            b ->
                cluster.equals(
                    Serialization.jsonMapper().valueToTree(b).at("/spec/clusterName").asText()));
  }

  /**
   * The URL the operator derives for a backup: {@code blobstore://<account>[:443|:80]/<backupName
   * or object name>?bucket=<bucket or fdb-backups>[&<parameter>...]}.
   */
  static String backupUrl(GenericKubernetesResource object, JsonNode tree) {
    JsonNode blob = tree.at("/spec/blobStoreConfiguration");
    String account = blob.path("accountName").asText();
    String name = blob.path("backupName").asText(object.getMetadata().getName());
    boolean hasPort = account.substring(account.lastIndexOf('@') + 1).contains(":");
    String port = hasPort ? "" : ":443";
    StringBuilder query = new StringBuilder();
    for (JsonNode parameter : blob.path("urlParameters")) {
      query.append('&').append(parameter.asText());
      if (!hasPort && parameter.asText().matches("(sc|secure_connection)=0")) {
        port = ":80";
      }
    }
    return "blobstore://"
        + account
        + port
        + "/"
        + name
        + "?bucket="
        + blob.path("bucket").asText("fdb-backups")
        + query;
  }

  private static String owner(GenericKubernetesResource object) {
    Map<String, String> labels = object.getMetadata().getLabels();
    return labels == null ? "" : labels.getOrDefault(BackupsApi.OWNED_BY_BACKUP_JOB_NAME, "");
  }

  @Override
  public void close() {
    informers.forEach(SharedIndexInformer::close);
  }
}
