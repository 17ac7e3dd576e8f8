package io.cozystack.catalog.services.backups.mongodb;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.cozystack.catalog.services.backups.Json;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** What a PerconaServerMongoDB must offer first, and whose credentials a restore reads with. */
class ClusterGateTest {
  static final JsonNode ENABLED =
      Json.yaml(
          """
          spec:
            backup:
              enabled: true
              storages:
                s3-storage: {type: s3, s3: {bucket: b, credentialsSecret: mongodb-db-s3-creds}}
                archive: {type: s3, s3: {bucket: old, credentialsSecret: archive-creds}}
          """);

  @Test
  void aClusterWithBackupsOnAndTheStorageDeclaredCanBackUp() {
    assertThat(ClusterGate.forBackup(Optional.of(ENABLED), "s3-storage", "db")).isEmpty();
    assertThat(ClusterGate.forRestore(Optional.of(ENABLED), "db")).isEmpty();
  }

  @Test
  void aMissingClusterWaits() {
    assertThat(ClusterGate.forBackup(Optional.empty(), "s3-storage", "db"))
        .contains(new ClusterGate.Problem("PerconaServerMongoDBNotReady", "not found"));
    assertThat(ClusterGate.forRestore(Optional.empty(), "copy"))
        .contains(
            new ClusterGate.Problem(
                "TargetPerconaServerMongoDBNotReady",
                "not found; create MongoDB application copy first"));
  }

  @Test
  void backupsOffNameTheApplicationValueToSet() {
    JsonNode off = Json.yaml("{spec: {backup: {enabled: false}}}");

    Optional<ClusterGate.Problem> backup =
        ClusterGate.forBackup(Optional.of(off), "s3-storage", "db");
    assertThat(backup.get().reason()).isEqualTo("BackupsDisabled");
    assertThat(backup.get().message())
        .startsWith("spec.backup.enabled is false")
        .endsWith(
            "set backup.enabled (with destinationPath, endpointURL and the S3 keys) on"
                + " MongoDB application db");
    assertThat(ClusterGate.forRestore(Optional.of(off), "copy").get().reason())
        .isEqualTo("TargetBackupsDisabled");
  }

  @Test
  void anUndeclaredStorageListsTheDeclaredOnes() {
    assertThat(ClusterGate.forBackup(Optional.of(ENABLED), "s3", "db"))
        .contains(
            new ClusterGate.Problem(
                "StorageNotDeclared",
                "spec.backup.storages declares no storage 's3' (it declares [s3-storage,"
                    + " archive]); name one of them in the strategy's template.storageName"));
  }

  @Test
  void theCredentialsAreTheNamedStoragesThenTheDefaultsThenTheOnlyOnes() {
    assertThat(ClusterGate.credentialsSecret(ENABLED, "s3", "archive")).contains("archive-creds");
    assertThat(ClusterGate.credentialsSecret(ENABLED, "s3", "gone"))
        .contains("mongodb-db-s3-creds");
    JsonNode one =
        Json.yaml("{spec: {backup: {storages: {main: {s3: {credentialsSecret: only}}}}}}");
    assertThat(ClusterGate.credentialsSecret(one, "s3", null)).contains("only");
    assertThat(ClusterGate.credentialsSecret(one, "gcs", null)).isEmpty();
    assertThat(ClusterGate.credentialsSecret(Json.yaml("{spec: {}}"), "s3", null)).isEmpty();
  }
}
