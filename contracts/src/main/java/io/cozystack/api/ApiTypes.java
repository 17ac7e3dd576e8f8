package io.cozystack.api;

import io.cozystack.api.backups.strategy.v1alpha1.Job;
import io.cozystack.api.backups.v1alpha1.Backup;
import io.cozystack.api.backups.v1alpha1.BackupClass;
import io.cozystack.api.backups.v1alpha1.BackupDriver;
import io.cozystack.api.backups.v1alpha1.BackupJob;
import io.cozystack.api.backups.v1alpha1.Plan;
import io.cozystack.api.backups.v1alpha1.RestoreJob;
import io.cozystack.api.v1alpha1.ApplicationDefinition;
import io.cozystack.api.v1alpha1.ClusterValues;
import io.cozystack.api.v1alpha1.Package;
import io.cozystack.api.v1alpha1.PackageSource;
import io.cozystack.api.v1alpha1.PlatformProperties;
import io.fabric8.kubernetes.client.CustomResource;
import java.util.List;

/** Every custom resource kind this project defines; each has a CRD under crds/. */
public final class ApiTypes {
  /** All resource classes, in a stable order. */
  public static final List<Class<? extends CustomResource<?, ?>>> ALL =
      List.of(
          PackageSource.class,
          Package.class,
          ApplicationDefinition.class,
          ClusterValues.class,
          PlatformProperties.class,
          BackupClass.class,
          BackupJob.class,
          Backup.class,
          RestoreJob.class,
          Plan.class,
          BackupDriver.class,
          Job.class);

  private ApiTypes() {}
}
