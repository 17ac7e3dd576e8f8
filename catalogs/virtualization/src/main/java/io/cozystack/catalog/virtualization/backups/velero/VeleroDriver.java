package io.cozystack.catalog.virtualization.backups.velero;

import io.cozystack.api.Contracts;
import io.cozystack.api.backups.driver.DriverRegistrationSpec;
import io.cozystack.api.backups.driver.StrategyHandoff;
import io.cozystack.api.backups.v1alpha1.Backup;
import io.cozystack.api.backups.v1alpha1.RestoreJob;
import io.cozystack.contracts.driver.BackupClassRoute;
import io.cozystack.contracts.driver.BackupRun;
import io.cozystack.contracts.driver.Progress;
import io.cozystack.contracts.driver.RestoreRun;
import io.cozystack.contracts.driver.StrategyDriver;
import io.cozystack.contracts.driver.StrategyTemplate;
import io.cozystack.contracts.driver.WatchedKind;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The virtualization catalog's Velero driver (strategy kind {@code Velero}): backs an application
 * up as a Velero {@code Backup} and restores it as a Velero {@code Restore}, both in cozy-velero
 * and labelled with the owning job; removes a deleted RestoreJob's Velero Restores and asks Velero
 * (a {@code DeleteBackupRequest}) to delete the Velero Backup of a deleted Backup.
 *
 * <p>Left out of Cozystack's driver, for now: the VMInstance specifics other than its disks (which
 * a backup selects), keeping IP and MAC, renaming the original PVCs, suspending HelmReleases around
 * a restore, the resource-modifier ConfigMap), and restores into a renamed application.
 */
public final class VeleroDriver implements StrategyDriver {
  public static final String NAME = "velero.virtualization.cozystack.io";
  public static final String CATALOG = "cozystack.virtualization";

  /** Must equal {@code catalogs/virtualization/catalog.yaml} {@code metadata.version}. */
  public static final String CATALOG_VERSION = "0.1.0";

  public static final String KIND = "Velero";

  @Override
  public DriverRegistrationSpec registration() {
    return new DriverRegistrationSpec(
        NAME,
        new DriverRegistrationSpec.CatalogRef(CATALOG, CATALOG_VERSION),
        Contracts.VERSION,
        List.of(new DriverRegistrationSpec.StrategyKind(StrategyHandoff.STRATEGY_GROUP, KIND)),
        60);
  }

  @Override
  public List<WatchedKind> watches() {
    return List.of(
        WatchedKind.labelled(Velero.API_VERSION, Velero.BACKUP),
        WatchedKind.labelled(Velero.API_VERSION, Velero.RESTORE));
  }

  @Override
  public Progress backup(BackupRun run) {
    List<GenericKubernetesResource> existing =
        owned(run.client(), Velero.BACKUP, run.ownerLabels());
    if (existing.size() > 1) {
      return VeleroBackups.tooMany(existing.size());
    }
    if (!existing.isEmpty()) {
      return VeleroBackups.observe(existing.get(0));
    }
    GenericKubernetesResource desired;
    try {
      desired =
          VeleroBackups.desired(
              run.namespace(),
              run.name(),
              run.ownerLabels(),
              VeleroBackups.withVmDisks(
                  VeleroBackups.renderSpec(run.strategy(), run.templateContext()),
                  Serialization.jsonMapper().valueToTree(run.application())),
              VeleroBackups.underlyingResources(
                  run.namespace(), run.job().getSpec().applicationRef()));
    } catch (StrategyTemplate.TemplateException e) {
      return Progress.failed("TemplateError", e.getMessage());
    } catch (IllegalArgumentException e) {
      return Progress.failed("StrategyInvalid", e.getMessage());
    }
    return VeleroBackups.observe(
        Velero.objects(run.client(), Velero.BACKUP).resource(desired).create());
  }

  @Override
  public Progress restore(RestoreRun run) {
    RestoreOptions options;
    try {
      options = RestoreOptions.parse(run.options());
    } catch (IllegalArgumentException e) {
      return Progress.failed("InvalidOptions", e.getMessage());
    }
    Optional<String> veleroBackup = VeleroRestores.veleroBackupName(run.backup());
    if (veleroBackup.isEmpty()) {
      return VeleroRestores.noVeleroBackup(run.backup());
    }
    List<GenericKubernetesResource> existing =
        owned(run.client(), Velero.RESTORE, run.ownerLabels());
    if (existing.size() > 1) {
      return VeleroRestores.tooMany(existing.size());
    }
    if (!existing.isEmpty()) {
      return VeleroRestores.observe(existing.get(0));
    }
    return startRestore(run, options, veleroBackup.get());
  }

  /** Creates the Velero Restore once the target namespace of a copy restore exists. */
  private Progress startRestore(RestoreRun run, RestoreOptions options, String veleroBackup) {
    String backupNamespace = run.backup().getMetadata().getNamespace();
    Optional<String> copyTo = options.copyTo(backupNamespace);
    if (copyTo.isPresent() && run.client().namespaces().withName(copyTo.get()).get() == null) {
      return Progress.failed(
          "TargetNamespaceNotFound",
          "target namespace " + copyTo.get() + " of the copy restore does not exist");
    }
    if (copyTo.isPresent() && options.failIfTargetExists() && targetExists(run, copyTo.get())) {
      return Progress.failed(
          "TargetExists",
          run.target().kind()
              + " "
              + copyTo.get()
              + "/"
              + run.target().name()
              + " already exists; delete it, or set spec.options.failIfTargetExists: false to"
              + " restore over it");
    }
    GenericKubernetesResource desired;
    try {
      desired =
          VeleroRestores.desired(
              run.namespace(),
              run.name(),
              run.ownerLabels(),
              VeleroRestores.renderSpec(run.strategy(), run.templateContext(Map.of())),
              veleroBackup,
              backupNamespace,
              copyTo);
    } catch (StrategyTemplate.TemplateException e) {
      return Progress.failed("TemplateError", e.getMessage());
    }
    return VeleroRestores.observe(
        Velero.objects(run.client(), Velero.RESTORE).resource(desired).create());
  }

  /** Whether the application a copy restore would create is already in the target namespace. */
  private static boolean targetExists(RestoreRun run, String namespace) {
    return run.client()
            .genericKubernetesResources(
                BackupClassRoute.group(run.target()) + "/v1alpha1", run.target().kind())
            .inNamespace(namespace)
            .withName(run.target().name())
            .get()
        != null;
  }

  /** The Velero objects of {@code kind} in cozy-velero labelled for one job (read live). */
  private static List<GenericKubernetesResource> owned(
      KubernetesClient client, String kind, Map<String, String> ownerLabels) {
    return Velero.objects(client, kind)
        .inNamespace(Velero.NAMESPACE)
        .withLabels(ownerLabels)
        .list()
        .getItems();
  }

  @Override
  public boolean cleansUpRestores() {
    return true;
  }

  @Override
  public void cleanUpRestore(KubernetesClient client, RestoreJob job, Optional<Backup> backup) {
    VeleroCleanups.restore(client, job);
  }

  @Override
  public boolean cleansUpBackups() {
    return true;
  }

  @Override
  public void cleanUpBackup(KubernetesClient client, Backup backup) {
    VeleroCleanups.backup(client, backup);
  }
}
