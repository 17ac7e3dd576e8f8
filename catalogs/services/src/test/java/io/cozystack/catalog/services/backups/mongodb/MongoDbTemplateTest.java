package io.cozystack.catalog.services.backups.mongodb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cozystack.catalog.services.backups.Json;
import io.cozystack.catalog.services.backups.upstream.SpecProblem;
import org.junit.jupiter.api.Test;

/** The rendered template: a storage name, logical only, a known compression. */
class MongoDbTemplateTest {

  @Test
  void anEmptyTemplateWritesALogicalBackupToTheChartsStorageWithTheOperatorsCompression()
      throws Exception {
    MongoDbTemplate t = MongoDbTemplate.parse(Json.yaml("{}"));

    assertThat(t).isEqualTo(new MongoDbTemplate("s3-storage", null, null));
    assertThat(MongoDbTemplate.parse(Json.yaml("{storageName: '', compressionType: ''}")))
        .isEqualTo(t);
  }

  @Test
  void everyFieldIsTakenAsGiven() throws Exception {
    assertThat(
            MongoDbTemplate.parse(
                Json.yaml(
                    "{storageName: nightly, type: logical, compressionType: zstd,"
                        + " compressionLevel: 3}")))
        .isEqualTo(new MongoDbTemplate("nightly", "zstd", 3));
  }

  @Test
  void aPhysicalBackupIsRefusedSayingWhy() {
    assertThatThrownBy(() -> MongoDbTemplate.parse(Json.yaml("{type: physical}")))
        .isInstanceOf(SpecProblem.class)
        .hasMessage(
            "template.type: 'physical' is not supported; only logical backups, which restore into"
                + " any cluster");
  }

  @Test
  void aRenderedValueOutsideWhatTheOperatorTakesNamesTheField() {
    assertThatThrownBy(() -> MongoDbTemplate.parse(Json.yaml("{compressionType: brotli}")))
        .hasMessage(
            "template.compressionType: 'brotli' is not one of"
                + " [none, gzip, pgzip, snappy, lz4, s2, zstd]");
    assertThatThrownBy(() -> MongoDbTemplate.parse(Json.yaml("{storageName: 'my storage'}")))
        .hasMessage("template.storageName: 'my storage' is not a storage name such as s3-storage");
    assertThatThrownBy(() -> MongoDbTemplate.parse(Json.yaml("{compressionLevel: 1.5}")))
        .hasMessage("template.compressionLevel: must be a whole number");
    assertThatThrownBy(() -> MongoDbTemplate.parse(Json.yaml("{storageName: [a]}")))
        .hasMessage("template.storageName: must be a string");
    assertThatThrownBy(() -> MongoDbTemplate.parse(Json.yaml("[]")))
        .hasMessage("template: must be an object");
  }
}
