package io.cozystack.operator;

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
import io.cozystack.operator.apps.ApplicationDefinitionReconciler;
import io.cozystack.operator.apps.ApplicationKinds;
import io.cozystack.operator.backups.BackupDriverReconciler;
import io.cozystack.operator.backups.BackupJobDispatcher;
import io.cozystack.operator.backups.BackupMetrics;
import io.cozystack.operator.backups.CredentialsGate;
import io.cozystack.operator.backups.JobDriver;
import io.cozystack.operator.backups.LegacyFinalizerReconciler;
import io.cozystack.operator.backups.PlanReconciler;
import io.cozystack.operator.backups.RestoreJobDispatcher;
import io.cozystack.operator.backups.credentials.CredentialsProjector;
import io.cozystack.operator.backups.credentials.CredentialsSettings;
import io.cozystack.operator.computeplane.ComputePlaneSettings;
import io.cozystack.operator.computeplane.ComputePlanes;
import io.cozystack.operator.computeplane.ReadyzProbe;
import io.cozystack.operator.observability.StateGauges;
import io.cozystack.operator.packages.PackageReconciler;
import io.cozystack.operator.packages.PackageSourceReconciler;
import io.cozystack.operator.packages.ReleaseSettings;
import io.cozystack.operator.values.ValuesBoard;
import io.cozystack.operator.values.ValuesProjectionReconciler;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.javaoperatorsdk.operator.api.config.ControllerConfigurationOverrider;
import io.javaoperatorsdk.operator.api.reconciler.Reconciler;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import java.util.List;
import java.util.function.Consumer;

/** The table of every controller the operator runs. */
public final class Controllers {

  /** A controller: its name, the kind it reconciles and its reconciler. */
  public record Entry<R extends HasMetadata>(
      String name,
      Class<R> type,
      Reconciler<R> reconciler,
      Consumer<ControllerConfigurationOverrider<R>> configuration) {
    public Entry(String name, Class<R> type, Reconciler<R> reconciler) {
      this(name, type, reconciler, config -> {});
    }

    public String kind() {
      return HasMetadata.getKind(type);
    }

    public String apiVersion() {
      return HasMetadata.getApiVersion(type);
    }
  }

  private Controllers() {}

  /** Reconcile on spec changes and on {@link ReconcileRequests}, not on our own status writes. */
  private static <R extends HasMetadata> void reconcileOnRequest(
      ControllerConfigurationOverrider<R> config) {
    config.withGenerationAware(false).withOnUpdateFilter(ReconcileRequests::relevantUpdate);
  }

  /**
   * Every controller. Kinds whose behaviour is not built yet run an {@link ObservingReconciler}: it
   * keeps an informer on the kind (so a missing CRD fails start-up) and changes nothing.
   */
  public static List<Entry<?>> all(
      KubernetesClient client, ReleaseSettings releaseSettings, MeterRegistry registry) {
    return all(client, releaseSettings, CredentialsSettings.DISABLED, registry);
  }

  /**
   * The backup drivers the platform runs itself (the Job driver), on the same SDK runtime as a
   * catalog's driver; they run only while this replica leads.
   */
  public static List<io.cozystack.contracts.driver.StrategyDriver> drivers() {
    return List.of(new JobDriver());
  }

  /** Every controller, with the backup credentials projection as configured. */
  public static List<Entry<?>> all(
      KubernetesClient client,
      ReleaseSettings releaseSettings,
      CredentialsSettings credentialsSettings,
      MeterRegistry registry) {
    return all(
        client, releaseSettings, credentialsSettings, ComputePlaneSettings.defaults(), registry);
  }

  /** Every controller, with the credentials projection and ComputePlane probing as configured. */
  public static List<Entry<?>> all(
      KubernetesClient client,
      ReleaseSettings releaseSettings,
      CredentialsSettings credentialsSettings,
      ComputePlaneSettings computePlaneSettings,
      MeterRegistry registry) {
    ValuesBoard values = new ValuesBoard();
    BackupMetrics backupMetrics = new BackupMetrics(registry, Clock.systemUTC().instant());
    CredentialsGate credentials =
        new CredentialsGate(new CredentialsProjector(client, credentialsSettings));
    return List.of(
        new Entry<>(
            "clustervalues",
            ClusterValues.class,
            new ValuesProjectionReconciler(values, Clock.systemUTC()),
            Controllers::reconcileOnRequest),
        new Entry<>(
            "platformproperties",
            PlatformProperties.class,
            new PlatformPropertiesReconciler(Clock.systemUTC())),
        new Entry<>(
            "packagesource", PackageSource.class, new PackageSourceReconciler(Clock.systemUTC())),
        new Entry<>(
            "package",
            Package.class,
            new PackageReconciler(
                releaseSettings, Clock.systemUTC(), new StateGauges(registry), values),
            Controllers::reconcileOnRequest),
        new Entry<>(
            "applicationdefinition",
            ApplicationDefinition.class,
            new ApplicationDefinitionReconciler(
                new ApplicationKinds(
                    client,
                    releaseSettings,
                    values,
                    new ComputePlanes(
                        client,
                        new ReadyzProbe(computePlaneSettings.timeout(), Clock.systemUTC()),
                        computePlaneSettings),
                    Clock.systemUTC(),
                    registry),
                Clock.systemUTC()),
            config ->
                config
                    .withGenerationAware(false)
                    .withOnUpdateFilter(ReconcileRequests::relevantOrAnnotated)),
        new Entry<>("backupclass", BackupClass.class, new BackupClassObserver()),
        new Entry<>(
            "backupjob",
            BackupJob.class,
            new BackupJobDispatcher(Clock.systemUTC(), backupMetrics, credentials),
            config -> config.withGenerationAware(false)),
        new Entry<>(
            "backup",
            Backup.class,
            new LegacyFinalizerReconciler.ForBackups(Clock.systemUTC()),
            // It acts on deletions, which JOSDK otherwise keeps from a reconciler without
            // finalizer.
            config -> config.withGenerationAware(false).withTriggerReconcilerOnAllEvents(true)),
        new Entry<>(
            "restorejob-legacy-finalizers",
            RestoreJob.class,
            new LegacyFinalizerReconciler.ForRestoreJobs(Clock.systemUTC()),
            config -> config.withGenerationAware(false).withTriggerReconcilerOnAllEvents(true)),
        new Entry<>(
            "restorejob",
            RestoreJob.class,
            new RestoreJobDispatcher(Clock.systemUTC(), backupMetrics, credentials),
            config -> config.withGenerationAware(false)),
        new Entry<>("plan", Plan.class, new PlanReconciler(Clock.systemUTC())),
        new Entry<>(
            "backupdriver", BackupDriver.class, new BackupDriverReconciler(Clock.systemUTC())),
        new Entry<>("job", Job.class, new JobObserver()));
  }

  static final class BackupClassObserver extends ObservingReconciler<BackupClass> {}

  static final class JobObserver extends ObservingReconciler<Job> {}
}
