package io.cozystack.catalog.services.backups.mariadb;

import io.cozystack.catalog.services.backups.upstream.Deadline;
import io.cozystack.catalog.services.backups.upstream.ObjectWaiters;
import io.cozystack.catalog.services.backups.upstream.RestoreTimeout;
import io.cozystack.catalog.services.backups.upstream.SpecProblem;
import io.cozystack.catalog.services.backups.upstream.UpstreamStore;
import io.cozystack.contracts.driver.Progress;
import io.cozystack.contracts.driver.RestoreRun;
import io.cozystack.contracts.driver.WatchedKind.JobKey;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.util.Map;
import java.util.Optional;

/**
 * The restore side: one mariadb-operator {@code Restore} per RestoreJob, from the operator Backup
 * the cozystack Backup names ({@code k8s.mariadb.com/backup-name}) into the target's MariaDB {@code
 * mariadb-<target>}, observed through its {@code Complete} condition until it completes, fails, or
 * {@code restoreTimeoutSeconds} have passed. Nothing is purged before or after.
 */
final class MariaDbRestores {
  private final UpstreamStore store;
  private final ObjectWaiters waiters;

  MariaDbRestores(UpstreamStore store, ObjectWaiters waiters) {
    this.store = store;
    this.waiters = waiters;
  }

  Progress restore(RestoreRun run) {
    Optional<Progress> unsupported = MariaDbApi.APPLICATION.refuseRestoreInto(run.target());
    if (unsupported.isPresent()) {
      return unsupported.get();
    }
    Deadline deadline;
    try {
      deadline = new Deadline(RestoreTimeout.parse(run.options(), "MariaDB"), run.elapsed());
    } catch (SpecProblem e) {
      return Progress.failed("InvalidOptions", e.getMessage());
    }
    Optional<GenericKubernetesResource> existing =
        store.owned(MariaDbApi.RESTORE, run.namespace(), run.ownerLabels());
    if (existing.isPresent()) {
      return observe(run, existing.get(), deadline);
    }
    return start(run, deadline);
  }

  private Progress start(RestoreRun run, Deadline deadline) {
    Map<String, String> metadata = run.driverMetadata(MariaDbApi.METADATA_PREFIX);
    String operatorBackup = metadata.get(MariaDbApi.BACKUP_NAME);
    String backup = "Backup " + run.namespace() + "/" + run.backup().getMetadata().getName();
    if (operatorBackup == null || operatorBackup.isBlank()) {
      return Progress.failed(
          "MissingDriverMetadata",
          backup
              + " has no driverMetadata "
              + MariaDbApi.METADATA_PREFIX
              + MariaDbApi.BACKUP_NAME
              + "; it was not taken by the MariaDB driver");
    }
    String backupNamespace = metadata.getOrDefault(MariaDbApi.BACKUP_NAMESPACE, run.namespace());
    if (!backupNamespace.equals(run.namespace())) {
      return Progress.failed(
          "CrossNamespaceBackup",
          backup + " names an operator Backup in namespace " + backupNamespace);
    }
    if (store.get(MariaDbApi.BACKUP, run.namespace(), operatorBackup).isEmpty()) {
      return Progress.failed(
          "BackupArtifactNotFound",
          MariaDbApi.ref(MariaDbApi.BACKUP, run.namespace(), operatorBackup)
              + " not found; the operator-side artifact has been reaped");
    }
    return startWhenTargetExists(run, deadline, operatorBackup);
  }

  private Progress startWhenTargetExists(RestoreRun run, Deadline deadline, String backup) {
    String instance = MariaDbApi.instanceName(run.target().name());
    JobKey job = new JobKey(run.namespace(), run.name());
    waiters.await(run.namespace(), instance, job);
    if (store.get(MariaDbApi.MARIADB, run.namespace(), instance).isEmpty()) {
      String what = MariaDbApi.ref(MariaDbApi.MARIADB, run.namespace(), instance);
      if (deadline.passed()) {
        waiters.done(run.namespace(), instance, job);
      }
      return deadline.waitOr(
          "TargetMariaDBNotReady",
          what + " not found; waiting for the target to be created",
          "TargetMariaDBNotReady",
          what + " did not appear within " + deadline.limitText());
    }
    waiters.done(run.namespace(), instance, job);
    GenericKubernetesResource created;
    try {
      created =
          store.create(
              UpstreamObjects.restore(
                  run.name(), run.namespace(), run.ownerLabels(), instance, backup));
    } catch (KubernetesClientException e) {
      if (e.getCode() != 422) {
        throw e;
      }
      return Progress.failed(
          "RestoreRejected",
          "the API server refused the mariadb-operator Restore: " + UpstreamStore.refusal(e));
    }
    return Progress.working(
            "RestoreStarted",
            "created "
                + MariaDbApi.ref(
                    MariaDbApi.RESTORE, run.namespace(), created.getMetadata().getName()))
        .recheckAfter(deadline.remaining());
  }

  private Progress observe(RestoreRun run, GenericKubernetesResource restore, Deadline deadline) {
    CompleteCondition complete = CompleteCondition.of(restore);
    String what =
        MariaDbApi.ref(MariaDbApi.RESTORE, run.namespace(), restore.getMetadata().getName());
    return switch (complete.state()) {
      case SUCCEEDED -> Progress.restored(what + " completed");
      case FAILED ->
          Progress.failed("RestoreFailed", what + " failed: " + complete.messageOrDescription());
      case RUNNING ->
          deadline.waitOr(
              "RestoreRunning",
              what + " is running (" + complete.describe() + ")",
              "RestoreTimedOut",
              what
                  + " did not complete within "
                  + deadline.limitText()
                  + " ("
                  + complete.describe()
                  + ")");
    };
  }
}
