package io.cozystack.operator.packages;

import io.cozystack.api.v1alpha1.Package;
import io.cozystack.api.v1alpha1.PackageStatus;
import io.cozystack.api.v1alpha1.PackageStatus.ComponentState;
import io.cozystack.api.v1alpha1.PackageStatus.ComponentStatus;
import io.cozystack.operator.ReconcileRequests;
import io.cozystack.operator.status.Conditions;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/** The one place a Package's status is computed: honest readiness from its releases. */
public final class PackageStatusBuilder {
  /** Condition type shown while {@code spec.suspend} is true. */
  public static final String SUSPENDED = "Suspended";

  private PackageStatusBuilder() {}

  /** Condition type: whether the platform meets the catalog's requirements (K3). */
  public static final String COMPATIBLE = "Compatible";

  /** Condition type: whether the Package's catalog installs with helm-controller's own rights. */
  public static final String TRUSTED = "Trusted";

  public static PackageStatus build(
      Package pkg,
      PackagePlan plan,
      Map<String, ComponentStatus> components,
      PackageCompatibility.Verdict compatibility,
      Instant now) {
    return build(pkg, plan, components, compatibility, Optional.empty(), now);
  }

  /**
   * @param trust how the Package's catalog is installed (condition {@value #TRUSTED}), empty when
   *     its source names no Flux source
   */
  public static PackageStatus build(
      Package pkg,
      PackagePlan plan,
      Map<String, ComponentStatus> components,
      PackageCompatibility.Verdict compatibility,
      Optional<CatalogTrust.Verdict> trust,
      Instant now) {
    long generation = Optional.ofNullable(pkg.getMetadata().getGeneration()).orElse(0L);
    Conditions conditions =
        Conditions.from(
            pkg.getStatus() == null ? null : pkg.getStatus().conditions(), generation, now);
    Map<String, PackageStatus.DependencyStatus> dependencies;
    if (plan instanceof PackagePlan.Blocked blocked) {
      dependencies = blocked.dependencies();
      if (blocked.terminal()) {
        conditions.stalled(blocked.reason(), blocked.message());
      } else {
        conditions.waiting(blocked.reason(), blocked.message());
      }
    } else {
      PackagePlan.Ready ready = (PackagePlan.Ready) plan;
      dependencies = ready.dependencies();
      readiness(ready, components, conditions);
    }
    compatible(compatibility, conditions);
    trust.ifPresent(
        t ->
            conditions.set(
                TRUSTED,
                t.trusted()
                    ? io.cozystack.api.meta.ConditionStatus.TRUE
                    : io.cozystack.api.meta.ConditionStatus.FALSE,
                t.trusted() ? "TrustedSource" : "DeclaredRightsOnly",
                t.message()));
    return new PackageStatus(
        generation,
        conditions.build(),
        dependencies.isEmpty() ? null : new TreeMap<>(dependencies),
        components.isEmpty() ? null : new TreeMap<>(components),
        ReconcileRequests.requestedAt(pkg).orElse(null),
        plan instanceof PackagePlan.Ready ready ? transport(ready) : null);
  }

  private static io.cozystack.api.v1alpha1.ValuesTransport transport(PackagePlan.Ready plan) {
    return plan.releases().stream()
        .map(PackagePlan.DesiredRelease::values)
        .filter(java.util.Objects::nonNull)
        .map(PackagePlan.ValuesNeed::transport)
        .findFirst()
        .orElse(null);
  }

  static void compatible(PackageCompatibility.Verdict verdict, Conditions conditions) {
    String reason =
        switch (verdict.state()) {
          case NOT_DECLARED -> "NoRequirements";
          case COMPATIBLE -> "Compatible";
          case OVERRIDDEN -> "Overridden";
          case INCOMPATIBLE -> "Incompatible";
        };
    conditions.set(
        COMPATIBLE,
        verdict.blocks()
            ? io.cozystack.api.meta.ConditionStatus.FALSE
            : io.cozystack.api.meta.ConditionStatus.TRUE,
        reason,
        verdict.message());
  }

  private static void readiness(
      PackagePlan.Ready plan, Map<String, ComponentStatus> components, Conditions conditions) {
    List<String> conflicts = describe(components, ComponentState.CONFLICT);
    List<String> failed = describe(components, ComponentState.FAILED);
    List<String> retrying = describe(components, ComponentState.RETRYING);
    List<String> missing = describe(components, ComponentState.VALUES_MISSING);
    List<String> waiting = describe(components, ComponentState.WAITING_FOR_VALUES);
    List<String> progressing = names(components, ComponentState.PROGRESSING);
    int total = plan.releases().size();
    if (!conflicts.isEmpty()) {
      conditions.stalled("OwnershipConflict", String.join("; ", conflicts));
    } else if (!failed.isEmpty()) {
      conditions.stalled(failureReason(failed), String.join("; ", failed));
    } else if (!retrying.isEmpty()) {
      conditions.waiting(failureReason(retrying), String.join("; ", retrying));
    } else if (!missing.isEmpty()) {
      conditions.stalled("ValuesMissing", String.join("; ", missing));
    } else if (!waiting.isEmpty()) {
      conditions.waiting("WaitingForValues", String.join("; ", waiting));
    } else if (!progressing.isEmpty()) {
      conditions.progressing(
          "Progressing",
          (total - progressing.size())
              + " of "
              + total
              + " helmrelease(s) ready; waiting for "
              + String.join(", ", progressing));
    } else {
      conditions.ready(
          "ReconciliationSucceeded",
          "reconciliation succeeded, generated " + total + " helmrelease(s), all ready");
    }
  }

  /** {@link RightsRefusal#REASON} when a release was refused a right, else ReleaseFailed. */
  private static String failureReason(List<String> failures) {
    return failures.stream().anyMatch(f -> f.contains(RightsRefusal.REASON + ": "))
        ? RightsRefusal.REASON
        : "ReleaseFailed";
  }

  private static List<String> describe(
      Map<String, ComponentStatus> components, ComponentState state) {
    return components.entrySet().stream()
        .filter(e -> e.getValue().state() == state)
        .map(e -> e.getKey() + ": " + e.getValue().message())
        .sorted()
        .toList();
  }

  private static List<String> names(Map<String, ComponentStatus> components, ComponentState state) {
    return components.entrySet().stream()
        .filter(e -> e.getValue().state() == state)
        .map(e -> e.getValue().release())
        .sorted()
        .toList();
  }

  /** Status of a suspended Package: what was known before, plus Suspended=True. */
  public static PackageStatus suspended(Package pkg, Instant now) {
    long generation = Optional.ofNullable(pkg.getMetadata().getGeneration()).orElse(0L);
    PackageStatus previous = pkg.getStatus();
    String reason = pkg.getSpec().suspendReason();
    Conditions conditions =
        Conditions.from(previous == null ? null : previous.conditions(), generation, now)
            .keep(Conditions.READY)
            .keep(Conditions.STALLED)
            .keep(COMPATIBLE)
            .set(
                SUSPENDED,
                io.cozystack.api.meta.ConditionStatus.TRUE,
                "Suspended",
                reason == null || reason.isBlank()
                    ? "suspended by spec.suspend; no changes are made until it is unset"
                    : "suspended: " + reason);
    return new PackageStatus(
        generation,
        conditions.build(),
        previous == null ? null : previous.dependencies(),
        previous == null ? null : previous.components(),
        ReconcileRequests.requestedAt(pkg).orElse(null),
        previous == null ? null : previous.valuesTransport());
  }

  /** Status while a deleted Package removes its releases, leaves first. */
  public static PackageStatus deleting(
      Package pkg, List<io.cozystack.operator.flux.HelmRelease> remaining, Instant now) {
    long generation = Optional.ofNullable(pkg.getMetadata().getGeneration()).orElse(0L);
    List<String> keys = remaining.stream().map(DeletionOrder::key).sorted().toList();
    Conditions conditions =
        Conditions.from(
                pkg.getStatus() == null ? null : pkg.getStatus().conditions(), generation, now)
            .waiting(
                "Deleting",
                "deleting "
                    + keys.size()
                    + " helmrelease(s) in reverse dependency order: "
                    + String.join(", ", keys));
    Map<String, ComponentStatus> components = new TreeMap<>();
    if (pkg.getStatus() != null && pkg.getStatus().components() != null) {
      pkg.getStatus()
          .components()
          .forEach(
              (component, old) -> {
                if (keys.contains(old.release())) {
                  components.put(
                      component,
                      new ComponentStatus(old.release(), ComponentState.DELETING, "being deleted"));
                }
              });
    }
    return new PackageStatus(
        generation,
        conditions.build(),
        null,
        components.isEmpty() ? null : components,
        ReconcileRequests.requestedAt(pkg).orElse(null),
        pkg.getStatus() == null ? null : pkg.getStatus().valuesTransport());
  }
}
