package io.cozystack.catalog.services.backups.foundationdb;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.util.ArrayList;
import java.util.List;

/**
 * A FoundationDB blob store configuration ({@code blobStoreConfiguration} of a FoundationDBBackup
 * or -Restore): the account ({@code [<key>@]<host>[:<port>]}), the bucket, the backup's directory
 * and the URL parameters. It is all the operator composes a backup's URL from, so a restore that
 * carries it reads the backup that was written with it.
 *
 * @param bucket the bucket, or null for the operator's default {@link #DEFAULT_BUCKET}
 * @param backupName the directory, or null where the operator falls back to the object's name
 */
record BlobStore(String accountName, String bucket, String backupName, List<String> urlParameters) {
  /** The bucket the operator uses when none is given. */
  static final String DEFAULT_BUCKET = "fdb-backups";

  BlobStore {
    accountName = blankToNull(accountName);
    bucket = blankToNull(bucket);
    backupName = blankToNull(backupName);
    urlParameters = urlParameters == null ? List.of() : List.copyOf(urlParameters);
  }

  /** From a {@code blobStoreConfiguration}-shaped object; absent fields are null or empty. */
  static BlobStore fromJson(JsonNode node) {
    List<String> parameters = new ArrayList<>();
    node.path("urlParameters").forEach(p -> parameters.add(p.asText()));
    return new BlobStore(
        node.path("accountName").asText(""),
        node.path("bucket").asText(""),
        node.path("backupName").asText(""),
        parameters);
  }

  /** The same store writing to directory {@code name}. */
  BlobStore withBackupName(String name) {
    return new BlobStore(accountName, bucket, name, urlParameters);
  }

  ObjectNode toJson() {
    ObjectNode node = Serialization.jsonMapper().createObjectNode();
    node.put("accountName", accountName);
    if (bucket != null) {
      node.put("bucket", bucket);
    }
    if (backupName != null) {
      node.put("backupName", backupName);
    }
    if (!urlParameters.isEmpty()) {
      urlParameters.forEach(node.putArray("urlParameters")::add);
    }
    return node;
  }

  /**
   * The URL the operator (v1.55.0) derives for this store and {@link #backupName()}: {@code
   * blobstore://<account>[:443|:80]/<backupName>?bucket=<bucket>[&<parameter>...]}, the default
   * port added when the account names none (80 with {@code secure_connection=0} or {@code sc=0}).
   */
  String url() {
    boolean hasPort = !port(accountName).isEmpty();
    String defaultPort = hasPort ? "" : ":443";
    StringBuilder query = new StringBuilder();
    for (String parameter : urlParameters) {
      query.append('&').append(parameter);
      String flag = parameter.startsWith("sc") ? parameter.substring(2) : null;
      if (flag == null && parameter.startsWith("secure_connection")) {
        flag = parameter.substring("secure_connection".length());
      }
      if ("=0".equals(flag) && !hasPort) {
        defaultPort = ":80";
      }
    }
    return "blobstore://"
        + accountName
        + defaultPort
        + "/"
        + backupName
        + "?bucket="
        + (bucket == null ? DEFAULT_BUCKET : bucket)
        + query;
  }

  /** The port of a host the way Go's url.URL reads one (empty when there is none). */
  private static String port(String host) {
    int bracket = host.indexOf("]:");
    if (bracket >= 0) {
      return host.substring(bracket + 2);
    }
    int colon = host.lastIndexOf(':');
    return colon < 0 || host.contains("]") ? "" : host.substring(colon + 1);
  }

  private static String blankToNull(String value) {
    return value == null || value.isBlank() ? null : value;
  }
}
