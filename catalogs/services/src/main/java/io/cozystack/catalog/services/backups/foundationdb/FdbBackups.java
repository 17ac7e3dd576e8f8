package io.cozystack.catalog.services.backups.foundationdb;

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
import java.util.Comparator;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The backup side: one continuous {@code FoundationDBBackup} per BackupJob, created from the
 * rendered strategy template once the application's FoundationDBCluster {@code foundationdb-<app>}
 * exists with its database available and every other backup of that cluster is retired ({@link
 * ClusterBackups}); then observed until the operator reports it running into its own directory,
 * when it is recorded, or 45 minutes have passed, when it is stopped and the job fails.
 */
final class FdbBackups {
  /** How long a backup may take in all, counted from when the driver took the job (Cozystack's). */
  static final Duration DEADLINE = Duration.ofMinutes(45);

  private final UpstreamStore store;
  private final ObjectWaiters clusters;
  private final ObjectWaiters backups;

  /** Waits on clusters and on the other backups of a cluster, both woken by their changes. */
  FdbBackups(UpstreamStore store, ObjectWaiters clusters, ObjectWaiters backups) {
    this.store = store;
    this.clusters = clusters;
    this.backups = backups;
  }

  Progress backup(BackupRun run) {
    TypedLocalObjectReference app = run.job().getSpec().applicationRef();
    Optional<Progress> unsupported = FdbApi.APPLICATION.refuseBackupOf(app);
    if (unsupported.isPresent()) {
      return unsupported.get();
    }
    Optional<GenericKubernetesResource> existing =
        store.list(FdbApi.BACKUP, run.namespace()).stream()
            .filter(b -> FdbApi.backupOf(b, run.ownerLabels()))
            .min(Comparator.comparing(ClusterBackups::created));
    if (existing.isPresent()) {
      return observe(run, existing.get());
    }
    FdbTemplate template;
    try {
      template = FdbTemplate.parse(run.renderTemplate());
    } catch (StrategyTemplate.TemplateException | SpecProblem e) {
      return Progress.failed(
          "InvalidStrategy",
          "FoundationDB strategy "
              + run.strategy().getMetadata().getName()
              + ": "
              + e.getMessage());
    }
    return startWhenClusterIsReady(run, app.name(), template);
  }

  /** Waits (woken by the cluster's changes) until the cluster can back up. */
  private Progress startWhenClusterIsReady(BackupRun run, String app, FdbTemplate template) {
    String name = FdbApi.clusterName(app);
    JobKey job = new JobKey(run.namespace(), run.name());
    clusters.await(run.namespace(), name, job);
    Optional<FdbCluster> cluster =
        store.get(FdbApi.CLUSTER, run.namespace(), name).map(FdbCluster::of);
    Optional<FdbCluster.Problem> problem = FdbCluster.forBackup(cluster, app);
    if (problem.isEmpty() || deadline(run).passed()) {
      clusters.done(run.namespace(), name, job);
    }
    if (problem.isPresent()) {
      return waiting(
          run,
          problem.get().reason(),
          FdbApi.ref(FdbApi.CLUSTER, run.namespace(), name) + ": " + problem.get().message());
    }
    return retireOthers(run, cluster.get(), app)
        .orElseGet(() -> create(run, cluster.get(), template));
  }

  /**
   * One step of retiring the cluster's other backups: empty once none is left, else what the job
   * waits for or why it fails.
   */
  private Optional<Progress> retireOthers(BackupRun run, FdbCluster cluster, String app) {
    ClusterBackups.Step step = nextStep(run, cluster);
    Set<String> deleted = new HashSet<>();
    // A deletion usually takes effect at once (the operator puts no finalizer on its backups): go
    // on with the next one; one that stays is waited for.
    while (step instanceof ClusterBackups.Step.Delete d
        && deleted.add(d.other().getMetadata().getName())) {
      store.delete(FdbApi.BACKUP, run.namespace(), d.other().getMetadata().getName());
      step = nextStep(run, cluster);
    }
    if (step instanceof ClusterBackups.Step.Delete d) {
      return Optional.of(awaitOther(run, d.other(), "deleted"));
    }
    if (step instanceof ClusterBackups.Step.Conflict c) {
      return Optional.of(conflict(c.other(), cluster, app));
    }
    if (step instanceof ClusterBackups.Step.Superseded s) {
      return Optional.of(superseded(s.other(), cluster));
    }
    if (step instanceof ClusterBackups.Step.Stop s) {
      stop(run, s.other());
      return Optional.of(awaitOther(run, s.other(), "asked the operator to stop"));
    }
    if (step instanceof ClusterBackups.Step.AwaitStopped s) {
      return Optional.of(awaitOther(run, s.other(), "waiting for the operator to stop"));
    }
    return Optional.empty();
  }

  private static Progress conflict(
      GenericKubernetesResource other, FdbCluster cluster, String app) {
    return Progress.failed(
        "ConflictingFoundationDBBackup",
        FdbApi.ref(other)
            + " also backs up "
            + cluster.name()
            + " but no BackupJob made it (the FoundationDB chart renders one with backup.enabled);"
            + " the operator runs one backup per cluster, so set backup.enabled to false on"
            + " FoundationDB application "
            + app
            + " and run the BackupJob again");
  }

  private static Progress superseded(GenericKubernetesResource other, FdbCluster cluster) {
    return Progress.failed(
        "BackupSuperseded",
        FdbApi.ref(other)
            + " of another BackupJob, created after this one started, backs up "
            + cluster.name()
            + "; the operator runs one backup per cluster, so this job yields to it");
  }

  private ClusterBackups.Step nextStep(BackupRun run, FdbCluster cluster) {
    return ClusterBackups.next(
        store.list(FdbApi.BACKUP, run.namespace()),
        cluster.name(),
        run.ownerLabels(),
        run.startedAt());
  }

  /** Waits, woken by {@code other}'s changes, for the operator to report it stopped. */
  private Progress awaitOther(BackupRun run, GenericKubernetesResource other, String doing) {
    JobKey job = new JobKey(run.namespace(), run.name());
    String name = other.getMetadata().getName();
    backups.await(run.namespace(), name, job);
    if (deadline(run).passed()) {
      backups.done(run.namespace(), name, job);
    }
    return waiting(
        run,
        "RetiringPreviousBackup",
        doing
            + " "
            + FdbApi.ref(other)
            + " ("
            + BackupState.of(other).describe()
            + "), which goes before this backup starts: the operator runs one backup per cluster");
  }

  private Progress create(BackupRun run, FdbCluster cluster, FdbTemplate template) {
    GenericKubernetesResource created;
    try {
      created =
          store.create(
              FdbObjects.backup(run.name(), run.namespace(), run.ownerLabels(), cluster, template));
    } catch (KubernetesClientException e) {
      if (e.getCode() != 422) {
        throw e;
      }
      return Progress.failed(
          "BackupRejected",
          "the API server refused the FoundationDBBackup: " + UpstreamStore.refusal(e));
    }
    return Progress.working("BackupStarted", "created " + FdbApi.ref(created))
        .recheckAfter(deadline(run).remaining());
  }

  private Progress observe(BackupRun run, GenericKubernetesResource backup) {
    BackupState state = BackupState.of(backup);
    String what = FdbApi.ref(backup);
    if (state.ready()) {
      return BackupRecord.of(backup, run.parameters());
    }
    if (state.stopRequested()) {
      return Progress.failed(
          "BackupStopped",
          what
              + " was stopped (spec.backupState: Stopped) before the operator reported it running;"
              + " a newer backup of the cluster replaced it, or it was stopped by hand");
    }
    String detail = state.describe() + secretsHint(backup);
    if (deadline(run).passed()) {
      // Stopped, so that its agents do not keep retrying a store they cannot reach.
      stop(run, backup);
      return Progress.failed(
          "BackupTimedOut",
          what
              + " was not running within "
              + deadline(run).limitText()
              + " ("
              + detail
              + "); it is stopped");
    }
    return Progress.working("BackupRunning", what + ": " + detail)
        .recheckAfter(deadline(run).remaining());
  }

  private void stop(BackupRun run, GenericKubernetesResource backup) {
    store.mergePatch(
        FdbApi.BACKUP,
        run.namespace(),
        backup.getMetadata().getName(),
        Map.of("spec", Map.of("backupState", FdbApi.STOPPED)));
  }

  /** The Secrets the agents need, named while they do not run: a missing one keeps them down. */
  private static String secretsHint(GenericKubernetesResource backup) {
    Set<String> secrets = FdbTemplate.secrets(FdbApi.tree(backup).at("/spec/podTemplateSpec"));
    return secrets.isEmpty() ? "" : "; the agents need Secrets " + secrets + " to exist";
  }

  private Progress waiting(BackupRun run, String reason, String message) {
    return deadline(run)
        .waitOr(
            reason,
            message + "; waiting",
            reason,
            message + "; still so after " + deadline(run).limitText());
  }

  private static Deadline deadline(BackupRun run) {
    return new Deadline(DEADLINE, run.elapsed());
  }
}
