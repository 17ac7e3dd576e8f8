package io.cozystack.catalog.virtualization.backups.velero;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.cozystack.api.Contracts;
import io.cozystack.api.backups.driver.DriverRegistrationSpec;
import io.cozystack.api.backups.v1alpha1.BackupJob;
import io.cozystack.api.backups.v1alpha1.RestoreJob;
import io.cozystack.contracts.driver.BackupRun;
import io.cozystack.contracts.driver.DriverRuntime;
import io.cozystack.contracts.driver.RestoreRun;
import io.cozystack.contracts.driver.WatchedKind;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class VeleroDriverTest {
  final VeleroDriver driver = new VeleroDriver();

  @Test
  void registersTheVeleroKindForThisCatalogVersion() throws Exception {
    DriverRegistrationSpec registration = driver.registration();
    JsonNode catalog =
        Serialization.yamlMapper().readTree(Files.readString(Path.of("catalog.yaml")));

    assertThat(registration.driver()).isEqualTo("velero.virtualization.cozystack.io");
    assertThat(registration.catalog().name())
        .isEqualTo(catalog.path("metadata").path("name").asText());
    assertThat(registration.catalog().version())
        .isEqualTo(catalog.path("metadata").path("version").asText());
    assertThat(registration.contractVersion()).isEqualTo(Contracts.VERSION);
    assertThat(registration.strategies())
        .containsExactly(
            new DriverRegistrationSpec.StrategyKind("strategy.backups.cozystack.io", "Velero"));
    assertThat(catalog.path("spec").path("strategies").toString()).contains("\"kind\":\"Velero\"");
    assertThat(registration.leaseDurationSeconds()).isEqualTo(60);
    assertThat(DriverRuntime.finalizer(registration.driver()))
        .isEqualTo("velero.virtualization.cozystack.io/cleanup");
  }

  @Test
  void watchesVeleroBackupsAndRestoresByTheirOwnerLabels() {
    assertThat(driver.watches())
        .extracting(WatchedKind::apiVersion, WatchedKind::kind)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("velero.io/v1", "Backup"),
            org.assertj.core.groups.Tuple.tuple("velero.io/v1", "Restore"));
    var backup = Fixtures.veleroBackup("b", "{}");
    backup.getMetadata().setLabels(Velero.ownerLabels("tenant-a", "nightly"));
    assertThat(driver.watches().get(0).owner().apply(backup))
        .contains(new WatchedKind.JobKey("tenant-a", "nightly"));
  }

  @Test
  void ownsItsCleanUps() {
    assertThat(driver.cleansUpRestores()).isTrue();
    assertThat(driver.cleansUpBackups()).isTrue();
  }

  @Test
  void theCleanUpLabelsAreTheLabelsTheRunsWrite() {
    RestoreJob restoreJob =
        Serialization.unmarshal(
            "apiVersion: backups.cozystack.io/v1alpha1\nkind: RestoreJob\nmetadata: {name: back, namespace: tenant-a}\n",
            RestoreJob.class);
    BackupJob backupJob =
        Serialization.unmarshal(
            "apiVersion: backups.cozystack.io/v1alpha1\nkind: BackupJob\nmetadata: {name: nightly, namespace: tenant-a}\n",
            BackupJob.class);

    assertThat(Velero.ownerLabels("tenant-a", "back"))
        .isEqualTo(
            new RestoreRun(null, restoreJob, null, null, null, Optional.empty(), null, null)
                .ownerLabels());
    assertThat(Velero.ownerLabels("tenant-a", "nightly"))
        .isEqualTo(new BackupRun(null, backupJob, null, null, null, null, null).ownerLabels());
  }
}
