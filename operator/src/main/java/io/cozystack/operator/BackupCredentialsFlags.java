package io.cozystack.operator;

import io.cozystack.operator.backups.credentials.CredentialsSettings;
import java.util.List;
import picocli.CommandLine.Option;

/** The flags of the backup credentials projection. */
final class BackupCredentialsFlags {
  @Option(
      names = "--backup-storage-secret-namespace",
      defaultValue = "${env:BACKUP_STORAGE_SECRET_NAMESPACE:-}",
      description =
          "Namespace of the backup bucket's credentials Secret; with the next two flags, turns on"
              + " their projection into namespaces that run backups. Env:"
              + " BACKUP_STORAGE_SECRET_NAMESPACE.")
  String secretNamespace;

  @Option(
      names = "--backup-storage-secret-name",
      defaultValue = "${env:BACKUP_STORAGE_SECRET_NAME:-}",
      description = "Name of that Secret. Env: BACKUP_STORAGE_SECRET_NAME.")
  String secretName;

  @Option(
      names = "--backup-storage-creds-secret-name",
      defaultValue = "${env:BACKUP_STORAGE_CREDS_SECRET_NAME:-}",
      description =
          "Name of the projected Secret, e.g. cozy-backups-creds. Env:"
              + " BACKUP_STORAGE_CREDS_SECRET_NAME.")
  String credsSecretName;

  @Option(
      names = "--backup-storage-endpoint",
      defaultValue = "${env:BACKUP_STORAGE_ENDPOINT:-}",
      description = "S3 endpoint when the Secret names none. Env: BACKUP_STORAGE_ENDPOINT.")
  String endpoint;

  @Option(
      names = "--backup-storage-region",
      defaultValue = "${env:BACKUP_STORAGE_REGION:-}",
      description = "S3 region when the Secret names none. Env: BACKUP_STORAGE_REGION.")
  String region;

  @Option(
      names = "--backup-storage-force-path-style",
      defaultValue = "${env:BACKUP_STORAGE_FORCE_PATH_STYLE:-false}",
      arity = "1",
      description =
          "Path-style S3 addressing, written into the projected Secret. Env:"
              + " BACKUP_STORAGE_FORCE_PATH_STYLE. Default: ${DEFAULT-VALUE}.")
  boolean forcePathStyle;

  @Option(
      names = "--backup-storage-system-namespaces",
      defaultValue = "${env:BACKUP_STORAGE_SYSTEM_NAMESPACES:-}",
      split = ",",
      description =
          "Namespaces that always get the projected Secret, comma-separated (e.g. cozy-velero)."
              + " Env: BACKUP_STORAGE_SYSTEM_NAMESPACES.")
  List<String> systemNamespaces;

  /**
   * The projection these flags ask for: all three names, or none of them.
   *
   * @throws IllegalArgumentException naming what is missing when only some are set
   */
  CredentialsSettings settings() {
    CredentialsSettings settings =
        new CredentialsSettings(
            secretNamespace,
            secretName,
            credsSecretName,
            endpoint,
            region,
            forcePathStyle,
            systemNamespaces == null
                ? List.of()
                : systemNamespaces.stream().filter(n -> !n.isBlank()).toList());
    if (!settings.missing().isEmpty()) {
      throw new IllegalArgumentException(
          "backup credentials projection is half configured: also set "
              + String.join(" and ", settings.missing())
              + ", or unset the others");
    }
    return settings;
  }
}
