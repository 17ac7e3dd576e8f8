package io.cozystack.catalog.services.backups.mongodb;

import com.fasterxml.jackson.databind.JsonNode;
import io.cozystack.catalog.services.backups.upstream.Deadline;
import io.cozystack.catalog.services.backups.upstream.ObjectWaiters;
import io.cozystack.catalog.services.backups.upstream.SpecProblem;
import io.cozystack.catalog.services.backups.upstream.UpstreamStore;
import io.cozystack.contracts.driver.Progress;
import io.cozystack.contracts.driver.RestoreRun;
import io.cozystack.contracts.driver.WatchedKind.JobKey;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.util.Optional;

/**
 * The restore side, the same in place and to a copy: one {@code PerconaServerMongoDBRestore} per
 * RestoreJob whose {@code clusterName} is the target's {@code mongodb-<target>} and whose {@code
 * backupSource} is where the backup was written (read from the operator's backup if it still
 * exists, else from what the cozystack Backup recorded), read with the target's own credentials
 * Secret. It waits for the target to exist with backups enabled, and observes the restore's {@code
 * status.state} until it is ready, fails, or {@code restoreTimeoutSeconds} have passed.
 */
final class MongoDbRestores {
  private final UpstreamStore store;
  private final ObjectWaiters waiters;

  MongoDbRestores(UpstreamStore store, ObjectWaiters waiters) {
    this.store = store;
    this.waiters = waiters;
  }

  Progress restore(RestoreRun run) {
    Optional<Progress> unsupported = PsmdbApi.APPLICATION.refuseRestoreInto(run.target());
    if (unsupported.isPresent()) {
      return unsupported.get();
    }
    RestoreOptions options;
    try {
      options = RestoreOptions.parse(run.options());
    } catch (SpecProblem e) {
      return Progress.failed("InvalidOptions", e.getMessage());
    }
    Deadline deadline = new Deadline(options.timeout(), run.elapsed());
    Optional<GenericKubernetesResource> existing =
        store.owned(PsmdbApi.RESTORE, run.namespace(), run.ownerLabels());
    if (existing.isPresent()) {
      return observe(run, existing.get(), deadline);
    }
    return startFromSource(run, deadline, options);
  }

  /** Refuses a Backup that does not say where it was written. */
  private Progress startFromSource(RestoreRun run, Deadline deadline, RestoreOptions options) {
    String backup = "Backup " + run.namespace() + "/" + run.backup().getMetadata().getName();
    Optional<BackupSource> source = source(run);
    if (source.isEmpty()) {
      return Progress.failed(
          "BackupSourceNotFound",
          backup
              + " records no destination and its "
              + PsmdbApi.BACKUP
              + " is gone, so there is nothing to restore from; take a new backup");
    }
    if (source.get().block() == null) {
      return Progress.failed(
          "IncompleteBackup",
          backup
              + " records destination "
              + source.get().destination()
              + " but not the storage it was written to; take a new backup");
    }
    return startWhenTargetIsReady(run, deadline, options, source.get());
  }

  /** The live operator backup's status (the freshest), else what the Backup recorded. */
  private Optional<BackupSource> source(RestoreRun run) {
    String name = run.driverMetadata(PsmdbApi.METADATA_PREFIX).get(PsmdbApi.BACKUP_NAME);
    Optional<BackupSource> live =
        name == null
            ? Optional.empty()
            : store
                .get(PsmdbApi.BACKUP, run.namespace(), name)
                .flatMap(b -> BackupSource.fromStatus(MongoDbBackups.tree(b).path("status")));
    if (live.isPresent()) {
      return live;
    }
    JsonNode snapshot =
        run.backup().getStatus() == null ? null : run.backup().getStatus().underlyingResources();
    return BackupSource.fromRecord(snapshot, run.driverMetadata(PsmdbApi.METADATA_PREFIX));
  }

  private Progress startWhenTargetIsReady(
      RestoreRun run, Deadline deadline, RestoreOptions options, BackupSource source) {
    String cluster = PsmdbApi.clusterName(run.target().name());
    String what = PsmdbApi.ref(PsmdbApi.CLUSTER, run.namespace(), cluster);
    JobKey job = new JobKey(run.namespace(), run.name());
    waiters.await(run.namespace(), cluster, job);
    Optional<JsonNode> target =
        store.get(PsmdbApi.CLUSTER, run.namespace(), cluster).map(MongoDbBackups::tree);
    Optional<ClusterGate.Problem> problem = ClusterGate.forRestore(target, run.target().name());
    if (problem.isPresent()) {
      if (deadline.passed()) {
        waiters.done(run.namespace(), cluster, job);
      }
      String message = problem.get().message();
      return deadline.waitOr(
          problem.get().reason(),
          what + ": " + message + "; waiting",
          problem.get().reason(),
          what + " was not ready within " + deadline.limitText() + ": " + message);
    }
    waiters.done(run.namespace(), cluster, job);
    BackupSource read =
        ClusterGate.credentialsSecret(target.get(), source.block(), source.storageName())
            .map(source::withCredentials)
            .orElse(source);
    return create(run, deadline, cluster, read, options.pitrDate());
  }

  private Progress create(
      RestoreRun run, Deadline deadline, String cluster, BackupSource source, String pitrDate) {
    GenericKubernetesResource created;
    try {
      created =
          store.create(
              PsmdbObjects.restore(
                  run.name(), run.namespace(), run.ownerLabels(), cluster, source, pitrDate));
    } catch (KubernetesClientException e) {
      if (e.getCode() != 422) {
        throw e;
      }
      return Progress.failed(
          "RestoreRejected",
          "the API server refused the PerconaServerMongoDBRestore: " + UpstreamStore.refusal(e));
    }
    return Progress.working(
            "RestoreStarted",
            "created "
                + PsmdbApi.ref(PsmdbApi.RESTORE, run.namespace(), created.getMetadata().getName())
                + " of "
                + source.destination())
        .recheckAfter(deadline.remaining());
  }

  private Progress observe(RestoreRun run, GenericKubernetesResource restore, Deadline deadline) {
    PsmdbState state = PsmdbState.of(restore);
    String what = PsmdbApi.ref(PsmdbApi.RESTORE, run.namespace(), restore.getMetadata().getName());
    return switch (state.phase()) {
      case SUCCEEDED ->
          Progress.restored(
              what
                  + " restored Backup "
                  + run.backup().getMetadata().getName()
                  + (run.inPlace() ? " in place" : " into " + run.target().name()));
      case FAILED ->
          Progress.failed("RestoreFailed", what + " failed: " + state.errorOrDescription());
      case RUNNING ->
          deadline.waitOr(
              "RestoreRunning",
              what + " is running (" + state.describe() + ")",
              "RestoreTimedOut",
              what
                  + " did not complete within "
                  + deadline.limitText()
                  + " ("
                  + state.describe()
                  + "); raise spec.options."
                  + RestoreOptions.TIMEOUT
                  + " for a larger database");
    };
  }
}
