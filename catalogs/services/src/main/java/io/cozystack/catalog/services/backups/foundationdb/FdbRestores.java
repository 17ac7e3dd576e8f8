package io.cozystack.catalog.services.backups.foundationdb;

import com.fasterxml.jackson.databind.JsonNode;
import io.cozystack.catalog.services.backups.upstream.Deadline;
import io.cozystack.catalog.services.backups.upstream.ObjectWaiters;
import io.cozystack.catalog.services.backups.upstream.RestoreTimeout;
import io.cozystack.catalog.services.backups.upstream.SpecProblem;
import io.cozystack.catalog.services.backups.upstream.UpstreamStore;
import io.cozystack.contracts.driver.Progress;
import io.cozystack.contracts.driver.RestoreRun;
import io.cozystack.contracts.driver.StrategyTemplate;
import io.cozystack.contracts.driver.WatchedKind.JobKey;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.util.Optional;

/**
 * The restore side, the same in place and to a copy: one {@code FoundationDBRestore} per RestoreJob
 * whose {@code destinationClusterName} is the target's {@code foundationdb-<target>} and whose
 * {@code blobStoreConfiguration} is where the Backup recorded the backup was written (the operator
 * restores from the URL it derives from it). The operator's restores are carried out by the
 * target's backup agents; when no FoundationDBBackup of the target runs any, the driver adds a
 * stopped one for the time of the restore. It waits for the target to exist, and observes the
 * restore until it is {@code completed}, {@code aborted}, or {@code restoreTimeoutSeconds} have
 * passed.
 */
final class FdbRestores {
  private final UpstreamStore store;
  private final ObjectWaiters clusters;

  FdbRestores(UpstreamStore store, ObjectWaiters clusters) {
    this.store = store;
    this.clusters = clusters;
  }

  Progress restore(RestoreRun run) {
    Optional<Progress> unsupported = FdbApi.APPLICATION.refuseRestoreInto(run.target());
    if (unsupported.isPresent()) {
      return unsupported.get();
    }
    Deadline deadline;
    try {
      deadline = new Deadline(RestoreTimeout.parse(run.options(), "FoundationDB"), run.elapsed());
    } catch (SpecProblem e) {
      return Progress.failed("InvalidOptions", e.getMessage());
    }
    Optional<GenericKubernetesResource> existing =
        store.owned(FdbApi.RESTORE, run.namespace(), run.ownerLabels());
    if (existing.isPresent()) {
      return observe(run, existing.get(), deadline);
    }
    try {
      return startWhenTargetIsReady(run, deadline, RestoreSource.read(run.backup()));
    } catch (RestoreSource.Unusable e) {
      return Progress.failed(e.reason, e.getMessage());
    }
  }

  private Progress startWhenTargetIsReady(RestoreRun run, Deadline deadline, RestoreSource source) {
    String name = FdbApi.clusterName(run.target().name());
    String what = FdbApi.ref(FdbApi.CLUSTER, run.namespace(), name);
    JobKey job = new JobKey(run.namespace(), run.name());
    clusters.await(run.namespace(), name, job);
    Optional<FdbCluster> target =
        store.get(FdbApi.CLUSTER, run.namespace(), name).map(FdbCluster::of);
    Optional<FdbCluster.Problem> problem = FdbCluster.forRestore(target, run.target().name());
    if (problem.isEmpty() || deadline.passed()) {
      clusters.done(run.namespace(), name, job);
    }
    if (problem.isPresent()) {
      String message = problem.get().message();
      return deadline.waitOr(
          problem.get().reason(),
          what + ": " + message + "; waiting",
          problem.get().reason(),
          what + " was not ready within " + deadline.limitText() + ": " + message);
    }
    return ensureAgents(run, target.get(), source)
        .orElseGet(() -> create(run, deadline, name, source));
  }

  /**
   * Backup agents for the target, made from the strategy rendered for this restore, unless a
   * FoundationDBBackup of the target runs some; empty when there are, else why there cannot be.
   */
  private Optional<Progress> ensureAgents(RestoreRun run, FdbCluster target, RestoreSource source) {
    boolean served =
        store.list(FdbApi.BACKUP, run.namespace()).stream()
            .anyMatch(b -> target.name().equals(FdbApi.tree(b).at("/spec/clusterName").asText()));
    if (served) {
      return Optional.empty();
    }
    FdbTemplate template;
    try {
      template = agentsTemplate(run, source);
    } catch (StrategyTemplate.TemplateException | SpecProblem e) {
      return Optional.of(
          Progress.failed(
              "InvalidStrategy",
              "FoundationDB strategy "
                  + run.strategy().getMetadata().getName()
                  + ", rendered for the restore's backup agents: "
                  + e.getMessage()));
    }
    try {
      store.create(
          FdbObjects.restoreAgents(
              run.name(), run.namespace(), run.ownerLabels(), target, template, source.store()));
    } catch (KubernetesClientException e) {
      if (e.getCode() != 422) {
        throw e;
      }
      return Optional.of(
          Progress.failed(
              "RestoreRejected",
              "the API server refused the restore's agents (a FoundationDBBackup): "
                  + UpstreamStore.refusal(e)));
    }
    return Optional.empty();
  }

  /**
   * The strategy that took the backup, rendered for the target (its Secrets, with {@code
   * .Application} the target) with the parameters the backup ran with.
   */
  private static FdbTemplate agentsTemplate(RestoreRun run, RestoreSource source)
      throws StrategyTemplate.TemplateException, SpecProblem {
    JsonNode template = FdbApi.tree(run.strategy()).at("/spec/template");
    return FdbTemplate.parse(
        StrategyTemplate.render(template, run.templateContext(source.parameters())));
  }

  private Progress create(RestoreRun run, Deadline deadline, String cluster, RestoreSource source) {
    GenericKubernetesResource created;
    try {
      created =
          store.create(
              FdbObjects.restore(
                  run.name(),
                  run.namespace(),
                  run.ownerLabels(),
                  cluster,
                  source.store(),
                  source.customParameters()));
    } catch (KubernetesClientException e) {
      if (e.getCode() != 422) {
        throw e;
      }
      return Progress.failed(
          "RestoreRejected",
          "the API server refused the FoundationDBRestore: " + UpstreamStore.refusal(e));
    }
    return Progress.working(
            "RestoreStarted", "created " + FdbApi.ref(created) + " of " + source.store().url())
        .recheckAfter(deadline.remaining());
  }

  private Progress observe(RestoreRun run, GenericKubernetesResource restore, Deadline deadline) {
    RestoreState state = RestoreState.of(restore);
    String what = FdbApi.ref(restore);
    String url = BlobStore.fromJson(FdbApi.tree(restore).at("/spec/blobStoreConfiguration")).url();
    return switch (state.phase()) {
      case SUCCEEDED, FAILED -> finished(run, what, url, state);
      case RUNNING ->
          deadline.waitOr(
              "RestoreRunning",
              what + " of " + url + ": " + state.describe() + notStarted(state),
              "RestoreTimedOut",
              what
                  + " did not complete within "
                  + deadline.limitText()
                  + " ("
                  + state.describe()
                  + ")"
                  + notStarted(state)
                  + "; raise spec.options."
                  + RestoreTimeout.TIMEOUT
                  + " for a larger database");
    };
  }

  /** The end of a restore: the agents the driver added go, the restore stays for the record. */
  private Progress finished(RestoreRun run, String what, String url, RestoreState state) {
    FdbCleanups.restoreAgents(store, run.namespace(), run.ownerLabels());
    if (state.phase() == RestoreState.Phase.FAILED) {
      return Progress.failed(
          "RestoreFailed",
          what
              + " was aborted ("
              + state.describe()
              + "); fdbrestore status on the target says why");
    }
    return Progress.restored(
        what
            + " restored Backup "
            + run.backup().getMetadata().getName()
            + " ("
            + url
            + ")"
            + (run.inPlace() ? " in place" : " into " + run.target().name()));
  }

  /** Why a restore may not have started: the one refusal the operator reports only in its log. */
  private static String notStarted(RestoreState state) {
    return state.running()
        ? ""
        : "; fdbrestore has not started, and it starts only on an empty database (an in-place"
            + " restore needs the database cleared first)";
  }
}
