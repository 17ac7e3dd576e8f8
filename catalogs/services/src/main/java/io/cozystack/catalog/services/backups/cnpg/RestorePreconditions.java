package io.cozystack.catalog.services.backups.cnpg;

import io.cozystack.contracts.driver.Progress;
import io.cozystack.contracts.driver.RestoreRun;
import java.util.Optional;

/** What must hold before a CNPG restore starts; each refusal names what is wrong. */
final class RestorePreconditions {
  private RestorePreconditions() {}

  static Optional<Progress> check(RestoreRun run) {
    if (!"Postgres".equals(run.target().kind())) {
      return Optional.of(
          Progress.failed(
              "UnsupportedApplication",
              "the CNPG strategy restores into Postgres only, not " + run.target().kind()));
    }
    if (run.targetApplication().isEmpty()) {
      return Optional.of(
          Progress.failed(
              "TargetNotFound",
              "target Postgres "
                  + run.namespace()
                  + "/"
                  + run.target().name()
                  + " not found; create it before restoring into it"));
    }
    for (String key : new String[] {"cnpg.io/server-name", "cnpg.io/destination-path"}) {
      if (run.driverMetadata("").get(key) == null) {
        return Optional.of(
            Progress.failed(
                "IncompleteBackup",
                "Backup "
                    + run.backup().getMetadata().getName()
                    + " lacks driverMetadata "
                    + key
                    + "; it was not recorded by the CNPG driver"));
      }
    }
    return Optional.empty();
  }
}
