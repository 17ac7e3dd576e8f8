package io.cozystack.catalog.services.backups.cnpg;

import io.cozystack.contracts.driver.Progress;
import io.cozystack.contracts.driver.RestoreRun;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;

/**
 * The restore side of the CNPG driver, as in Cozystack: the target's Cluster is re-created by its
 * chart in recovery mode. Steps, each derived from what exists (so a restart resumes): wait for the
 * source backup's WAL to be archived; suspend the target's HelmRelease; write the recovery settings
 * into the target Postgres application (marked with this RestoreJob); delete the Cluster and its
 * PVCs; resume the HelmRelease; wait for the recovered Cluster to report healthy. A failure or the
 * deadline resumes the HelmRelease first.
 */
final class CnpgRestores {
  static final String HEALTHY = "Cluster in healthy state";

  private CnpgRestores() {}

  static Progress restore(RestoreRun run) {
    Optional<Progress> refused = RestorePreconditions.check(run);
    if (refused.isPresent()) {
      return refused.get();
    }
    RestoreOptions options;
    try {
      options = RestoreOptions.parse(run.options());
    } catch (IllegalArgumentException e) {
      return Progress.failed("InvalidOptions", e.getMessage());
    }
    KubernetesClient client = run.client();
    String cluster = CnpgKinds.clusterOf(run.target().name());
    TargetRelease release = new TargetRelease(client, run.namespace(), cluster);
    Duration left = options.restoreTimeout().minus(run.elapsed());
    if (left.isNegative() || left.isZero()) {
      release.resume();
      return Progress.failed(
          "RestoreFailed",
          "restore into cnpg.io Cluster "
              + cluster
              + " did not finish within "
              + options.restoreTimeout().toSeconds()
              + "s (spec.options.restoreTimeoutSeconds)");
    }
    GenericKubernetesResource live =
        client
            .genericKubernetesResources(CnpgKinds.CLUSTER)
            .inNamespace(run.namespace())
            .withName(cluster)
            .get();
    if (live != null && recoveredSince(live, run.startedAt())) {
      release.resume();
      return healthy(live)
          ? Progress.restored(
              "cnpg.io Cluster "
                  + cluster
                  + " recovered from Backup "
                  + run.backup().getMetadata().getName())
          : recovering(live, run).recheckAfter(left);
    }
    if (!RecoverySettings.markedFor(run.targetApplication().get(), run.job())) {
      Optional<Progress> archive = WalGate.check(run, options);
      if (archive.isPresent()) {
        return archive.get();
      }
      release.suspend();
      RecoverySettings.write(run, options);
    }
    if (live != null) {
      purge(client, live);
      return Progress.working(
              "ClusterPurging",
              "deleting cnpg.io Cluster "
                  + cluster
                  + " and its PVCs to re-create it from the backup")
          .recheckAfter(left);
    }
    release.resume();
    return Progress.working(
            "ClusterPurged",
            "cnpg.io Cluster "
                + cluster
                + " deleted; waiting for its chart to re-create it in recovery mode")
        .recheckAfter(left);
  }

  /** A Cluster the chart re-created in recovery mode after this restore began. */
  static boolean recoveredSince(GenericKubernetesResource cluster, Instant startedAt) {
    Object spec = cluster.getAdditionalProperties().get("spec");
    boolean recovery =
        spec instanceof Map<?, ?> s
            && s.get("bootstrap") instanceof Map<?, ?> b
            && b.get("recovery") != null;
    return recovery
        && cluster.getMetadata().getDeletionTimestamp() == null
        && !Instant.parse(cluster.getMetadata().getCreationTimestamp()).isBefore(startedAt);
  }

  private static String phase(GenericKubernetesResource cluster) {
    Object status = cluster.getAdditionalProperties().get("status");
    return status instanceof Map<?, ?> s && s.get("phase") != null ? s.get("phase").toString() : "";
  }

  static boolean healthy(GenericKubernetesResource cluster) {
    return HEALTHY.equals(phase(cluster));
  }

  private static Progress.Working recovering(GenericKubernetesResource cluster, RestoreRun run) {
    String phase = phase(cluster);
    return Progress.working(
        "RecoveryRunning",
        "cnpg.io Cluster "
            + cluster.getMetadata().getName()
            + " is recovering from Backup "
            + run.backup().getMetadata().getName()
            + (phase.isEmpty() ? "" : " (" + phase + ")"));
  }

  private static void purge(KubernetesClient client, GenericKubernetesResource cluster) {
    String ns = cluster.getMetadata().getNamespace();
    client
        .genericKubernetesResources(CnpgKinds.CLUSTER)
        .inNamespace(ns)
        .withName(cluster.getMetadata().getName())
        .delete();
    client
        .persistentVolumeClaims()
        .inNamespace(ns)
        .withLabel(CnpgKinds.CLUSTER_LABEL, cluster.getMetadata().getName())
        .delete();
  }
}
