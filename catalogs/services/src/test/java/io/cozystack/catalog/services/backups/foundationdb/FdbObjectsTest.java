package io.cozystack.catalog.services.backups.foundationdb;

import static org.assertj.core.api.Assertions.assertThat;

import io.cozystack.catalog.services.backups.Json;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The operator objects the driver creates, as pure functions of the job and what it read. */
class FdbObjectsTest {
  static final Map<String, String> OWNER = ClusterBackupsTest.owner("nightly");
  static final FdbCluster CLUSTER = new FdbCluster("foundationdb-db", "7.3.63", "unified", true);

  @Test
  void aBackupRunsForTheClusterAtItsVersionWithTheTemplatesSettings() throws Exception {
    FdbTemplate template = FdbTemplate.parse(Json.yaml(FdbTemplateTest.COZYSTACK_DEFAULT));

    GenericKubernetesResource backup =
        FdbObjects.backup("nightly", "tenant-a", OWNER, CLUSTER, template);

    assertThat(backup.getKind()).isEqualTo("FoundationDBBackup");
    assertThat(backup.getMetadata().getGenerateName()).isEqualTo("nightly-");
    assertThat(backup.getMetadata().getLabels())
        .containsAllEntriesOf(OWNER)
        .containsEntry("backups.cozystack.io/foundationdb-cluster", "foundationdb-db")
        .containsEntry("foundationdb.services.cozystack.io/role", "backup");
    assertThat(Json.tree(backup).path("spec"))
        .isEqualTo(
            Json.yaml(
                """
                clusterName: foundationdb-db
                version: 7.3.63
                backupState: Running
                snapshotPeriodSeconds: 3600
                customParameters: [blob_credentials=/var/fdb-blob-credentials/blob_credentials.json]
                imageType: unified
                podTemplateSpec:
                  spec:
                    containers:
                      - name: foundationdb
                        volumeMounts: [{name: blob-credentials, mountPath: /var/fdb-blob-credentials}]
                    volumes:
                      - name: blob-credentials
                        secret: {secretName: cozy-backups-creds}
                blobStoreConfiguration:
                  accountName: s3.example.org:8080
                  bucket: cozy-backups
                  urlParameters: [secure_connection=0, region=us-east-1, bucket_path=tenant-a/db]
                """));
  }

  @Test
  void restoreAgentsAreAStoppedBackupThatCannotWriteIntoTheSourcesDirectory() throws Exception {
    FdbTemplate template =
        FdbTemplate.parse(
            Json.yaml("{blobStoreConfiguration: {accountName: other}, agentCount: 1}"));
    BlobStore source = new BlobStore("key@s3", "backups", "nightly-x7k2p", List.of("sc=0"));

    GenericKubernetesResource agents =
        FdbObjects.restoreAgents("back", "tenant-a", OWNER, CLUSTER, template, source);

    assertThat(agents.getMetadata().getLabels())
        .containsAllEntriesOf(OWNER)
        .containsEntry("foundationdb.services.cozystack.io/role", "restore-agents");
    assertThat(FdbApi.agentsOf(agents, OWNER)).isTrue();
    assertThat(FdbApi.backupOf(agents, OWNER)).isFalse();
    assertThat(Json.tree(agents).path("spec"))
        .isEqualTo(
            Json.yaml(
                "{clusterName: foundationdb-db, version: 7.3.63, backupState: Stopped,"
                    + " agentCount: 1, imageType: unified,"
                    + " blobStoreConfiguration: {accountName: key@s3, bucket: backups,"
                    + " urlParameters: [sc=0]}}"));
  }

  @Test
  void aRestoreReadsTheRecordedStoreIntoTheTargetCluster() {
    BlobStore source = new BlobStore("key@s3", null, "nightly-x7k2p", List.of());

    GenericKubernetesResource restore =
        FdbObjects.restore(
            "back", "tenant-a", OWNER, "foundationdb-copy", source, List.of("knob_x=1"));

    assertThat(restore.getKind()).isEqualTo("FoundationDBRestore");
    assertThat(restore.getMetadata().getLabels()).isEqualTo(OWNER);
    assertThat(Json.tree(restore).path("spec"))
        .isEqualTo(
            Json.yaml(
                "{destinationClusterName: foundationdb-copy,"
                    + " blobStoreConfiguration: {accountName: key@s3, backupName: nightly-x7k2p},"
                    + " customParameters: [knob_x=1]}"));
  }
}
