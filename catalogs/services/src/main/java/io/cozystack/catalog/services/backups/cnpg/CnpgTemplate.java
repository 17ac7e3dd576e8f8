package io.cozystack.catalog.services.backups.cnpg;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A rendered CNPG strategy template ({@code spec.template} of a {@code CNPG} strategy): where
 * barman writes, with which credentials, and under which server name.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
record CnpgTemplate(BarmanObjectStore barmanObjectStore, String serverName) {

  @JsonIgnoreProperties(ignoreUnknown = true)
  record BarmanObjectStore(
      String destinationPath,
      String endpointURL,
      EndpointCa endpointCA,
      S3Credentials s3Credentials,
      String retentionPolicy,
      JsonNode wal,
      JsonNode data) {}

  @JsonIgnoreProperties(ignoreUnknown = true)
  record SecretRef(String name) {}

  @JsonIgnoreProperties(ignoreUnknown = true)
  record EndpointCa(SecretRef secretRef, String key) {}

  @JsonIgnoreProperties(ignoreUnknown = true)
  record S3Credentials(SecretRef secretRef, String accessKeyIDKey, String secretAccessKeyKey) {}

  static CnpgTemplate parse(JsonNode rendered) throws IllegalArgumentException {
    CnpgTemplate t = Serialization.jsonMapper().convertValue(rendered, CnpgTemplate.class);
    if (t.barmanObjectStore() == null
        || t.barmanObjectStore().destinationPath() == null
        || t.barmanObjectStore().destinationPath().isBlank()) {
      throw new IllegalArgumentException(
          "spec.template.barmanObjectStore.destinationPath: required, e.g. s3://bucket/path");
    }
    return t;
  }

  /** The server name: the template's, else the cluster's. */
  String serverNameOr(String cluster) {
    return serverName != null && !serverName.isBlank() ? serverName : cluster;
  }

  /**
   * CNPG's {@code spec.backup} of the Cluster for this template: the barman object store (with the
   * server name and CNPG's key-selector shapes) and the retention policy.
   */
  ObjectNode clusterBackup(String server) {
    BarmanObjectStore b = barmanObjectStore;
    Map<String, Object> store = new LinkedHashMap<>();
    store.put("destinationPath", b.destinationPath());
    if (b.endpointURL() != null && !b.endpointURL().isBlank()) {
      store.put("endpointURL", b.endpointURL());
    }
    store.put("serverName", server);
    if (b.endpointCA() != null && b.endpointCA().secretRef() != null) {
      store.put(
          "endpointCA",
          Map.of(
              "name",
              b.endpointCA().secretRef().name(),
              "key",
              b.endpointCA().key() != null ? b.endpointCA().key() : "ca.crt"));
    }
    if (b.s3Credentials() != null && b.s3Credentials().secretRef() != null) {
      store.put("s3Credentials", s3Credentials(b.s3Credentials()));
    }
    if (b.wal() != null) {
      store.put("wal", b.wal());
    }
    if (b.data() != null) {
      store.put("data", b.data());
    }
    Map<String, Object> backup = new LinkedHashMap<>();
    backup.put("barmanObjectStore", store);
    if (b.retentionPolicy() != null && !b.retentionPolicy().isBlank()) {
      backup.put("retentionPolicy", b.retentionPolicy());
    }
    return Serialization.jsonMapper().valueToTree(backup);
  }

  private static Map<String, Object> s3Credentials(S3Credentials c) {
    String secret = c.secretRef().name();
    return Map.of(
        "accessKeyId",
            Map.of(
                "name",
                secret,
                "key",
                c.accessKeyIDKey() != null ? c.accessKeyIDKey() : "AWS_ACCESS_KEY_ID"),
        "secretAccessKey",
            Map.of(
                "name",
                secret,
                "key",
                c.secretAccessKeyKey() != null ? c.secretAccessKeyKey() : "AWS_SECRET_ACCESS_KEY"));
  }
}
