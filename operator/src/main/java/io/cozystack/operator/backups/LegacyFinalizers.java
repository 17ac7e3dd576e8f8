package io.cozystack.operator.backups;

import io.cozystack.api.backups.driver.StrategyHandoff;
import io.cozystack.api.backups.v1alpha1.BackupsApi;
import io.cozystack.api.meta.TypedLocalObjectReference;
import io.cozystack.operator.status.EventRecorder;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.util.ArrayList;
import java.util.List;

/**
 * Cozystack's single backup controller put finalizers on every Backup and RestoreJob. After the
 * split, the driver that owns the strategy kind removes them (the SDK adopts them). For the
 * platform's own Job kind, which keeps no side-state, the platform removes them itself; for any
 * other kind it only says, by a Warning event, which driver the deletion waits for.
 */
final class LegacyFinalizers {
  static final String PLATFORM_KIND = "Job";

  private LegacyFinalizers() {}

  static boolean held(HasMetadata object) {
    return object.getMetadata().getDeletionTimestamp() != null
        && object.getMetadata().getFinalizers() != null
        && object.getMetadata().getFinalizers().stream()
            .anyMatch(BackupsApi.LEGACY_CLEANUP_FINALIZERS::contains);
  }

  /** Releases the platform's kinds; explains the wait for the others. */
  static void handle(
      KubernetesClient client,
      EventRecorder events,
      HasMetadata object,
      TypedLocalObjectReference strategy) {
    if (!held(object)) {
      return;
    }
    if (strategy != null
        && StrategyHandoff.STRATEGY_GROUP.equals(strategy.apiGroup())
        && PLATFORM_KIND.equals(strategy.kind())) {
      release(client, object);
      return;
    }
    String kind = strategy == null ? "unknown" : strategy.apiGroup() + "/" + strategy.kind();
    String catalog =
        strategy == null
            ? "the catalog that ships it"
            : StrategyHandoff.of(strategy.apiGroup(), strategy.kind())
                .map(h -> "catalog " + h.catalog() + " " + h.catalogVersion() + " or later")
                .orElse("the catalog that ships it");
    events.warning(
        object,
        "CleanupAwaitsDriver",
        "deletion waits for the driver of strategy kind "
            + kind
            + " to clean up and remove "
            + BackupsApi.LEGACY_CLEANUP_FINALIZERS
            + "; install or start it ("
            + catalog
            + "), or remove those finalizers by hand to leave its data as it is");
  }

  private static void release(KubernetesClient client, HasMetadata object) {
    try {
      client
          .resource(object)
          .edit(
              o -> {
                List<String> kept = new ArrayList<>(o.getMetadata().getFinalizers());
                kept.removeAll(BackupsApi.LEGACY_CLEANUP_FINALIZERS);
                o.getMetadata().setFinalizers(kept);
                return o;
              });
    } catch (KubernetesClientException e) {
      if (e.getCode() != 404) {
        throw e;
      }
    }
  }
}
