package io.cozystack.operator.backups.credentials;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class BucketCredentialsTest {
  static final CredentialsSettings SETTINGS =
      new CredentialsSettings(
          "cozy-system", "bucket", "cozy-backups-creds", "", "us-east-1", true, List.of());

  static Map<String, String> data(Map<String, String> plain) {
    Map<String, String> out = new TreeMap<>();
    plain.forEach(
        (k, v) ->
            out.put(k, Base64.getEncoder().encodeToString(v.getBytes(StandardCharsets.UTF_8))));
    return out;
  }

  @Test
  void flatKeysAreReadAndTheEndpointLosesItsScheme() throws Exception {
    BucketCredentials c =
        BucketCredentials.parse(
            data(
                Map.of(
                    "accessKey", "AK",
                    "secretKey", "SK",
                    "endpoint", "https://s3.example:8333",
                    "bucketName", "b1")),
            SETTINGS);
    assertThat(c)
        .isEqualTo(new BucketCredentials("AK", "SK", "s3.example:8333", "b1", "us-east-1"));
    Map<String, String> projected = c.projected(true);
    assertThat(projected)
        .containsEntry("AWS_ACCESS_KEY_ID", "AK")
        .containsEntry("AWS_SECRET_ACCESS_KEY", "SK")
        .containsEntry("bucketName", "b1")
        .containsEntry("region", "us-east-1")
        .containsEntry("forcePathStyle", "true");
    assertThat(projected.get("cloud")).contains("aws_access_key_id=AK");
    assertThat(projected.get("blob_credentials.json")).contains("AK@s3.example:8333", "AK:SK");
  }

  @Test
  void aCosiBucketInfoFillsWhatFlatKeysLack() throws Exception {
    String info =
        "{\"spec\":{\"bucketName\":\"cosi-b\",\"secretS3\":{\"accessKeyID\":\"A2\","
            + "\"accessSecretKey\":\"S2\",\"endpoint\":\"http://seaweed:8333\",\"region\":\"eu\"}}}";
    BucketCredentials c = BucketCredentials.parse(data(Map.of("BucketInfo", info)), SETTINGS);
    assertThat(c).isEqualTo(new BucketCredentials("A2", "S2", "seaweed:8333", "cosi-b", "eu"));
  }

  @Test
  void aSourceWithoutKeysOrEndpointIsRefusedSayingWhat() {
    assertThatThrownBy(() -> BucketCredentials.parse(data(Map.of("accessKey", "AK")), SETTINGS))
        .hasMessageContaining("no accessKey/secretKey");
    assertThatThrownBy(
            () ->
                BucketCredentials.parse(
                    data(Map.of("accessKey", "AK", "secretKey", "SK")), SETTINGS))
        .hasMessageContaining("no S3 endpoint")
        .hasMessageContaining("--backup-storage-endpoint");
    assertThatThrownBy(
            () -> BucketCredentials.parse(data(Map.of("BucketInfo", "{not json")), SETTINGS))
        .hasMessageContaining("BucketInfo");
  }

  @Test
  void projectionIsOnWithAllThreeNamesAndHalfASetNamesWhatIsMissing() {
    assertThat(SETTINGS.enabled()).isTrue();
    assertThat(SETTINGS.missing()).isEmpty();
    assertThat(CredentialsSettings.DISABLED.enabled()).isFalse();
    assertThat(CredentialsSettings.DISABLED.missing()).isEmpty();
    CredentialsSettings half =
        new CredentialsSettings("cozy-system", "", "", "", "", false, List.of());
    assertThat(half.missing())
        .containsExactly("--backup-storage-secret-name", "--backup-storage-creds-secret-name");
  }
}
