package io.cozystack.catalog.services.backups.cnpg;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CnpgTemplateTest {
  @Test
  void theClusterBackupUsesCnpgShapesAndDefaultKeys() {
    CnpgTemplate t =
        CnpgTemplate.parse(
            Serialization.jsonMapper()
                .valueToTree(
                    Map.of(
                        "barmanObjectStore",
                        Map.of(
                            "destinationPath",
                            "s3://b/p",
                            "retentionPolicy",
                            "30d",
                            "endpointCA",
                            Map.of("secretRef", Map.of("name", "ca")),
                            "s3Credentials",
                            Map.of(
                                "secretRef", Map.of("name", "creds"), "accessKeyIDKey", "ID")))));
    JsonNode backup = t.clusterBackup(t.serverNameOr("postgres-db"));
    assertThat(backup.path("retentionPolicy").asText()).isEqualTo("30d");
    JsonNode store = backup.path("barmanObjectStore");
    assertThat(store.path("serverName").asText()).isEqualTo("postgres-db");
    assertThat(store.path("endpointCA").path("key").asText()).isEqualTo("ca.crt");
    assertThat(store.path("s3Credentials").path("accessKeyId").path("key").asText())
        .isEqualTo("ID");
    assertThat(store.path("s3Credentials").path("secretAccessKey").path("key").asText())
        .isEqualTo("AWS_SECRET_ACCESS_KEY");
    assertThat(store.has("retentionPolicy")).isFalse();
  }

  @Test
  void aTemplateWithoutDestinationIsRefusedNamingTheField() {
    assertThatThrownBy(
            () ->
                CnpgTemplate.parse(
                    Serialization.jsonMapper()
                        .valueToTree(Map.of("barmanObjectStore", Map.of("endpointURL", "x")))))
        .hasMessageContaining("spec.template.barmanObjectStore.destinationPath");
  }

  @Test
  void aSubsetIgnoresServerDefaultsButSeesChanges() {
    JsonNode live =
        Serialization.jsonMapper()
            .valueToTree(Map.of("a", "1", "target", "prefer-standby", "o", Map.of("x", 1, "y", 2)));
    assertThat(JsonSubset.contains(live, Serialization.jsonMapper().valueToTree(Map.of("a", "1"))))
        .isTrue();
    assertThat(
            JsonSubset.contains(
                live, Serialization.jsonMapper().valueToTree(Map.of("o", Map.of("x", 1)))))
        .isTrue();
    assertThat(JsonSubset.contains(live, Serialization.jsonMapper().valueToTree(Map.of("a", "2"))))
        .isFalse();
  }
}
