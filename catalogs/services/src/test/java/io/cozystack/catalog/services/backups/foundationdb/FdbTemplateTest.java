package io.cozystack.catalog.services.backups.foundationdb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cozystack.catalog.services.backups.Json;
import io.cozystack.catalog.services.backups.upstream.SpecProblem;
import org.junit.jupiter.api.Test;

/** The rendered strategy template, checked against what the operator's v1.55.0 API takes. */
class FdbTemplateTest {
  /** Cozystack's default strategy, rendered: its parameters written with a leading --. */
  static final String COZYSTACK_DEFAULT =
      """
      blobStoreConfiguration:
        accountName: s3.example.org:8080
        bucket: cozy-backups
        urlParameters: [secure_connection=0, region=us-east-1, bucket_path=tenant-a/db]
      snapshotPeriodSeconds: 3600
      customParameters: [--blob_credentials=/var/fdb-blob-credentials/blob_credentials.json]
      backupDeploymentPodTemplateSpec:
        spec:
          containers:
            - name: foundationdb
              volumeMounts: [{name: blob-credentials, mountPath: /var/fdb-blob-credentials}]
          volumes:
            - name: blob-credentials
              secret: {secretName: cozy-backups-creds}
      """;

  @Test
  void cozystacksDefaultStrategyIsTakenWithItsParametersAsTheOperatorPassesThem() throws Exception {
    FdbTemplate t = FdbTemplate.parse(Json.yaml(COZYSTACK_DEFAULT));

    assertThat(t.blobStore())
        .isEqualTo(
            new BlobStore(
                "s3.example.org:8080",
                "cozy-backups",
                null,
                java.util.List.of(
                    "secure_connection=0", "region=us-east-1", "bucket_path=tenant-a/db")));
    assertThat(t.snapshotPeriodSeconds()).isEqualTo(3600);
    assertThat(t.agentCount()).isNull();
    assertThat(t.customParameters())
        .containsExactly("blob_credentials=/var/fdb-blob-credentials/blob_credentials.json");
    assertThat(FdbTemplate.secrets(t.podTemplateSpec())).containsExactly("cozy-backups-creds");
  }

  @Test
  void zeroCountsMeanTheOperatorsDefaults() throws Exception {
    FdbTemplate t =
        FdbTemplate.parse(
            Json.yaml(
                "{blobStoreConfiguration: {accountName: s3}, agentCount: 0,"
                    + " snapshotPeriodSeconds: 0}"));

    assertThat(t.agentCount()).isNull();
    assertThat(t.snapshotPeriodSeconds()).isNull();
    assertThat(t.podTemplateSpec()).isNull();
  }

  @Test
  void whatTheOperatorWouldRefuseOrCannotDoIsRefusedNamingTheField() {
    assertProblem("{}", "template.blobStoreConfiguration: is required");
    assertProblem(
        "{blobStoreConfiguration: {accountName: 'key:secret@s3'}}",
        "template.blobStoreConfiguration.accountName: 'key:secret@s3' is not an account");
    assertProblem(
        "{blobStoreConfiguration: {accountName: s3, bucket: Backups_1}}",
        "template.blobStoreConfiguration.bucket: 'Backups_1' is not an S3 bucket name");
    assertProblem(
        "{blobStoreConfiguration: {accountName: s3, backupName: 'a b'}}",
        "template.blobStoreConfiguration.backupName: 'a b' is not a directory name");
    assertProblem(
        "{blobStoreConfiguration: {accountName: s3, urlParameters: [secure]}}",
        "template.blobStoreConfiguration.urlParameters[0]: 'secure' is not <name>=<value>");
    assertProblem(
        "{blobStoreConfiguration: {accountName: s3}, agentCount: -1}",
        "template.agentCount: must be a whole number, 0 or more");
    assertProblem(
        "{blobStoreConfiguration: {accountName: s3}, encryptionKeyPath: /keys/backup}",
        "template.encryptionKeyPath: the FoundationDB operator's v1.55.0 API has no encryption");
    assertProblem(
        "{blobStoreConfiguration: {accountName: s3}, customParameters: [knob_a=1, --knob_a=2]}",
        "template.customParameters[1]: knob_a is given twice");
    assertProblem(
        "{blobStoreConfiguration: {accountName: s3}, customParameters: [datadir=/tmp]}",
        "template.customParameters[0]: datadir is set by the operator and cannot be given");
    assertProblem(
        "{blobStoreConfiguration: {accountName: s3}, customParameters: ['knob a']}",
        "template.customParameters[0]: 'knob a' is not <name>[=<value>]");
  }

  @Test
  void theAgentsSecretsAreReadFromVolumesEnvAndEnvFrom() {
    assertThat(
            FdbTemplate.secrets(
                Json.yaml(
                    """
                    spec:
                      volumes: [{name: a, secret: {secretName: creds}}, {name: b, emptyDir: {}}]
                      containers:
                        - name: foundationdb
                          envFrom: [{secretRef: {name: env-all}}]
                          env: [{name: X, valueFrom: {secretKeyRef: {name: one-key, key: k}}}]
                    """)))
        .containsExactly("creds", "env-all", "one-key");
  }

  private static void assertProblem(String template, String message) {
    assertThatThrownBy(() -> FdbTemplate.parse(Json.yaml(template)))
        .isInstanceOf(SpecProblem.class)
        .hasMessageStartingWith(message);
  }
}
