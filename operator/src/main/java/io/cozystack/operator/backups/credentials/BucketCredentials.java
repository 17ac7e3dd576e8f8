package io.cozystack.operator.backups.credentials;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A bucket's credentials read from the source Secret, and the Secret projected from them (pure).
 * The source has flat keys ({@code accessKey}, {@code secretKey}, {@code endpoint}, {@code
 * bucketName}, {@code region}) or, field by field, a COSI {@code BucketInfo} JSON document.
 */
public record BucketCredentials(
    String accessKey, String secretKey, String endpoint, String bucket, String region) {

  /** A source that cannot give credentials; the message says which key is wrong. */
  public static final class MalformedException extends Exception {
    MalformedException(String message) {
      super(message);
    }
  }

  /** Reads credentials from the source Secret's (base64) data. */
  public static BucketCredentials parse(Map<String, String> data, CredentialsSettings settings)
      throws MalformedException {
    Map<String, String> flat = decode(data);
    JsonNode info = bucketInfo(flat);
    JsonNode s3 = info.path("spec").path("secretS3");
    String accessKey = first(flat.get("accessKey"), s3.path("accessKeyID").asText(null));
    String secretKey = first(flat.get("secretKey"), s3.path("accessSecretKey").asText(null));
    if (accessKey == null || secretKey == null) {
      throw new MalformedException(
          "the source Secret has no accessKey/secretKey, nor a BucketInfo with"
              + " spec.secretS3.accessKeyID/accessSecretKey");
    }
    String endpoint =
        stripScheme(
            first(flat.get("endpoint"), s3.path("endpoint").asText(null), settings.endpoint()));
    if (endpoint == null) {
      throw new MalformedException(
          "no S3 endpoint: the source Secret names none (endpoint or BucketInfo"
              + " spec.secretS3.endpoint) and --backup-storage-endpoint is empty");
    }
    return new BucketCredentials(
        accessKey,
        secretKey,
        endpoint,
        first(flat.get("bucketName"), info.path("spec").path("bucketName").asText(null)),
        first(flat.get("region"), s3.path("region").asText(null), settings.region()));
  }

  /**
   * The projected Secret's data (plain text): the AWS variable names, the flat keys, Velero's
   * {@code cloud} file, FoundationDB's {@code blob_credentials.json}, and the location keys that
   * are known.
   */
  public Map<String, String> projected(boolean forcePathStyle) {
    Map<String, String> out = new LinkedHashMap<>();
    out.put("AWS_ACCESS_KEY_ID", accessKey);
    out.put("AWS_SECRET_ACCESS_KEY", secretKey);
    out.put("accessKey", accessKey);
    out.put("secretKey", secretKey);
    out.put(
        "cloud",
        "[default]\naws_access_key_id="
            + accessKey
            + "\naws_secret_access_key="
            + secretKey
            + "\n");
    out.put("blob_credentials.json", blobCredentials());
    out.put("endpoint", endpoint);
    if (bucket != null) {
      out.put("bucketName", bucket);
    }
    if (region != null) {
      out.put("region", region);
    }
    out.put("forcePathStyle", Boolean.toString(forcePathStyle));
    return out;
  }

  private String blobCredentials() {
    ObjectNode account = Serialization.jsonMapper().createObjectNode();
    account.put("api_key", accessKey + ":" + secretKey);
    ObjectNode accounts = Serialization.jsonMapper().createObjectNode();
    accounts.set(accessKey + "@" + endpoint, account);
    ObjectNode root = Serialization.jsonMapper().createObjectNode();
    root.set("accounts", accounts);
    return root.toString();
  }

  private static Map<String, String> decode(Map<String, String> data) throws MalformedException {
    Map<String, String> out = new LinkedHashMap<>();
    if (data == null) {
      return out;
    }
    for (Map.Entry<String, String> e : data.entrySet()) {
      try {
        out.put(
            e.getKey(),
            new String(Base64.getDecoder().decode(e.getValue()), StandardCharsets.UTF_8));
      } catch (IllegalArgumentException bad) {
        throw new MalformedException("key " + e.getKey() + " of the source Secret is not base64");
      }
    }
    return out;
  }

  private static JsonNode bucketInfo(Map<String, String> flat) throws MalformedException {
    String raw = flat.get("BucketInfo");
    if (raw == null) {
      return Serialization.jsonMapper().createObjectNode();
    }
    try {
      return Serialization.jsonMapper().readTree(raw);
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new MalformedException("key BucketInfo of the source Secret is not JSON");
    }
  }

  private static String first(String... candidates) {
    for (String c : candidates) {
      if (c != null && !c.isBlank()) {
        return c;
      }
    }
    return null;
  }

  private static String stripScheme(String endpoint) {
    return endpoint == null ? null : endpoint.replaceFirst("^[a-zA-Z][a-zA-Z0-9+.-]*://", "");
  }
}
