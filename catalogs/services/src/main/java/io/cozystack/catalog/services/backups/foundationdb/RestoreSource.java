package io.cozystack.catalog.services.backups.foundationdb;

import com.fasterxml.jackson.databind.JsonNode;
import io.cozystack.api.backups.v1alpha1.Backup;
import io.cozystack.catalog.services.backups.upstream.SpecProblem;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Where a restore reads a cozystack Backup from: the blob store and directory the backup was
 * written to, the parameters its agents ran with (the restore runs {@code fdbrestore} with them)
 * and the BackupClass parameters (to render the strategy for the target's agents). Read from the
 * Backup's {@code FoundationDBBackupSnapshot}, else (an older record) from its {@code
 * apps.foundationdb.org/*} driverMetadata; a snapshot of another kind is refused rather than
 * guessed at.
 */
record RestoreSource(
    BlobStore store, List<String> customParameters, Map<String, String> parameters) {

  /** Why a Backup cannot be restored; terminal. */
  static final class Unusable extends Exception {
    final String reason;

    Unusable(String reason, String message) {
      super(message);
      this.reason = reason;
    }
  }

  static RestoreSource read(Backup backup) throws Unusable {
    String what =
        "Backup " + backup.getMetadata().getNamespace() + "/" + backup.getMetadata().getName();
    JsonNode snapshot =
        backup.getStatus() == null ? null : backup.getStatus().underlyingResources();
    RestoreSource source =
        snapshot == null || snapshot.isNull() || snapshot.isEmpty()
            ? fromMetadata(backup)
            : fromSnapshot(snapshot, what);
    if (source.store().accountName() == null || source.store().backupName() == null) {
      throw new Unusable(
          "IncompleteBackup",
          what
              + " records no blob store account or backup directory, so there is nothing to"
              + " restore from; take a new backup");
    }
    return source;
  }

  private static RestoreSource fromSnapshot(JsonNode snapshot, String what) throws Unusable {
    String kind = snapshot.path("kind").asText("");
    String apiVersion = snapshot.path("apiVersion").asText("");
    if (!BackupRecord.SNAPSHOT_KIND.equals(kind)
        || !BackupRecord.SNAPSHOT_API_VERSION.equals(apiVersion)) {
      throw new Unusable(
          "UnrecognisedSnapshot",
          what
              + " status.underlyingResources is a "
              + apiVersion
              + " "
              + kind
              + ", not a "
              + BackupRecord.SNAPSHOT_API_VERSION
              + " "
              + BackupRecord.SNAPSHOT_KIND
              + "; this driver does not know where such a backup was written");
    }
    List<String> customParameters;
    try {
      customParameters =
          CustomParameters.parse(
              snapshot.path("customParameters"), "status.underlyingResources.customParameters");
    } catch (SpecProblem e) {
      throw new Unusable("IncompleteBackup", what + " " + e.getMessage());
    }
    Map<String, String> parameters = new TreeMap<>();
    snapshot
        .path("parameters")
        .fields()
        .forEachRemaining(f -> parameters.put(f.getKey(), f.getValue().asText()));
    return new RestoreSource(
        BlobStore.fromJson(snapshot.path("storage")), customParameters, parameters);
  }

  private static RestoreSource fromMetadata(Backup backup) {
    Map<String, String> metadata =
        backup.getSpec().driverMetadata() == null ? Map.of() : backup.getSpec().driverMetadata();
    String prefix = FdbApi.METADATA_PREFIX;
    BlobStore store =
        new BlobStore(
            metadata.get(prefix + FdbApi.ACCOUNT_NAME),
            metadata.get(prefix + FdbApi.BUCKET),
            metadata.get(prefix + FdbApi.BLOB_BACKUP_NAME),
            List.of());
    return new RestoreSource(store, List.of(), Map.of());
  }
}
