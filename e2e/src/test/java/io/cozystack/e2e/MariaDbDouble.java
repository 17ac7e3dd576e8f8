package io.cozystack.e2e;

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
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A test double of mariadb-operator, for the e2e suite where no operator (and no kubelet) runs. It
 * watches the {@code k8s.mariadb.com/v1alpha1} Backups and Restores of one namespace and writes
 * their {@code status.conditions} through the status subresource, as mariadb-operator's Job
 * reconciliation does:
 *
 * <ul>
 *   <li>a new object gets {@code Complete=False/JobRunning} (the Job is running);
 *   <li>after {@link #complete(String)} for the job that owns it (its {@code
 *       backups.cozystack.io/owned-by.BackupJobName} label: a BackupJob's or a RestoreJob's name),
 *       {@code Complete=True/JobComplete};
 *   <li>after {@link #fail(String, String)}, {@code Complete=True/JobFailed} with the given
 *       message: upstream reports a failed Job as Complete <em>True</em> with reason JobFailed.
 * </ul>
 *
 * It never runs a dump or touches a database; what it writes is exactly what the driver reads.
 */
final class MariaDbDouble implements AutoCloseable {
  private static final String API_VERSION = "k8s.mariadb.com/v1alpha1";

  /** What the test tells the double to report for a job's objects. */
  private record Outcome(String status, String reason, String message) {}

  private static final Outcome RUNNING = new Outcome("False", "JobRunning", "Running");

  private final KubernetesClient client;
  private final Map<String, Outcome> outcomes = new ConcurrentHashMap<>();
  private final List<SharedIndexInformer<GenericKubernetesResource>> informers = new ArrayList<>();

  private MariaDbDouble(KubernetesClient client) {
    this.client = client;
  }

  /** Starts playing the operator for the Backups and Restores of {@code namespace}. */
  static MariaDbDouble start(KubernetesClient client, String namespace) {
    MariaDbDouble operator = new MariaDbDouble(client);
    for (String kind : List.of("Backup", "Restore")) {
      operator.informers.add(
          client
              .genericKubernetesResources(API_VERSION, kind)
              .inNamespace(namespace)
              .inform(operator.handler(), 0));
    }
    return operator;
  }

  /** The Job of {@code job}'s objects succeeds: {@code Complete=True/JobComplete}. */
  void complete(String job) {
    decide(job, new Outcome("True", "JobComplete", "Success"));
  }

  /** The Job of {@code job}'s objects fails: {@code Complete=True/JobFailed}, {@code message}. */
  void fail(String job, String message) {
    decide(job, new Outcome("True", "JobFailed", message));
  }

  private void decide(String job, Outcome outcome) {
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

  /** Writes the Complete condition the test decided for the object's job, unless it is there. */
  private synchronized void react(GenericKubernetesResource object) {
    Map<String, String> labels = object.getMetadata().getLabels();
    String job = labels == null ? null : labels.get(BackupsApi.OWNED_BY_BACKUP_JOB_NAME);
    if (job == null) {
      return;
    }
    Outcome outcome = outcomes.getOrDefault(job, RUNNING);
    var complete = Serialization.jsonMapper().valueToTree(object).path("status").path("conditions");
    for (var c : complete) {
      if ("Complete".equals(c.path("type").asText())
          && outcome.status().equals(c.path("status").asText())
          && outcome.reason().equals(c.path("reason").asText())) {
        return;
      }
    }
    client
        .resource(object)
        .subresource("status")
        .patch(PatchContext.of(PatchType.JSON_MERGE), Serialization.asJson(status(outcome)));
  }

  private static Map<String, Object> status(Outcome outcome) {
    return Map.of(
        "status",
        Map.of(
            "conditions",
            List.of(
                Map.of(
                    "type", "Complete",
                    "status", outcome.status(),
                    "reason", outcome.reason(),
                    "message", outcome.message(),
                    "lastTransitionTime",
                        Instant.now().truncatedTo(ChronoUnit.SECONDS).toString()))));
  }

  @Override
  public void close() {
    informers.forEach(SharedIndexInformer::close);
  }
}
