package io.cozystack.operator.backups;

import io.cozystack.api.backups.driver.StrategyHandoff;
import io.cozystack.api.backups.v1alpha1.BackupDriver;
import io.cozystack.api.backups.v1alpha1.BackupsApi;
import io.cozystack.api.meta.TypedLocalObjectReference;
import io.cozystack.operator.status.EventRecorder;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.time.Instant;
import java.util.Optional;

/**
 * Cozystack's single backup controller put finalizers on every Backup and RestoreJob. After the
 * split, the driver that owns the strategy kind removes them (the SDK adopts them; the platform's
 * Job driver is such a driver). When no live driver owns the kind, the deletion waits, and the
 * platform says which driver it waits for with a Warning event.
 */
final class LegacyFinalizers {
  private LegacyFinalizers() {}

  static boolean held(HasMetadata object) {
    return object.getMetadata().getDeletionTimestamp() != null
        && object.getMetadata().getFinalizers() != null
        && object.getMetadata().getFinalizers().stream()
            .anyMatch(BackupsApi.LEGACY_CLEANUP_FINALIZERS::contains);
  }

  /** Explains the wait, unless a live driver owns the kind and will release the object. */
  static void handle(
      KubernetesClient client,
      EventRecorder events,
      HasMetadata object,
      TypedLocalObjectReference strategy,
      Instant now) {
    if (!held(object)) {
      return;
    }
    String kind = strategy == null ? null : strategy.apiGroup() + "/" + strategy.kind();
    if (kind != null && liveOwner(client, kind, now).isPresent()) {
      return;
    }
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
            + (kind == null ? "unknown" : kind)
            + " to clean up and remove "
            + BackupsApi.LEGACY_CLEANUP_FINALIZERS
            + "; install or start it ("
            + catalog
            + "), or remove those finalizers by hand to leave its data as it is");
  }

  /** The live driver that owns {@code kind}, read from the registry (a rare path: no cache). */
  private static Optional<String> liveOwner(KubernetesClient client, String kind, Instant now) {
    var registrations = client.resources(BackupDriver.class).list().getItems();
    var heartbeats =
        DriverRegistryView.heartbeats(
            client.leases().inNamespace(BackupDriver.LEASE_NAMESPACE).list().getItems().stream());
    return Optional.ofNullable(
        DriverClaims.resolve(registrations, heartbeats, now).owners().get(kind));
  }
}
