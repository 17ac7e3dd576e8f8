package io.cozystack.catalog.services.backups.mongodb;

import com.fasterxml.jackson.databind.JsonNode;
import io.cozystack.api.meta.TypedLocalObjectReference;
import io.cozystack.catalog.services.backups.upstream.Deadline;
import io.cozystack.catalog.services.backups.upstream.ObjectWaiters;
import io.cozystack.catalog.services.backups.upstream.SpecProblem;
import io.cozystack.catalog.services.backups.upstream.UpstreamStore;
import io.cozystack.contracts.driver.BackupRun;
import io.cozystack.contracts.driver.Progress;
import io.cozystack.contracts.driver.StrategyTemplate;
import io.cozystack.contracts.driver.WatchedKind.JobKey;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.time.Duration;
import java.util.Optional;

/**
 * The backup side: one logical {@code PerconaServerMongoDBBackup} per BackupJob, created from the
 * rendered strategy template once the application's PerconaServerMongoDB {@code mongodb-<app>}
 * exists with backups enabled and the named storage declared, then observed through its {@code
 * status.state} until it is ready, fails, or 30 minutes have passed.
 */
final class MongoDbBackups {
  /** How long a backup may take in all, counted from when the driver took the job. */
  static final Duration DEADLINE = Duration.ofMinutes(30);

  private final UpstreamStore store;
  private final ObjectWaiters waiters;

  MongoDbBackups(UpstreamStore store, ObjectWaiters waiters) {
    this.store = store;
    this.waiters = waiters;
  }

  Progress backup(BackupRun run) {
    TypedLocalObjectReference app = run.job().getSpec().applicationRef();
    Optional<Progress> unsupported = PsmdbApi.APPLICATION.refuseBackupOf(app);
    if (unsupported.isPresent()) {
      return unsupported.get();
    }
    Optional<GenericKubernetesResource> existing =
        store.owned(PsmdbApi.BACKUP, run.namespace(), run.ownerLabels());
    if (existing.isPresent()) {
      return observe(run, existing.get());
    }
    MongoDbTemplate template;
    try {
      template = MongoDbTemplate.parse(run.renderTemplate());
    } catch (StrategyTemplate.TemplateException | SpecProblem e) {
      return Progress.failed(
          "InvalidStrategy",
          "MongoDB strategy " + run.strategy().getMetadata().getName() + ": " + e.getMessage());
    }
    return startWhenClusterIsReady(run, app.name(), template);
  }

  /** Waits (woken by the cluster's changes) until the cluster can back up, then creates. */
  private Progress startWhenClusterIsReady(BackupRun run, String app, MongoDbTemplate template) {
    String cluster = PsmdbApi.clusterName(app);
    String what = PsmdbApi.ref(PsmdbApi.CLUSTER, run.namespace(), cluster);
    JobKey job = new JobKey(run.namespace(), run.name());
    waiters.await(run.namespace(), cluster, job);
    Optional<ClusterGate.Problem> problem =
        ClusterGate.forBackup(
            store.get(PsmdbApi.CLUSTER, run.namespace(), cluster).map(MongoDbBackups::tree),
            template.storageName(),
            app);
    if (problem.isEmpty()) {
      waiters.done(run.namespace(), cluster, job);
      return create(run, cluster, template);
    }
    if (deadline(run).passed()) {
      waiters.done(run.namespace(), cluster, job);
    }
    String reason = problem.get().reason();
    String message = problem.get().message();
    return deadline(run)
        .waitOr(
            reason,
            what + ": " + message + "; waiting",
            reason,
            what
                + " was not ready for backups within "
                + deadline(run).limitText()
                + ": "
                + message);
  }

  private Progress create(BackupRun run, String cluster, MongoDbTemplate template) {
    GenericKubernetesResource created;
    try {
      created =
          store.create(
              PsmdbObjects.backup(
                  run.name(), run.namespace(), run.ownerLabels(), cluster, template));
    } catch (KubernetesClientException e) {
      if (e.getCode() != 422) {
        throw e;
      }
      return Progress.failed(
          "BackupRejected",
          "the API server refused the PerconaServerMongoDBBackup: " + UpstreamStore.refusal(e));
    }
    return Progress.working(
            "BackupStarted",
            "created "
                + PsmdbApi.ref(PsmdbApi.BACKUP, run.namespace(), created.getMetadata().getName()))
        .recheckAfter(deadline(run).remaining());
  }

  private Progress observe(BackupRun run, GenericKubernetesResource backup) {
    PsmdbState state = PsmdbState.of(backup);
    String what = PsmdbApi.ref(PsmdbApi.BACKUP, run.namespace(), backup.getMetadata().getName());
    return switch (state.phase()) {
      case SUCCEEDED -> BackupRecord.of(backup, run.parameters());
      case FAILED ->
          Progress.failed("BackupFailed", what + " failed: " + state.errorOrDescription());
      case RUNNING ->
          deadline(run)
              .waitOr(
                  "BackupRunning",
                  what + " is running (" + state.describe() + ")",
                  "BackupTimedOut",
                  what
                      + " did not complete within "
                      + deadline(run).limitText()
                      + " ("
                      + state.describe()
                      + ")");
    };
  }

  private static Deadline deadline(BackupRun run) {
    return new Deadline(DEADLINE, run.elapsed());
  }

  static JsonNode tree(GenericKubernetesResource object) {
    return Serialization.jsonMapper().valueToTree(object);
  }
}
