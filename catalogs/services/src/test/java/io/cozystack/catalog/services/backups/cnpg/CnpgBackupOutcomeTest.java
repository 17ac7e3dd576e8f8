package io.cozystack.catalog.services.backups.cnpg;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.cozystack.contracts.driver.Progress;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CnpgBackupOutcomeTest {
  static final CnpgTemplate TEMPLATE =
      CnpgTemplate.parse(
          Serialization.jsonMapper()
              .valueToTree(
                  Map.of(
                      "barmanObjectStore",
                      Map.of(
                          "destinationPath", "s3://b/tenant-a/db",
                          "endpointURL", "https://s3.example",
                          "s3Credentials", Map.of("secretRef", Map.of("name", "creds"))))));
  static final CnpgBackupOutcome.Target TARGET =
      new CnpgBackupOutcome.Target("postgres-db", TEMPLATE, "postgres-db");
  static final JsonNode APP =
      Serialization.jsonMapper()
          .valueToTree(Map.of("spec", Map.of("databases", Map.of("app", Map.of()))));

  static GenericKubernetesResource backup(Map<String, Object> status) {
    GenericKubernetesResource b =
        Serialization.unmarshal(
            "{\"apiVersion\":\"postgresql.cnpg.io/v1\",\"kind\":\"Backup\","
                + "\"metadata\":{\"name\":\"nightly-x1\"}}",
            GenericKubernetesResource.class);
    b.setAdditionalProperty("status", status);
    return b;
  }

  static Progress outcome(Map<String, Object> status, Duration elapsed) {
    return CnpgBackupOutcome.of(backup(status), TARGET, APP, Map.of("k", "v"), elapsed);
  }

  @Test
  void aCompletedBackupIsRecordedWithWhatARestoreNeeds() {
    Progress p = outcome(Map.of("phase", "completed"), Duration.ofMinutes(1));
    assertThat(p).isInstanceOf(Progress.BackedUp.class);
    Progress.BackedUp done = (Progress.BackedUp) p;
    assertThat(done.artifact().uri()).isEqualTo("cnpg://postgres-db/nightly-x1");
    assertThat(done.driverMetadata())
        .containsEntry("cnpg.io/backup-name", "nightly-x1")
        .containsEntry("cnpg.io/server-name", "postgres-db")
        .containsEntry("cnpg.io/destination-path", "s3://b/tenant-a/db")
        .containsEntry("cnpg.io/endpoint-url", "https://s3.example")
        .containsEntry("cnpg.io/s3-secret-ref", "creds")
        .containsEntry("cnpg.io/cluster-name", "postgres-db");
    assertThat(done.underlyingResources().path("kind").asText()).isEqualTo("CNPGBackupSnapshot");
    assertThat(done.underlyingResources().path("databases").has("app")).isTrue();
    assertThat(done.underlyingResources().path("parameters").path("k").asText()).isEqualTo("v");
  }

  @Test
  void aFailedBackupIsTransientUntilTheDeadlineThenFails() {
    Progress early = outcome(Map.of("phase", "failed", "error", "s3 down"), Duration.ofMinutes(5));
    assertThat(early).isInstanceOf(Progress.Working.class);
    assertThat(((Progress.Working) early).reason()).isEqualTo("CNPGBackupTransientFailure");
    assertThat(((Progress.Working) early).recheckAfter()).isEqualTo(Duration.ofMinutes(25));

    Progress late = outcome(Map.of("phase", "failed", "error", "s3 down"), Duration.ofMinutes(30));
    assertThat(late).isInstanceOf(Progress.Failed.class);
    assertThat(((Progress.Failed) late).message()).contains("nightly-x1", "s3 down");
  }

  @Test
  void aBackupThatNeverFinishesFailsAtTheDeadlineNamingItsPhase() {
    Progress running = outcome(Map.of("phase", "walArchivingFailing"), Duration.ofMinutes(2));
    assertThat(((Progress.Working) running).message()).contains("walArchivingFailing");
    Progress late = outcome(Map.of("phase", "walArchivingFailing"), Duration.ofMinutes(31));
    assertThat(((Progress.Failed) late).message())
        .contains("did not complete within 30m", "walArchivingFailing");
    Progress noStatus = outcome(Map.of(), Duration.ZERO);
    assertThat(((Progress.Working) noStatus).message()).endsWith("is pending");
  }
}
