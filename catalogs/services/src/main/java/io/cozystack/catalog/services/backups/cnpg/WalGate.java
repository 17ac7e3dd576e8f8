package io.cozystack.catalog.services.backups.cnpg;

import com.fasterxml.jackson.databind.JsonNode;
import io.cozystack.contracts.driver.Progress;
import io.cozystack.contracts.driver.RestoreRun;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.time.Duration;
import java.util.Optional;

/**
 * Before the target is purged, the source backup's WAL must be archived (its CNPG Backup {@code
 * completed} with an {@code endWal}), or the recovery could not reach a consistent point. A CNPG
 * Backup that is gone was reaped after it completed: nothing to wait for.
 */
final class WalGate {
  private WalGate() {}

  static Optional<Progress> check(RestoreRun run, RestoreOptions options) {
    String name = run.driverMetadata("").get("cnpg.io/backup-name");
    if (name == null) {
      return Optional.empty();
    }
    GenericKubernetesResource source =
        run.client()
            .genericKubernetesResources(CnpgKinds.BACKUP)
            .inNamespace(run.backup().getMetadata().getNamespace())
            .withName(name)
            .get();
    if (source == null) {
      return Optional.empty();
    }
    JsonNode status = Serialization.jsonMapper().valueToTree(source).path("status");
    if ("completed".equals(status.path("phase").asText())
        && !status.path("endWal").asText("").isEmpty()) {
      return Optional.empty();
    }
    Duration left = options.walArchiveTimeout().minus(run.elapsed());
    if (left.isNegative() || left.isZero()) {
      return Optional.of(
          Progress.failed(
              "WALArchiveTimeout",
              "the WAL archive of cnpg.io Backup "
                  + name
                  + " did not reach its endWal within "
                  + options.walArchiveTimeout().toSeconds()
                  + "s (spec.options.walArchiveTimeoutSeconds)"));
    }
    return Optional.of(
        Progress.working(
                "WaitingForArchive",
                "waiting for cnpg.io Backup " + name + " to be completed with its endWal archived")
            .recheckAfter(left));
  }
}
