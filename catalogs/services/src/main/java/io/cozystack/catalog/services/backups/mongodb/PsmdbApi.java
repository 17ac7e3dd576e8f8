package io.cozystack.catalog.services.backups.mongodb;

import io.cozystack.catalog.services.backups.upstream.ApplicationKind;

/** Names of the Percona operator's API and of the metadata this driver records. */
final class PsmdbApi {
  /** The Percona Server for MongoDB operator's API version (psmdb.percona.com). */
  static final String API_VERSION = "psmdb.percona.com/v1";

  static final String CLUSTER = "PerconaServerMongoDB";
  static final String BACKUP = "PerconaServerMongoDBBackup";
  static final String RESTORE = "PerconaServerMongoDBRestore";

  /** Prefix of the driverMetadata keys this driver writes into a cozystack Backup. */
  static final String METADATA_PREFIX = "psmdb.percona.com/";

  static final String BACKUP_NAME = "backup-name";
  static final String BACKUP_NAMESPACE = "backup-namespace";
  static final String DESTINATION = "destination";

  /** The application kind this driver backs up (group apps.cozystack.io). */
  static final String APPLICATION_KIND = "MongoDB";

  static final ApplicationKind APPLICATION = new ApplicationKind(APPLICATION_KIND);

  /**
   * The storage a strategy that names none uses: the one the MongoDB chart declares in {@code
   * spec.backup.storages} when {@code backup.enabled} is true (as Cozystack's chart does).
   */
  static final String DEFAULT_STORAGE = "s3-storage";

  /** The only backup type: a logical dump restores into a cluster of another name or shape. */
  static final String LOGICAL = "logical";

  private PsmdbApi() {}

  /** The PerconaServerMongoDB the application's chart creates (its release name). */
  static String clusterName(String application) {
    return "mongodb-" + application;
  }

  /** {@code <kind> <namespace>/<name>} for messages. */
  static String ref(String kind, String namespace, String name) {
    return kind + " " + namespace + "/" + name;
  }
}
