package io.cozystack.e2e;

import static io.cozystack.e2e.HostileCase.refused;
import static io.cozystack.e2e.HostileCase.reported;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Hostile backup objects (Plans, BackupJobs, RestoreJobs, BackupDrivers, BackupClasses) and the
 * platform's singletons (ClusterValues, PlatformProperties, judged by dry run so that an accept
 * could not change them for everyone else).
 */
final class HostileBackups {
  /** The BackupClass the suite installs: HxDb instances are backed up by a Job strategy. */
  static final String CLASS =
      """
      apiVersion: backups.cozystack.io/v1alpha1
      kind: BackupClass
      metadata: {name: hx-class}
      spec:
        strategies:
          - application: {apiGroup: apps.cozystack.io, kind: HxDb}
            strategyRef: {apiGroup: strategy.backups.cozystack.io, kind: Job, name: hx-job}
            parameters: {retention: 7d}
      """;

  private static final String PLAN =
      """
      apiVersion: backups.cozystack.io/v1alpha1
      kind: Plan
      metadata: {name: hx-plan, namespace: "{{ns}}"}
      spec:
        applicationRef: {apiGroup: apps.cozystack.io, kind: HxDb, name: good}
        backupClassName: hx-class
        schedule: {type: cron, cron: "0 * * * *"}
      """;

  private static final String BACKUP_JOB =
      """
      apiVersion: backups.cozystack.io/v1alpha1
      kind: BackupJob
      metadata: {name: hx-backup, namespace: "{{ns}}"}
      spec:
        applicationRef: {apiGroup: apps.cozystack.io, kind: HxDb, name: good}
        backupClassName: hx-class
      """;

  private static final String RESTORE_JOB =
      """
      apiVersion: backups.cozystack.io/v1alpha1
      kind: RestoreJob
      metadata: {name: hx-restore, namespace: "{{ns}}"}
      spec:
        backupRef: {name: hx-backup}
        targetApplicationRef: {apiGroup: apps.cozystack.io, kind: HxDb, name: good}
      """;

  private static final String DRIVER =
      """
      apiVersion: backups.cozystack.io/v1alpha1
      kind: BackupDriver
      metadata: {name: hx.driver}
      spec:
        driver: hx.driver
        contractVersion: 1
        catalog: {name: hx, version: 1.0.0}
        strategies: [{apiGroup: strategy.backups.cozystack.io, kind: HxStrategy}]
      """;

  private static final String VALUES =
      """
      apiVersion: cozystack.io/v1alpha1
      kind: ClusterValues
      metadata: {name: cozystack}
      spec: {rootHost: example.org, transport: ConfigMap}
      """;

  private static final String PROPERTIES =
      """
      apiVersion: cozystack.io/v1alpha1
      kind: PlatformProperties
      metadata: {name: cozystack}
      spec: {gpu: {mig: false}, network: {multus: true}}
      """;

  private HostileBackups() {}

  static List<HostileCase> all() {
    List<HostileCase> cases = new ArrayList<>();
    cases.addAll(mutations());
    cases.addAll(singletons());
    cases.addAll(semantic());
    return cases;
  }

  private static List<HostileCase> mutations() {
    List<HostileCase> cases = new ArrayList<>();
    cases.addAll(
        HostileMutations.of("Plan", PLAN)
            .set("spec.backupClassName", "")
            .remove("spec.applicationRef")
            .remove("spec.applicationRef.kind")
            .set("spec.schedule.type", "hourly")
            .cases());
    cases.addAll(
        HostileMutations.of("BackupJob", BACKUP_JOB)
            .remove("spec.applicationRef")
            .remove("spec.applicationRef.name")
            .set("spec.backupClassName", "")
            .set("spec.planRef", "nightly")
            .cases());
    cases.addAll(
        HostileMutations.of("RestoreJob", RESTORE_JOB)
            .remove("spec.backupRef")
            .remove("spec.backupRef.name")
            .remove("spec.targetApplicationRef.kind")
            .cases());
    cases.addAll(
        HostileMutations.of("BackupDriver", DRIVER)
            .set("spec.driver", "Bad_Driver")
            .remove("spec.catalog")
            .set("spec.contractVersion", "one")
            .remove("spec.strategies[0].kind")
            .cases());
    cases.addAll(
        HostileMutations.of("BackupClass", CLASS)
            .remove("spec.strategies")
            .remove("spec.strategies[0].strategyRef.name")
            .remove("spec.strategies[0].application.kind")
            .set("spec.strategies[0].parameters", Map.of("retention", 7))
            .cases());
    return cases;
  }

  private static List<HostileCase> singletons() {
    List<HostileCase> cases = new ArrayList<>();
    HostileMutations values = HostileMutations.of("ClusterValues", VALUES).keepName();
    for (var change :
        List.of(
            Map.entry("spec.rootHost", (Object) "Evil_Host"),
            Map.entry("spec.solver", "dns02"),
            Map.entry("spec.transport", "Carrier"),
            Map.entry("spec.cpuAllocationRatio", "lots"),
            Map.entry("spec.monitoringEnabled", "yes"),
            Map.entry("spec.exposeExternalIps", "1.2.3.4"))) {
      cases.add(
          HostileCase.refusedDryRun(
              "ClusterValues/" + change.getKey() + "=" + change.getValue(),
              values.mutate(change.getKey(), change.getValue()),
              change.getKey()));
    }
    cases.add(
        HostileCase.refusedDryRun(
            "ClusterValues/spec.rootHost=\"\"",
            values.mutate("spec.rootHost", ""),
            "spec.rootHost"));
    HostileMutations properties = HostileMutations.of("PlatformProperties", PROPERTIES).keepName();
    cases.add(
        HostileCase.refusedDryRun(
            "PlatformProperties/spec.gpu.mig=\"yes\"",
            properties.mutate("spec.gpu.mig", "yes"),
            "spec.gpu.mig"));
    cases.add(
        HostileCase.refusedDryRun(
            "PlatformProperties/spec.network=\"on\"",
            properties.mutate("spec.network", "on"),
            "spec.network"));
    cases.add(
        refused(
            "second ClusterValues", VALUES.replace("name: cozystack", "name: other"), "cozystack"));
    cases.add(
        refused(
            "second PlatformProperties",
            PROPERTIES.replace("name: cozystack", "name: other"),
            "cozystack"));
    return cases;
  }

  private static List<HostileCase> semantic() {
    return List.of(
        refused(
            "Plan named beyond 242 characters", PLAN.replace("hx-plan", "p".repeat(243)), "242"),
        reported(
            "Plan with a cron that cannot parse",
            PLAN.replace("0 * * * *", "every day"),
            "InvalidSchedule"),
        reported(
            "Plan with a minute of 61",
            PLAN.replace("hx-plan", "hx-plan-61").replace("0 * * * *", "61 * * * *"),
            "InvalidSchedule"),
        reported(
            "BackupJob of a class that does not exist",
            BACKUP_JOB.replace("hx-backup", "hx-no-class").replace("hx-class", "hx-ghost-class"),
            "BackupClassNotFound"),
        reported(
            "BackupJob of a kind its class has no strategy for",
            BACKUP_JOB.replace("hx-backup", "hx-no-strategy").replace("kind: HxDb", "kind: HxOpen"),
            "NoMatchingStrategy"),
        reported(
            "BackupJob of a strategy no driver claims",
            CLASS.replace("hx-class", "hx-orphan-class").replace("kind: Job", "kind: HxNobody")
                + "---\n"
                + BACKUP_JOB
                    .replace("hx-backup", "hx-no-driver")
                    .replace("hx-class", "hx-orphan-class"),
            "DriverNotInstalled"),
        reported(
            "RestoreJob of a Backup that does not exist",
            RESTORE_JOB
                .replace("hx-restore", "hx-no-backup")
                .replace("name: hx-backup", "name: hx-ghost"),
            "BackupNotFound"),
        reported(
            "BackupDriver of an unsupported contract",
            DRIVER
                .replace("hx.driver", "hx.future")
                .replace("contractVersion: 1", "contractVersion: 99"),
            "UnsupportedContract"),
        refused(
            "BackupDriver named apart from its driver",
            DRIVER.replace("metadata: {name: hx.driver}", "metadata: {name: hx.other}"),
            "spec.driver"));
  }
}
