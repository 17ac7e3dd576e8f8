package io.cozystack.catalog.services.backups.mariadb;

import io.cozystack.catalog.services.backups.upstream.ApplicationKind;

/** Names of mariadb-operator's API and of the metadata this driver records. */
final class MariaDbApi {
  /** mariadb-operator's API version (k8s.mariadb.com). */
  static final String API_VERSION = "k8s.mariadb.com/v1alpha1";

  static final String MARIADB = "MariaDB";
  static final String BACKUP = "Backup";
  static final String RESTORE = "Restore";

  /** Prefix of the driverMetadata keys this driver writes into a cozystack Backup. */
  static final String METADATA_PREFIX = "k8s.mariadb.com/";

  static final String BACKUP_NAME = "backup-name";
  static final String BACKUP_NAMESPACE = "backup-namespace";
  static final String STORAGE_URI = "storage-uri";

  /** The application kind this driver backs up (group apps.cozystack.io). */
  static final String APPLICATION_KIND = "MariaDB";

  static final ApplicationKind APPLICATION = new ApplicationKind(APPLICATION_KIND);

  private MariaDbApi() {}

  /** The mariadb-operator MariaDB object the application's chart creates. */
  static String instanceName(String application) {
    return "mariadb-" + application;
  }

  /** {@code <namespace>/<name>} for messages. */
  static String ref(String kind, String namespace, String name) {
    return "mariadb-operator " + kind + " " + namespace + "/" + name;
  }
}
