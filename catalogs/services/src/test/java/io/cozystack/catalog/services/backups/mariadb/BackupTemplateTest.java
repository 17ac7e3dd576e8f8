package io.cozystack.catalog.services.backups.mariadb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cozystack.catalog.services.backups.Json;
import io.cozystack.catalog.services.backups.upstream.SpecProblem;
import org.junit.jupiter.api.Test;

/** The rendered template: exactly one storage, the S3 fields, the enumerated values. */
class BackupTemplateTest {
  static final String S3 =
      """
      storage:
        s3:
          bucket: backups
          endpoint: minio.example:9000
          prefix: tenant-a/db/
          accessKeyIdSecretKeyRef: {name: db-s3, key: access-key}
          secretAccessKeySecretKeyRef: {name: db-s3, key: secret-key}
      databases: [app, audit]
      compression: gzip
      maxRetention: 720h
      logLevel: debug
      """;

  @Test
  void aCompleteS3TemplateIsRead() throws Exception {
    BackupTemplate t = BackupTemplate.parse(Json.yaml(S3));

    assertThat(t.storageKind()).isEqualTo("s3");
    assertThat(t.storage().at("/s3/bucket").asText()).isEqualTo("backups");
    assertThat(t.databases()).containsExactly("app", "audit");
    assertThat(t.compression()).isEqualTo("gzip");
    assertThat(t.maxRetention()).isEqualTo("720h");
    assertThat(t.logLevel()).isEqualTo("debug");
  }

  @Test
  void aPvcTemplateNeedsNothingElse() throws Exception {
    BackupTemplate t =
        BackupTemplate.parse(
            Json.yaml("storage: {persistentVolumeClaim: {resources: {requests: {storage: 1Gi}}}}"));

    assertThat(t.storageKind()).isEqualTo("persistentVolumeClaim");
    assertThat(t.databases()).isEmpty();
    assertThat(t.compression()).isNull();
    assertThat(t.maxRetention()).isNull();
    assertThat(t.logLevel()).isNull();
  }

  @Test
  void exactlyOneStorageMustBeSet() {
    assertThatThrownBy(() -> BackupTemplate.parse(Json.yaml("storage: {}")))
        .isInstanceOf(SpecProblem.class)
        .hasMessageContaining("template.storage: exactly one of")
        .hasMessageContaining("found none");
    assertThatThrownBy(
            () ->
                BackupTemplate.parse(
                    Json.yaml(
                        "storage: {persistentVolumeClaim: {}, volume: {nfs: {server: n, path: /b}}}")))
        .hasMessageContaining("found persistentVolumeClaim, volume");
    assertThatThrownBy(() -> BackupTemplate.parse(Json.yaml("databases: [a]")))
        .hasMessageContaining("template.storage: required");
  }

  @Test
  void s3NeedsBucketEndpointWithoutSchemeAndBothKeys() {
    assertThatThrownBy(() -> BackupTemplate.parse(Json.yaml(S3.replace("bucket: backups", ""))))
        .hasMessageContaining("template.storage.s3.bucket: required");
    assertThatThrownBy(
            () ->
                BackupTemplate.parse(
                    Json.yaml(S3.replace("minio.example:9000", "https://minio.example"))))
        .hasMessageContaining("template.storage.s3.endpoint")
        .hasMessageContaining("has a scheme");
    assertThatThrownBy(
            () ->
                BackupTemplate.parse(
                    Json.yaml(
                        S3.replace(
                            "secretAccessKeySecretKeyRef: {name: db-s3, key: secret-key}", ""))))
        .hasMessageContaining("template.storage.s3.secretAccessKeySecretKeyRef: required");
    assertThatThrownBy(
            () ->
                BackupTemplate.parse(
                    Json.yaml(S3.replace("{name: db-s3, key: access-key}", "{name: db-s3}"))))
        .hasMessageContaining("template.storage.s3.accessKeyIdSecretKeyRef.key: required");
  }

  @Test
  void enumeratedValuesAndTheRetentionAreChecked() {
    assertThatThrownBy(() -> BackupTemplate.parse(Json.yaml(S3.replace("gzip", "zstd"))))
        .hasMessageContaining("template.compression: 'zstd' is not one of [bzip2, gzip, none]");
    assertThatThrownBy(
            () -> BackupTemplate.parse(Json.yaml(S3.replace("logLevel: debug", "logLevel: loud"))))
        .hasMessageContaining("template.logLevel: 'loud'");
    assertThatThrownBy(() -> BackupTemplate.parse(Json.yaml(S3.replace("720h", "30 days"))))
        .hasMessageContaining("template.maxRetention: '30 days' is not a duration");
    assertThatThrownBy(
            () -> BackupTemplate.parse(Json.yaml(S3.replace("[app, audit]", "[app, \"\"]"))))
        .hasMessageContaining("template.databases[1]");
  }
}
