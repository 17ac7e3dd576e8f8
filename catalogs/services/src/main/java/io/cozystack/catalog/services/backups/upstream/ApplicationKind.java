package io.cozystack.catalog.services.backups.upstream;

import io.cozystack.api.backups.v1alpha1.BackupsApi;
import io.cozystack.api.meta.TypedLocalObjectReference;
import io.cozystack.contracts.driver.BackupClassRoute;
import io.cozystack.contracts.driver.Progress;
import java.util.Optional;

/**
 * The {@code apps.cozystack.io} kind a driver's strategy backs up and restores (its strategy kind
 * has the same name), and the terminal failure of a job that names another application.
 */
public record ApplicationKind(String kind) {

  public boolean matches(TypedLocalObjectReference app) {
    return app != null
        && kind.equals(app.kind())
        && BackupsApi.DEFAULT_APPLICATION_API_GROUP.equals(BackupClassRoute.group(app));
  }

  /** A BackupJob of {@code app} this strategy cannot back up, as its failure. */
  public Optional<Progress> refuseBackupOf(TypedLocalObjectReference app) {
    return refuse("backs up", app);
  }

  /** A RestoreJob into {@code target} this strategy cannot restore, as its failure. */
  public Optional<Progress> refuseRestoreInto(TypedLocalObjectReference target) {
    return refuse("restores into", target);
  }

  private Optional<Progress> refuse(String action, TypedLocalObjectReference app) {
    if (matches(app)) {
      return Optional.empty();
    }
    return Optional.of(
        Progress.failed(
            "UnsupportedApplication",
            "the "
                + kind
                + " strategy "
                + action
                + " apps.cozystack.io "
                + kind
                + " applications, not "
                + (app == null ? "none" : app.kind() + " " + app.name())));
  }
}
