package io.cozystack.operator.packages;

import io.cozystack.api.meta.Condition;
import io.cozystack.api.v1alpha1.Package;
import io.cozystack.api.v1alpha1.PackageStatus;
import io.cozystack.api.v1alpha1.PackageStatus.ComponentStatus;
import io.cozystack.operator.ReconcileErrors;
import io.cozystack.operator.flux.HelmRelease;
import io.cozystack.operator.observability.StateGauges;
import io.cozystack.operator.status.Conditions;
import io.cozystack.operator.status.EventRecorder;
import io.cozystack.operator.values.ValuesBoard;
import io.cozystack.operator.values.ValuesCheck;
import io.cozystack.operator.values.ValuesWakeups;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.javaoperatorsdk.operator.api.reconciler.Cleaner;
import io.javaoperatorsdk.operator.api.reconciler.Context;
import io.javaoperatorsdk.operator.api.reconciler.DeleteControl;
import io.javaoperatorsdk.operator.api.reconciler.ErrorStatusUpdateControl;
import io.javaoperatorsdk.operator.api.reconciler.EventSourceContext;
import io.javaoperatorsdk.operator.api.reconciler.Reconciler;
import io.javaoperatorsdk.operator.api.reconciler.UpdateControl;
import io.javaoperatorsdk.operator.processing.event.ResourceID;
import io.javaoperatorsdk.operator.processing.event.source.EventSource;
import io.micrometer.core.instrument.Tags;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Package → one HelmRelease per installed, enabled component of its variant, the namespaces they
 * need, and a status that is Ready only when every release is. Deleting a Package removes its
 * releases in reverse dependency order (finalizer); namespaces are kept.
 */
public final class PackageReconciler implements Reconciler<Package>, Cleaner<Package> {
  private static final Logger LOG = LoggerFactory.getLogger(PackageReconciler.class);
  static final String READY_GAUGE = "cozy_package_ready";
  static final String CONFLICTS_GAUGE = "cozy_package_conflicts";

  private final ReleaseSettings settings;
  private final Clock clock;
  private final Map<String, Announcement> announced = new ConcurrentHashMap<>();

  /** The guard of untrusted catalogs: what they may install where, and their RBAC. */
  private final CatalogGuard catalogs = new CatalogGuard(key -> this.sources.cachedRelease(key));

  private PackageEventSources sources;
  private PackageNamespaces namespaces;

  private final StateGauges gauges;
  private final ValuesBoard values;
  private final ValuesWakeups<Package> wakeups = new ValuesWakeups<>();

  public PackageReconciler(
      ReleaseSettings settings, Clock clock, StateGauges gauges, ValuesBoard values) {
    this.settings = settings;
    this.clock = clock;
    this.gauges = gauges;
    this.values = values;
  }

  @Override
  public UpdateControl<Package> reconcile(Package pkg, Context<Package> ctx) {
    if (pkg.getSpec() != null && Boolean.TRUE.equals(pkg.getSpec().suspend())) {
      return statusUpdate(pkg, PackageStatusBuilder.suspended(pkg, clock.instant()), events(ctx));
    }
    Lookup lookup = Lookup.of(sources.packages(), sources.packageSources());
    PackageCompatibility.Verdict compatibility =
        PackageCompatibility.verdict(
            pkg, lookup.source(pkg.getMetadata().getName()), sources.platform());
    Optional<CatalogTrust.Verdict> trust =
        lookup.source(pkg.getMetadata().getName()).flatMap(settings.trust()::of);
    Optional<PackagePlan.Blocked> foreign =
        catalogs
            .foreignSource(lookup, pkg)
            .or(
                () ->
                    trust
                        .flatMap(CatalogTrust.Verdict::problem)
                        .map(
                            p ->
                                new PackagePlan.Blocked(
                                    "InvalidCatalogSource", p, true, Map.of())));
    PackagePlan plan =
        compatibility.blocks()
            ? new PackagePlan.Blocked("Incompatible", compatibility.message(), true, Map.of())
            : foreign.isPresent()
                ? foreign.get()
                : PackagePlanner.plan(pkg, lookup, settings, values.transport().orElse(null));
    plan =
        NamespacePlanner.refusal(
            catalogs.bound(plan, trust, lookup), pkg, lookup, namespaces::handedOver);
    Map<String, ComponentStatus> components;
    if (plan instanceof PackagePlan.Ready ready) {
      namespaces.ensure(ready, lookup, ctx.getClient());
      trust
          .filter(t -> !t.trusted())
          .ifPresent(t -> catalogs.applyRbac(t, lookup, ctx.getClient()));
      components = applyReleases(pkg, ready, ctx.getClient(), events(ctx));
      Set<String> left = namespaces.left(pkg, ready, lookup);
      deleteOrphans(pkg, ready, ctx.getClient(), events(ctx));
      left.forEach(namespace -> PackageNamespaces.release(namespace, ctx.getClient()));
    } else {
      components = Map.of();
    }
    PackageStatus status =
        PackageStatusBuilder.build(pkg, plan, components, compatibility, trust, clock.instant());
    recordState(pkg, status);
    return statusUpdate(pkg, status, events(ctx));
  }

  @Override
  public DeleteControl cleanup(Package pkg, Context<Package> ctx) {
    List<HelmRelease> owned = sources.ownedReleases(pkg);
    if (owned.isEmpty()) {
      LOG.info("Package {} deleted; all its HelmReleases are gone", pkg.getMetadata().getName());
      namespaces.releaseAll(pkg, ctx.getClient());
      gauges.remove(READY_GAUGE, Tags.of("package", pkg.getMetadata().getName()));
      gauges.remove(CONFLICTS_GAUGE, Tags.of("package", pkg.getMetadata().getName()));
      return DeleteControl.defaultDelete();
    }
    List<HelmRelease> removable = DeletionOrder.removableNow(owned);
    for (HelmRelease release : removable) {
      if (release.getMetadata().getDeletionTimestamp() == null) {
        LOG.info(
            "Deleting HelmRelease {}/{} of deleted Package {}",
            release.getMetadata().getNamespace(),
            release.getMetadata().getName(),
            pkg.getMetadata().getName());
        ctx.getClient().resource(release).delete();
      }
    }
    ctx.getClient().resource(deletionStatus(pkg, owned)).patchStatus();
    return DeleteControl.noFinalizerRemoval();
  }

  private Map<String, ComponentStatus> applyReleases(
      Package pkg, PackagePlan.Ready plan, KubernetesClient client, EventRecorder events) {
    ReleaseWriter writer = new ReleaseWriter(client, sources::cachedRelease);
    Map<String, ComponentStatus> result = new LinkedHashMap<>();
    for (PackagePlan.DesiredRelease desired : plan.releases()) {
      Optional<ComponentStatus> blocked = valuesBlock(pkg, desired);
      result.put(desired.component(), blocked.orElseGet(() -> writer.write(pkg, desired)));
    }
    writer.announce(pkg, events);
    return result;
  }

  /**
   * Why a release that reads cozystack-values must not be written yet: its namespace does not carry
   * current values by its transport, or a value it requires is missing or empty. An existing
   * release is left as it is, with its last good values.
   */
  private Optional<ComponentStatus> valuesBlock(Package pkg, PackagePlan.DesiredRelease desired) {
    if (desired.values() == null) {
      return Optional.empty();
    }
    String namespace = desired.release().getMetadata().getNamespace();
    ValuesCheck check =
        values.check(
            namespace,
            desired.values().required(),
            desired.values().transport(),
            desired.values().platform(),
            wakeups.of(ResourceID.fromResource(pkg)));
    if (check.ready()) {
      return Optional.empty();
    }
    return Optional.of(
        new ComponentStatus(
            desired.key(),
            check.state() == ValuesCheck.State.MISSING
                ? PackageStatus.ComponentState.VALUES_MISSING
                : PackageStatus.ComponentState.WAITING_FOR_VALUES,
            check.message()));
  }

  /**
   * Removes releases this Package controls that its plan no longer wants (variant switch, disable).
   */
  private void deleteOrphans(
      Package pkg, PackagePlan.Ready plan, KubernetesClient client, EventRecorder events) {
    Set<String> wanted =
        plan.releases().stream()
            .map(PackagePlan.DesiredRelease::key)
            .collect(java.util.stream.Collectors.toSet());
    for (HelmRelease release : sources.ownedReleases(pkg)) {
      String key = release.getMetadata().getNamespace() + "/" + release.getMetadata().getName();
      if (!wanted.contains(key) && release.getMetadata().getDeletionTimestamp() == null) {
        LOG.info(
            "Deleting orphaned HelmRelease {} of Package {}", key, pkg.getMetadata().getName());
        client.resource(release).delete();
        events.normal(
            pkg, "HelmReleaseDeleted", "Deleted HelmRelease " + key + ": no longer wanted");
      }
    }
  }

  private Package deletionStatus(Package pkg, List<HelmRelease> remaining) {
    Package patch = new Package();
    patch.setMetadata(new ObjectMetaBuilder().withName(pkg.getMetadata().getName()).build());
    patch.setStatus(PackageStatusBuilder.deleting(pkg, remaining, clock.instant()));
    return patch;
  }

  /** Per-package gauges: Ready (1/0) and the number of releases in ownership conflict. */
  private void recordState(Package pkg, PackageStatus status) {
    Tags tags = Tags.of("package", pkg.getMetadata().getName());
    gauges.set(
        READY_GAUGE,
        "1 when the package is Ready",
        tags,
        Conditions.isTrue(status.conditions(), Conditions.READY) ? 1 : 0);
    long conflicts =
        status.components() == null
            ? 0
            : status.components().values().stream()
                .filter(c -> c.state() == PackageStatus.ComponentState.CONFLICT)
                .count();
    gauges.set(
        CONFLICTS_GAUGE,
        "HelmReleases the package may not touch (ownership conflicts)",
        tags,
        conflicts);
  }

  private EventRecorder events(Context<Package> ctx) {
    return new EventRecorder(ctx.getClient(), clock);
  }

  private UpdateControl<Package> statusUpdate(
      Package pkg, PackageStatus status, EventRecorder events) {
    announceTransition(pkg, status, events);
    if (status.equals(pkg.getStatus())) {
      return UpdateControl.noUpdate();
    }
    Package patch = new Package();
    patch.setMetadata(new ObjectMetaBuilder().withName(pkg.getMetadata().getName()).build());
    patch.setStatus(status);
    return UpdateControl.patchStatus(patch);
  }

  /**
   * One event per change of the Ready reason or of suspension, what a person should notice.
   * Compared with what was last announced (the cached status can lag one reconcile behind our own
   * patch); after a restart, with the status found.
   */
  private void announceTransition(Package pkg, PackageStatus status, EventRecorder events) {
    Announcement before =
        announced.computeIfAbsent(
            pkg.getMetadata().getUid(),
            uid -> Announcement.of(pkg.getStatus() == null ? null : pkg.getStatus().conditions()));
    Announcement now = Announcement.of(status.conditions());
    if (now.equals(before)) {
      return;
    }
    announced.put(pkg.getMetadata().getUid(), now);
    if (now.suspended() != before.suspended()) {
      events.normal(
          pkg,
          now.suspended() ? "Suspended" : "Resumed",
          now.suspended()
              ? Conditions.find(status.conditions(), PackageStatusBuilder.SUSPENDED).get().message()
              : "spec.suspend unset; reconciling again");
    }
    Optional<Condition> ready = Conditions.find(status.conditions(), Conditions.READY);
    if (ready.isPresent() && !now.suspended() && !now.readyReason().equals(before.readyReason())) {
      Condition c = ready.get();
      if (Conditions.isTrue(status.conditions(), Conditions.STALLED)) {
        events.warning(pkg, c.reason(), c.message());
      } else {
        events.normal(pkg, c.reason(), c.message());
      }
    }
  }

  /** What the last events told about a Package. */
  private record Announcement(boolean suspended, String readyReason) {
    static Announcement of(List<Condition> conditions) {
      return new Announcement(
          Conditions.isTrue(conditions, PackageStatusBuilder.SUSPENDED),
          Conditions.find(conditions, Conditions.READY).map(Condition::reason).orElse(""));
    }
  }

  /** A failed write is shown in status while the framework retries. */
  @Override
  public ErrorStatusUpdateControl<Package> updateErrorStatus(
      Package pkg, Context<Package> ctx, Exception e) {
    ReconcileErrors.announce(ctx, pkg, e);
    PackageStatus previous = pkg.getStatus();
    long generation = Optional.ofNullable(pkg.getMetadata().getGeneration()).orElse(0L);
    var conditions =
        Conditions.from(
                previous == null ? null : previous.conditions(), generation, clock.instant())
            .waiting(ReconcileErrors.RECONCILE_ERROR, ReconcileErrors.retrying(ctx, e));
    Package patch = new Package();
    patch.setMetadata(new ObjectMetaBuilder().withName(pkg.getMetadata().getName()).build());
    patch.setStatus(
        new PackageStatus(
            generation,
            conditions.build(),
            previous == null ? null : previous.dependencies(),
            previous == null ? null : previous.components(),
            previous == null ? null : previous.lastHandledReconcileAt(),
            previous == null ? null : previous.valuesTransport()));
    return ErrorStatusUpdateControl.patchStatus(patch);
  }

  @Override
  public List<EventSource<?, Package>> prepareEventSources(EventSourceContext<Package> context) {
    sources = new PackageEventSources(context);
    namespaces = new PackageNamespaces(sources);
    List<EventSource<?, Package>> all = new java.util.ArrayList<>(sources.all());
    all.add(wakeups);
    values.onTransportChange(
        () ->
            context
                .getPrimaryCache()
                .list()
                .forEach(p -> wakeups.of(ResourceID.fromResource(p)).run()));
    return all;
  }
}
