package io.cozystack.catalog.services.backups.foundationdb;

import static org.assertj.core.api.Assertions.assertThat;

import io.cozystack.catalog.services.backups.Json;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The blob store a backup is written to, and the URL the operator (v1.55.0) derives from it. */
class BlobStoreTest {

  @Test
  void anAccountWithoutAPortGetsTheSecurePortAndTheDefaultBucket() {
    BlobStore store = new BlobStore("key@s3.example.org", null, "nightly-x7k2p", List.of());

    assertThat(store.url())
        .isEqualTo("blobstore://key@s3.example.org:443/nightly-x7k2p?bucket=fdb-backups");
  }

  @Test
  void anInsecureConnectionDefaultsToPort80AndTheParametersFollowTheBucket() {
    BlobStore store =
        new BlobStore(
            "s3.example.org", "backups", "db", List.of("secure_connection=0", "region=us-east-1"));

    assertThat(store.url())
        .isEqualTo(
            "blobstore://s3.example.org:80/db?bucket=backups&secure_connection=0&region=us-east-1");
    assertThat(new BlobStore("s3.example.org", "backups", "db", List.of("sc=0")).url())
        .startsWith("blobstore://s3.example.org:80/db?");
  }

  @Test
  void aGivenPortIsKept() {
    BlobStore store = new BlobStore("key@minio:9000", "backups", "db", List.of("sc=0"));

    assertThat(store.url()).isEqualTo("blobstore://key@minio:9000/db?bucket=backups&sc=0");
  }

  @Test
  void itReadsAndWritesTheOperatorsShapeLeavingOutWhatIsUnset() {
    BlobStore store =
        BlobStore.fromJson(
            Json.yaml("{accountName: key@minio:9000, bucket: '', urlParameters: [sc=0]}"));

    assertThat(store.bucket()).isNull();
    assertThat(store.backupName()).isNull();
    assertThat(store.toJson())
        .isEqualTo(Json.yaml("{accountName: key@minio:9000, urlParameters: [sc=0]}"));
    assertThat(store.withBackupName("db").toJson().path("backupName").asText()).isEqualTo("db");
  }
}
