package io.cozystack.api.backups.v1alpha1;

/** Constants of the backup API shared by the platform and by backup drivers. */
public final class BackupsApi {
  /** API group of the backup resources. */
  public static final String GROUP = "backups.cozystack.io";

  /** API group assumed for an application reference that names none. */
  public static final String DEFAULT_APPLICATION_API_GROUP = "apps.cozystack.io";

  /** Label naming the BackupJob that owns a driver's object (across namespaces). */
  public static final String OWNED_BY_BACKUP_JOB_NAME =
      "backups.cozystack.io/owned-by.BackupJobName";

  /** Label naming the namespace of the BackupJob that owns a driver's object. */
  public static final String OWNED_BY_BACKUP_JOB_NAMESPACE =
      "backups.cozystack.io/owned-by.BackupJobNamespace";

  private BackupsApi() {}
}
