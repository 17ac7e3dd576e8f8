package io.cozystack.catalog.services.backups.mariadb;

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
import java.time.Duration;
import java.util.Optional;

/**
 * The backup side: one mariadb-operator {@code Backup} per BackupJob, created from the rendered
 * strategy template once the operator's MariaDB {@code mariadb-<app>} exists, then observed through
 * its {@code Complete} condition until it completes, fails, or 30 minutes have passed.
 */
final class MariaDbBackups {
  /** How long a backup may take in all, counted from when the driver took the job. */
  static final Duration DEADLINE = Duration.ofMinutes(30);

  private final UpstreamStore store;
  private final ObjectWaiters waiters;

  MariaDbBackups(UpstreamStore store, ObjectWaiters waiters) {
    this.store = store;
    this.waiters = waiters;
  }

  Progress backup(BackupRun run) {
    TypedLocalObjectReference app = run.job().getSpec().applicationRef();
    Optional<Progress> unsupported = MariaDbApi.APPLICATION.refuseBackupOf(app);
    if (unsupported.isPresent()) {
      return unsupported.get();
    }
    Optional<GenericKubernetesResource> existing =
        store.owned(MariaDbApi.BACKUP, run.namespace(), run.ownerLabels());
    if (existing.isPresent()) {
      return observe(run, existing.get());
    }
    return start(run, app.name());
  }

  private Progress start(BackupRun run, String app) {
    BackupTemplate template;
    try {
      template = BackupTemplate.parse(run.renderTemplate());
    } catch (StrategyTemplate.TemplateException | SpecProblem e) {
      return Progress.failed("InvalidStrategy", e.getMessage());
    }
    String instance = MariaDbApi.instanceName(app);
    JobKey job = new JobKey(run.namespace(), run.name());
    waiters.await(run.namespace(), instance, job);
    if (store.get(MariaDbApi.MARIADB, run.namespace(), instance).isEmpty()) {
      String what = MariaDbApi.ref(MariaDbApi.MARIADB, run.namespace(), instance);
      if (deadline(run).passed()) {
        waiters.done(run.namespace(), instance, job);
      }
      return deadline(run)
          .waitOr(
              "MariaDBNotReady",
              what + " not found; waiting for it",
              "MariaDBNotReady",
              what + " did not appear within " + deadline(run).limitText());
    }
    waiters.done(run.namespace(), instance, job);
    return create(run, instance, template);
  }

  private Progress create(BackupRun run, String instance, BackupTemplate template) {
    GenericKubernetesResource desired =
        UpstreamObjects.backup(run.name(), run.namespace(), run.ownerLabels(), instance, template);
    GenericKubernetesResource created;
    try {
      created = store.create(desired);
    } catch (KubernetesClientException e) {
      if (e.getCode() != 422) {
        throw e;
      }
      return Progress.failed(
          "BackupRejected",
          "the API server refused the mariadb-operator Backup: " + UpstreamStore.refusal(e));
    }
    return Progress.working(
            "BackupStarted",
            "created "
                + MariaDbApi.ref(
                    MariaDbApi.BACKUP, run.namespace(), created.getMetadata().getName()))
        .recheckAfter(deadline(run).remaining());
  }

  private Progress observe(BackupRun run, GenericKubernetesResource backup) {
    CompleteCondition complete = CompleteCondition.of(backup);
    String what =
        MariaDbApi.ref(MariaDbApi.BACKUP, run.namespace(), backup.getMetadata().getName());
    return switch (complete.state()) {
      case SUCCEEDED -> BackupRecord.of(backup, run.parameters());
      case FAILED ->
          Progress.failed("BackupFailed", what + " failed: " + complete.messageOrDescription());
      case RUNNING ->
          deadline(run)
              .waitOr(
                  "BackupRunning",
                  what + " is running (" + complete.describe() + ")",
                  "BackupTimedOut",
                  what
                      + " did not complete within "
                      + deadline(run).limitText()
                      + " ("
                      + complete.describe()
                      + ")");
    };
  }

  private static Deadline deadline(BackupRun run) {
    return new Deadline(DEADLINE, run.elapsed());
  }
}
