package io.cozystack.catalog.virtualization.backups.velero;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.cozystack.api.backups.v1alpha1.Backup;
import io.cozystack.api.backups.v1alpha1.RestoreJob;
import io.cozystack.contracts.driver.Progress;
import io.cozystack.contracts.driver.RestoreRun;
import io.cozystack.contracts.driver.StrategyTemplate;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class VeleroRestoresTest {
  static final Backup BACKUP =
      Serialization.unmarshal(
          """
          apiVersion: backups.cozystack.io/v1alpha1
          kind: Backup
          metadata: {name: nightly, namespace: tenant-a}
          spec:
            applicationRef: {kind: VMInstance, name: vm1}
            strategyRef: {apiGroup: strategy.backups.cozystack.io, kind: Velero, name: vms}
            takenAt: "2026-01-01T00:00:00Z"
            driverMetadata: {velero.io/backup-name: tenant-a.nightly-x1, velero.io/backup-namespace: cozy-velero}
          """,
          Backup.class);

  static final RestoreJob JOB =
      Serialization.unmarshal(
          """
          apiVersion: backups.cozystack.io/v1alpha1
          kind: RestoreJob
          metadata: {name: back, namespace: tenant-a}
          spec: {backupRef: {name: nightly}}
          """,
          RestoreJob.class);

  static RestoreRun run(GenericKubernetesResource strategy) {
    return new RestoreRun(
        null, JOB, BACKUP, RestoreRun.target(BACKUP, JOB), strategy, Optional.empty(), null, null);
  }

  static GenericKubernetesResource strategy(String template) {
    return Fixtures.object(
        """
        apiVersion: strategy.backups.cozystack.io/v1alpha1
        kind: Velero
        metadata: {name: vms}
        spec: {template: %s}
        """
            .formatted(template));
  }

  @Test
  void rendersTheRestoreSpecWithTheRestoreContext() throws Exception {
    GenericKubernetesResource strategy =
        strategy(
            "{spec: {ttl: 1h0m0s}, restoreSpec: {existingResourcePolicy: update,"
                + " labelSelector: {matchLabels: {app: '{{ .Release.Name }}',"
                + " backup: '{{ .Backup.Name }}', mode: '{{ .Mode }}'}}}}");

    ObjectNode spec = VeleroRestores.renderSpec(strategy, run(strategy).templateContext(Map.of()));

    assertThat(spec.path("existingResourcePolicy").asText()).isEqualTo("update");
    JsonNode labels = spec.path("labelSelector").path("matchLabels");
    assertThat(labels.path("app").asText()).isEqualTo("vm1");
    assertThat(labels.path("backup").asText()).isEqualTo("nightly");
    assertThat(labels.path("mode").asText()).isEqualTo("restore");
    assertThat(spec.has("ttl")).isFalse();
  }

  @Test
  void noRestoreSpecIsAnEmptySpec() throws Exception {
    GenericKubernetesResource strategy = strategy("{spec: {ttl: 1h0m0s}}");

    assertThat(VeleroRestores.renderSpec(strategy, run(strategy).templateContext(Map.of())))
        .isEmpty();
  }

  @Test
  void aRestoreTemplateErrorNamesTheFieldUnderTemplateRestoreSpec() {
    GenericKubernetesResource strategy =
        strategy("{spec: {}, restoreSpec: {includedNamespaces: ['{{ .Parameters.ns }}']}}");

    assertThatThrownBy(
            () -> VeleroRestores.renderSpec(strategy, run(strategy).templateContext(Map.of())))
        .isInstanceOf(StrategyTemplate.TemplateException.class)
        .hasMessageContaining("template.restoreSpec.includedNamespaces[0]");
  }

  @Test
  void anInPlaceRestoreNamesTheVeleroBackupAndMapsNoNamespace() {
    ObjectNode spec = Serialization.jsonMapper().createObjectNode().put("backupName", "stale");
    spec.put("existingResourcePolicy", "update");

    GenericKubernetesResource restore =
        VeleroRestores.desired(
            "tenant-a",
            "back",
            run(null).ownerLabels(),
            spec,
            "tenant-a.nightly-x1",
            "tenant-a",
            Optional.empty());

    assertThat(restore.getApiVersion()).isEqualTo("velero.io/v1");
    assertThat(restore.getKind()).isEqualTo("Restore");
    assertThat(restore.getMetadata().getNamespace()).isEqualTo("cozy-velero");
    assertThat(restore.getMetadata().getGenerateName()).isEqualTo("tenant-a.back-");
    assertThat(restore.getMetadata().getLabels())
        .containsExactlyInAnyOrderEntriesOf(
            Map.of(
                "backups.cozystack.io/owned-by.BackupJobName", "back",
                "backups.cozystack.io/owned-by.BackupJobNamespace", "tenant-a"));
    JsonNode written = Velero.spec(restore);
    assertThat(written.path("backupName").asText()).isEqualTo("tenant-a.nightly-x1");
    assertThat(written.path("existingResourcePolicy").asText()).isEqualTo("update");
    assertThat(written.has("namespaceMapping")).isFalse();
    // The rendered spec given in is not changed.
    assertThat(spec.path("backupName").asText()).isEqualTo("stale");
  }

  @Test
  void aCopyRestoreMapsTheBackupsNamespaceToTheTargetKeepingTemplateMappings() {
    ObjectNode spec = Serialization.jsonMapper().createObjectNode();
    spec.putObject("namespaceMapping").put("shared", "shared-copy");

    GenericKubernetesResource restore =
        VeleroRestores.desired(
            "tenant-a",
            "copy",
            Map.of(),
            spec,
            "tenant-a.nightly-x1",
            "tenant-a",
            Optional.of("tenant-b"));

    assertThat(Velero.spec(restore).path("namespaceMapping"))
        .isEqualTo(
            Serialization.jsonMapper()
                .valueToTree(Map.of("tenant-a", "tenant-b", "shared", "shared-copy")));
  }

  @Test
  void theVeleroBackupNameComesFromDriverMetadata() {
    assertThat(VeleroRestores.veleroBackupName(BACKUP)).contains("tenant-a.nightly-x1");
    Backup foreign =
        Serialization.unmarshal(
            Serialization.asYaml(BACKUP).replace("velero.io/backup-name", "other.io/name"),
            Backup.class);
    assertThat(VeleroRestores.veleroBackupName(foreign)).isEmpty();
    assertThat(VeleroRestores.noVeleroBackup(foreign))
        .isEqualTo(
            Progress.failed(
                "VeleroBackupUnknown",
                "Backup tenant-a/nightly has no driverMetadata velero.io/backup-name; it does not"
                    + " name a Velero Backup to restore"));
  }

  @Test
  void phasesMapToRestoredFailedOrWorking() {
    assertThat(VeleroRestores.observe(Fixtures.veleroRestore("r", "{phase: Completed}")))
        .isEqualTo(Progress.restored("Velero Restore cozy-velero/r completed"));
    assertThat(
            VeleroRestores.observe(
                Fixtures.veleroRestore("r", "{phase: Failed, failureReason: no such backup}")))
        .isEqualTo(
            Progress.failed(
                "VeleroRestoreFailed", "Velero Restore failed with phase Failed: no such backup"));
    assertThat(VeleroRestores.observe(Fixtures.veleroRestore("r", "{phase: PartiallyFailed}")))
        .isEqualTo(
            Progress.failed(
                "VeleroRestoreFailed", "Velero Restore failed with phase PartiallyFailed"));
    assertThat(VeleroRestores.observe(Fixtures.veleroRestore("r", "{phase: FailedValidation}")))
        .isInstanceOf(Progress.Failed.class);
    assertThat(VeleroRestores.observe(Fixtures.veleroRestore("r", "{phase: InProgress}")))
        .isEqualTo(
            Progress.working(
                "VeleroRestoreInProgress", "Velero Restore cozy-velero/r is InProgress"));
    assertThat(VeleroRestores.observe(Fixtures.veleroRestore("r", "{}")))
        .isInstanceOf(Progress.Working.class);
  }

  @Test
  void moreThanOneRestoreForAJobFails() {
    assertThat(VeleroRestores.tooMany(3))
        .isEqualTo(
            Progress.failed(
                "TooManyVeleroRestores", "found 3 Velero Restores for this job; expected one"));
  }
}
