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

  /**
   * The finalizers Cozystack's single backup controller put on every Backup (and RestoreJob). After
   * the split, the driver that owns the Backup's strategy kind removes them from its Backups.
   */
  public static final java.util.List<String> LEGACY_CLEANUP_FINALIZERS =
      java.util.List.of("backups.cozystack.io/cleanup", "backups.cozystack.io/cleanup-velero");

  private BackupsApi() {}
}
