package io.cozystack.catalog.services.backups.mongodb;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.cozystack.catalog.services.backups.Json;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Where a backup was written, read from the operator's status or from the Backup's record. */
class BackupSourceTest {
  /** What the operator writes into a started logical backup's status (S3 storage). */
  static final JsonNode STATUS =
      Json.yaml(
          """
          state: ready
          type: logical
          storageName: s3-storage
          pbmName: "2026-05-01T02:00:00Z"
          destination: s3://backups/mongo/db/2026-05-01T02:00:00Z
          s3:
            bucket: backups
            prefix: mongo/db
            endpointUrl: https://s3.example.org
            credentialsSecret: mongodb-db-s3-creds
            forcePathStyle: true
            serverSideEncryption: {sseAlgorithm: AES256, sseCustomerKey: c2VjcmV0}
          """);

  @Test
  void theStatusGivesTheBackupSourceOfARestore() {
    BackupSource source = BackupSource.fromStatus(STATUS).orElseThrow();

    assertThat(source.toJson())
        .isEqualTo(
            Json.yaml(
                """
                type: logical
                destination: s3://backups/mongo/db/2026-05-01T02:00:00Z
                storageName: s3-storage
                s3:
                  bucket: backups
                  prefix: mongo/db
                  endpointUrl: https://s3.example.org
                  credentialsSecret: mongodb-db-s3-creds
                  forcePathStyle: true
                  serverSideEncryption: {sseAlgorithm: AES256, sseCustomerKey: c2VjcmV0}
                """));
    assertThat(source.credentialsSecret()).contains("mongodb-db-s3-creds");
  }

  @Test
  void aBackupWithoutADestinationYetHasNoSource() {
    assertThat(BackupSource.fromStatus(Json.yaml("{state: requested}"))).isEmpty();
    assertThat(BackupSource.fromRecord(null, Map.of())).isEmpty();
  }

  @Test
  void theRecordIsReadTheSameWayAndItsMetadataStandsInForAMissingDestination() {
    JsonNode snapshot = BackupRecord.snapshot(BackupSource.fromStatus(STATUS).get(), Map.of());
    assertThat(BackupSource.fromRecord(snapshot, Map.of()).get().destination())
        .isEqualTo("s3://backups/mongo/db/2026-05-01T02:00:00Z");

    BackupSource bare =
        BackupSource.fromRecord(null, Map.of("destination", "s3://b/p/2026-01-01T00:00:00Z"))
            .orElseThrow();
    assertThat(bare.destination()).isEqualTo("s3://b/p/2026-01-01T00:00:00Z");
    assertThat(bare.type()).isEqualTo("logical");
    assertThat(bare.block()).isNull();
    assertThat(bare.toJson().size()).isEqualTo(2);
  }

  @Test
  void anotherSecretReplacesOnlyTheCredentialsAndTheRecordDropsTheInlineKey() {
    BackupSource source = BackupSource.fromStatus(STATUS).get();

    BackupSource target = source.withCredentials("mongodb-copy-s3-creds");
    assertThat(target.credentialsSecret()).contains("mongodb-copy-s3-creds");
    assertThat(target.storage().path("bucket").asText()).isEqualTo("backups");
    assertThat(source.credentialsSecret()).contains("mongodb-db-s3-creds");

    BackupSource recorded = source.withoutInlineSecrets();
    assertThat(recorded.storage().path("serverSideEncryption").toString())
        .isEqualTo("{\"sseAlgorithm\":\"AES256\"}");
    assertThat(source.storage().at("/serverSideEncryption/sseCustomerKey").asText())
        .isEqualTo("c2VjcmV0");
  }
}
