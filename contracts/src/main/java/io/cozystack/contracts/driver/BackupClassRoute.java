package io.cozystack.contracts.driver;

import io.cozystack.api.backups.v1alpha1.BackupClass;
import io.cozystack.api.backups.v1alpha1.BackupClassSpec.BackupClassStrategy;
import io.cozystack.api.backups.v1alpha1.BackupsApi;
import io.cozystack.api.meta.TypedLocalObjectReference;
import java.util.Optional;

/**
 * Cozystack's BackupClass rule, shared by the platform's dispatcher and every driver: the first
 * strategy whose application API group (default {@code apps.cozystack.io}) and kind equal the
 * application's wins.
 */
public final class BackupClassRoute {
  private BackupClassRoute() {}

  /** The strategy a BackupClass binds to the application, if any. */
  public static Optional<BackupClassStrategy> of(
      BackupClass backupClass, TypedLocalObjectReference application) {
    return of(backupClass, group(application), application.kind());
  }

  /** The strategy a BackupClass binds to application kind {@code group}/{@code kind}, if any. */
  public static Optional<BackupClassStrategy> of(
      BackupClass backupClass, String group, String kind) {
    if (backupClass.getSpec() == null || backupClass.getSpec().strategies() == null) {
      return Optional.empty();
    }
    return backupClass.getSpec().strategies().stream()
        .filter(
            s ->
                kind.equals(s.application().kind())
                    && group.equals(
                        s.application().apiGroup() == null || s.application().apiGroup().isEmpty()
                            ? BackupsApi.DEFAULT_APPLICATION_API_GROUP
                            : s.application().apiGroup()))
        .findFirst();
  }

  /** The application's API group, {@code apps.cozystack.io} when it names none. */
  public static String group(TypedLocalObjectReference application) {
    return application.apiGroup() == null || application.apiGroup().isEmpty()
        ? BackupsApi.DEFAULT_APPLICATION_API_GROUP
        : application.apiGroup();
  }
}
