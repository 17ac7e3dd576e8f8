package io.cozystack.catalog.virtualization.backups.velero;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.cozystack.api.meta.TypedLocalObjectReference;
import io.cozystack.contracts.driver.Progress;
import io.cozystack.contracts.driver.StrategyTemplate;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.util.Map;
import org.junit.jupiter.api.Test;

class VeleroBackupsTest {
  static final Map<String, String> LABELS = Velero.ownerLabels("tenant-a", "nightly");

  static final GenericKubernetesResource STRATEGY =
      Fixtures.object(
          """
          apiVersion: strategy.backups.cozystack.io/v1alpha1
          kind: Velero
          metadata: {name: vms}
          spec:
            template:
              spec:
                includedNamespaces: ["{{ .Release.Namespace }}"]
                labelSelector:
                  matchLabels: {apps.cozystack.io/application.name: "{{ .Application.metadata.name }}"}
                storageLocation: "{{ .Parameters.location }}"
                ttl: 720h0m0s
                snapshotVolumes: true
              restoreSpec:
                existingResourcePolicy: "{{ .Backup.Name }}"
          """);

  static JsonNode context() {
    return Serialization.jsonMapper()
        .valueToTree(
            Map.of(
                "Application", Map.of("metadata", Map.of("name", "vm1")),
                "Release", Map.of("Name", "vm1", "Namespace", "tenant-a"),
                "Parameters", Map.of("location", "s3-east"),
                "Mode", "backup"));
  }

  @Test
  void aVmInstanceBackupAlsoSelectsEachOfItsDisks() {
    JsonNode spec =
        Serialization.jsonMapper()
            .valueToTree(
                Map.of(
                    "includedNamespaces",
                    java.util.List.of("tenant-a"),
                    "orLabelSelectors",
                    java.util.List.of(Map.of("matchLabels", Map.of("app", "vm")))));
    JsonNode vm =
        Serialization.jsonMapper()
            .valueToTree(
                Map.of(
                    "kind",
                    "VMInstance",
                    "spec",
                    Map.of(
                        "disks",
                        java.util.List.of(Map.of("name", "root"), Map.of("name", "data")))));

    JsonNode out = VeleroBackups.withVmDisks(spec, vm);

    assertThat(out.path("orLabelSelectors")).hasSize(3);
    assertThat(
            out.path("orLabelSelectors")
                .get(2)
                .path("matchLabels")
                .path("apps.cozystack.io/application.name")
                .asText())
        .isEqualTo("data");
    assertThat(
            out.path("orLabelSelectors")
                .get(1)
                .path("matchLabels")
                .path("apps.cozystack.io/application.kind")
                .asText())
        .isEqualTo("VMDisk");
    assertThat(spec.path("orLabelSelectors")).hasSize(1);
    JsonNode other =
        Serialization.jsonMapper().valueToTree(Map.of("kind", "VMDisk", "spec", Map.of()));
    assertThat(VeleroBackups.withVmDisks(spec, other)).isSameAs(spec);
  }

  @Test
  void rendersOnlyTheBackupSpecSoRestoreOnlyFieldsDoNotBreakABackup() throws Exception {
    JsonNode spec = VeleroBackups.renderSpec(STRATEGY, context());

    assertThat(spec.path("includedNamespaces").get(0).asText()).isEqualTo("tenant-a");
    assertThat(
            spec.path("labelSelector")
                .path("matchLabels")
                .path("apps.cozystack.io/application.name")
                .asText())
        .isEqualTo("vm1");
    assertThat(spec.path("storageLocation").asText()).isEqualTo("s3-east");
    assertThat(spec.path("snapshotVolumes").asBoolean()).isTrue();
    assertThat(spec.has("restoreSpec")).isFalse();
    // The strategy itself is not changed by rendering.
    assertThat(VeleroBackups.template(STRATEGY).path("spec").path("storageLocation").asText())
        .isEqualTo("{{ .Parameters.location }}");
  }

  @Test
  void aTemplateErrorNamesTheFieldUnderTemplateSpec() {
    GenericKubernetesResource strategy =
        Fixtures.object(
            """
            apiVersion: strategy.backups.cozystack.io/v1alpha1
            kind: Velero
            metadata: {name: bad}
            spec: {template: {spec: {storageLocation: "{{ .Parameters.missing }}"}}}
            """);

    assertThatThrownBy(() -> VeleroBackups.renderSpec(strategy, context()))
        .isInstanceOf(StrategyTemplate.TemplateException.class)
        .hasMessageContaining("template.spec.storageLocation")
        .hasMessageContaining(".Parameters.missing");
  }

  @Test
  void aStrategyWithoutABackupSpecIsRefused() {
    GenericKubernetesResource strategy =
        Fixtures.object(
            """
            apiVersion: strategy.backups.cozystack.io/v1alpha1
            kind: Velero
            metadata: {name: empty}
            spec: {template: {restoreSpec: {}}}
            """);

    assertThatThrownBy(() -> VeleroBackups.renderSpec(strategy, context()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("empty")
        .hasMessageContaining("spec.template.spec");
  }

  @Test
  void theDesiredBackupLivesInCozyVeleroNamedAfterTheJobWithItsLabelsAndResources() {
    JsonNode spec = Serialization.jsonMapper().valueToTree(Map.of("ttl", "1h0m0s"));
    JsonNode underlying =
        VeleroBackups.underlyingResources(
            "tenant-a", new TypedLocalObjectReference(null, "VMInstance", "vm1"));

    GenericKubernetesResource backup =
        VeleroBackups.desired("tenant-a", "nightly", LABELS, spec, underlying);

    assertThat(backup.getApiVersion()).isEqualTo("velero.io/v1");
    assertThat(backup.getKind()).isEqualTo("Backup");
    assertThat(backup.getMetadata().getNamespace()).isEqualTo("cozy-velero");
    assertThat(backup.getMetadata().getName()).isNull();
    assertThat(backup.getMetadata().getGenerateName()).isEqualTo("tenant-a.nightly-");
    assertThat(backup.getMetadata().getLabels())
        .containsEntry("backups.cozystack.io/owned-by.BackupJobName", "nightly")
        .containsEntry("backups.cozystack.io/owned-by.BackupJobNamespace", "tenant-a")
        .hasSize(2);
    assertThat(Velero.spec(backup)).isEqualTo(spec);
    JsonNode recorded = VeleroBackups.recordedUnderlyingResources(backup);
    assertThat(recorded.path("apiVersion").asText()).isEqualTo("backups.cozystack.io/v1alpha1");
    assertThat(recorded.path("kind").asText()).isEqualTo("VMInstanceSnapshot");
    assertThat(recorded.path("applicationRef").path("apiGroup").asText())
        .isEqualTo("apps.cozystack.io");
    assertThat(recorded.path("applicationRef").path("name").asText()).isEqualTo("vm1");
    assertThat(recorded.path("namespace").asText()).isEqualTo("tenant-a");
  }

  @Test
  void aCompletedBackupIsBackedUpWithItsUriMetadataAndResources() {
    Progress progress =
        VeleroBackups.observe(Fixtures.veleroBackup("tenant-a.nightly-x1", "{phase: Completed}"));

    assertThat(progress).isInstanceOf(Progress.BackedUp.class);
    Progress.BackedUp done = (Progress.BackedUp) progress;
    assertThat(done.artifact().uri()).isEqualTo("velero://cozy-velero/tenant-a.nightly-x1");
    assertThat(done.driverMetadata())
        .containsExactlyInAnyOrderEntriesOf(
            Map.of(
                "velero.io/backup-name", "tenant-a.nightly-x1",
                "velero.io/backup-namespace", "cozy-velero"));
    assertThat(done.underlyingResources().path("kind").asText()).isEqualTo("VMInstanceSnapshot");
  }

  @Test
  void aBackupWithoutOrWithABrokenAnnotationHasNoUnderlyingResources() {
    GenericKubernetesResource backup = Fixtures.veleroBackup("b", "{phase: Completed}");
    backup.getMetadata().setAnnotations(Map.of(Velero.UNDERLYING_RESOURCES, "{not json"));
    assertThat(((Progress.BackedUp) VeleroBackups.observe(backup)).underlyingResources()).isNull();
    backup.getMetadata().setAnnotations(null);
    assertThat(((Progress.BackedUp) VeleroBackups.observe(backup)).underlyingResources()).isNull();
  }

  @Test
  void failedPhasesFailTheJobWithTheReasonAndValidationErrors() {
    Progress failed =
        VeleroBackups.observe(
            Fixtures.veleroBackup("b1", "{phase: Failed, failureReason: bucket unreachable}"));
    Progress invalid =
        VeleroBackups.observe(
            Fixtures.veleroBackup(
                "b2",
                "{phase: FailedValidation, validationErrors: [no location s3-east, bad ttl]}"));
    Progress partial =
        VeleroBackups.observe(Fixtures.veleroBackup("b3", "{phase: PartiallyFailed}"));

    assertThat(failed)
        .isEqualTo(
            Progress.failed(
                "VeleroBackupFailed",
                "Velero Backup cozy-velero/b1 ended in phase Failed: bucket unreachable"));
    assertThat(invalid)
        .isEqualTo(
            Progress.failed(
                "VeleroBackupFailed",
                "Velero Backup cozy-velero/b2 ended in phase FailedValidation: no location"
                    + " s3-east; bad ttl"));
    assertThat(partial)
        .isEqualTo(
            Progress.failed(
                "VeleroBackupFailed",
                "Velero Backup cozy-velero/b3 ended in phase PartiallyFailed"));
  }

  @Test
  void anyOtherPhaseIsStillWorkingNamingTheBackupAndPhase() {
    assertThat(VeleroBackups.observe(Fixtures.veleroBackup("b", "{phase: InProgress}")))
        .isEqualTo(
            Progress.working(
                "VeleroBackupInProgress", "Velero Backup cozy-velero/b is InProgress"));
    assertThat(VeleroBackups.observe(Fixtures.veleroBackup("b", "{}")))
        .isEqualTo(
            Progress.working(
                "VeleroBackupInProgress",
                "Velero Backup cozy-velero/b is not picked up by Velero yet"));
    assertThat(
            VeleroBackups.observe(
                Fixtures.veleroBackup("b", "{phase: WaitingForPluginOperations}")))
        .isInstanceOf(Progress.Working.class);
  }

  @Test
  void moreThanOneBackupForAJobFails() {
    assertThat(VeleroBackups.tooMany(2))
        .isEqualTo(
            Progress.failed(
                "TooManyVeleroBackups", "found 2 Velero Backups for this job; expected one"));
  }
}
