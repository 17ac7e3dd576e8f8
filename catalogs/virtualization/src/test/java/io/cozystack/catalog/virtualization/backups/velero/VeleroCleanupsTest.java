package io.cozystack.catalog.virtualization.backups.velero;

import static org.assertj.core.api.Assertions.assertThat;

import io.cozystack.api.backups.v1alpha1.Backup;
import io.cozystack.catalog.virtualization.backups.velero.VeleroCleanups.VeleroBackupRef;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.utils.Serialization;
import org.junit.jupiter.api.Test;

class VeleroCleanupsTest {
  static Backup backup(String driverMetadata) {
    return Serialization.unmarshal(
        """
        apiVersion: backups.cozystack.io/v1alpha1
        kind: Backup
        metadata: {name: nightly, namespace: tenant-a}
        spec:
          applicationRef: {kind: VMInstance, name: vm1}
          strategyRef: {apiGroup: strategy.backups.cozystack.io, kind: Velero, name: vms}
          takenAt: "2026-01-01T00:00:00Z"
          driverMetadata: %s
        """
            .formatted(driverMetadata),
        Backup.class);
  }

  @Test
  void theVeleroBackupOfABackupDefaultsToCozyVelero() {
    assertThat(VeleroCleanups.veleroBackup(backup("{velero.io/backup-name: x1}")))
        .contains(new VeleroBackupRef("cozy-velero", "x1"));
    assertThat(
            VeleroCleanups.veleroBackup(
                backup("{velero.io/backup-name: x1, velero.io/backup-namespace: velero}")))
        .contains(new VeleroBackupRef("velero", "x1"));
    assertThat(VeleroCleanups.veleroBackup(backup("{}"))).isEmpty();
    assertThat(VeleroCleanups.veleroBackup(backup("null"))).isEmpty();
  }

  @Test
  void aDeleteBackupRequestNamesTheBackupInItsNamespace() {
    GenericKubernetesResource request =
        VeleroCleanups.deleteRequest(new VeleroBackupRef("cozy-velero", "tenant-a.nightly-x1"));

    assertThat(request.getApiVersion()).isEqualTo("velero.io/v1");
    assertThat(request.getKind()).isEqualTo("DeleteBackupRequest");
    assertThat(request.getMetadata().getNamespace()).isEqualTo("cozy-velero");
    assertThat(request.getMetadata().getGenerateName()).isEqualTo("tenant-a.nightly-x1-");
    assertThat(Velero.spec(request).path("backupName").asText()).isEqualTo("tenant-a.nightly-x1");
  }

  @Test
  void theModifiersConfigMapIsNamedAfterTheJobAndFitsAName() {
    assertThat(VeleroCleanups.modifiersConfigMap("tenant-a", "back"))
        .isEqualTo("restore-modifiers-tenant-a-back");
    assertThat(VeleroCleanups.modifiersConfigMap("tenant-a", "x".repeat(300))).hasSize(253);
  }
}
