package io.cozystack.api.backups.v1alpha1;

import io.cozystack.api.backups.driver.DriverRegistrationSpec;
import io.fabric8.crd.generator.annotation.AdditionalPrinterColumn;
import io.fabric8.generator.annotation.ValidationRule;
import io.fabric8.kubernetes.client.CustomResource;
import io.fabric8.kubernetes.model.annotation.Group;
import io.fabric8.kubernetes.model.annotation.Plural;
import io.fabric8.kubernetes.model.annotation.Version;

/**
 * A backup driver's registration (backup-driver SDK): the strategy kinds it claims, kept alive by
 * its Lease {@code backup-driver-<name>} in cozy-system. Cluster-scoped, named after the driver.
 * The platform decides, for every kind, which live driver owns it, and reports that in status.
 */
@Group(BackupsApi.GROUP)
@Version("v1alpha1")
@Plural("backupdrivers")
@ValidationRule(
    value = "self.metadata.name == self.spec.driver",
    message = "a BackupDriver is named after its spec.driver")
@AdditionalPrinterColumn(name = "Catalog", jsonPath = ".spec.catalog.name")
@AdditionalPrinterColumn(name = "Ready", jsonPath = ".status.conditions[?(@.type=='Ready')].status")
@AdditionalPrinterColumn(
    name = "Status",
    jsonPath = ".status.conditions[?(@.type=='Ready')].message")
public class BackupDriver extends CustomResource<DriverRegistrationSpec, BackupDriverStatus> {
  /** Namespace of the drivers' heartbeat Leases. */
  public static final String LEASE_NAMESPACE = "cozy-system";

  /** Lease name prefix: {@code backup-driver-<driver>}. */
  public static final String LEASE_PREFIX = "backup-driver-";

  /** Seconds without a heartbeat after which a claim lapses, unless the driver states another. */
  public static final int DEFAULT_LEASE_SECONDS = 60;
}
