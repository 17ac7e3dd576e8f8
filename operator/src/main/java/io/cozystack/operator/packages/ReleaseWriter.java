package io.cozystack.operator.packages;

import io.cozystack.api.v1alpha1.Package;
import io.cozystack.api.v1alpha1.PackageStatus.ComponentState;
import io.cozystack.api.v1alpha1.PackageStatus.ComponentStatus;
import io.cozystack.operator.flux.HelmRelease;
import io.cozystack.operator.flux.HelmReleaseSpec;
import io.cozystack.operator.status.EventRecorder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes one desired HelmRelease behind the ownership guard: an existing release this Package does
 * not control is never modified; an owned, up-to-date one is not rewritten; otherwise a server-side
 * apply with the package controller's field manager, which leaves fields other writers own (e.g.
 * {@code spec.suspend}) alone.
 */
public final class ReleaseWriter {
  static final String FIELD_MANAGER = "cozystack-package-controller";
  private static final Logger LOG = LoggerFactory.getLogger(ReleaseWriter.class);

  private final KubernetesClient client;
  private final Function<PackagePlan.DesiredRelease, Optional<HelmRelease>> cache;
  private final List<String> created = new ArrayList<>();
  private final List<String> updated = new ArrayList<>();

  ReleaseWriter(
      KubernetesClient client, Function<PackagePlan.DesiredRelease, Optional<HelmRelease>> cache) {
    this.client = client;
    this.cache = cache;
  }

  /** One event for everything this writer created and one for what it updated. */
  void announce(Package pkg, EventRecorder events) {
    if (!created.isEmpty()) {
      events.normal(
          pkg, "HelmReleaseCreated", "Created HelmRelease(s) " + String.join(", ", created));
    }
    if (!updated.isEmpty()) {
      events.normal(
          pkg, "HelmReleaseUpdated", "Updated HelmRelease(s) " + String.join(", ", updated));
    }
  }

  ComponentStatus write(Package pkg, PackagePlan.DesiredRelease desired) {
    Optional<HelmRelease> existing = cache.apply(desired);
    if (existing.isPresent()) {
      Optional<String> holder = Ownership.foreignHolder(existing.get(), pkg);
      if (holder.isPresent()) {
        return conflict(desired, holder.get());
      }
      if (upToDate(existing.get(), desired.release())) {
        return observed(desired, existing.get());
      }
    }
    try {
      LOG.info("Applying HelmRelease {} of Package {}", desired.key(), pkg.getMetadata().getName());
      HelmRelease applied =
          client
              .resource(desired.release())
              .fieldManager(FIELD_MANAGER)
              .forceConflicts()
              .serverSideApply();
      (existing.isPresent() ? updated : created).add(desired.key());
      return observed(desired, applied);
    } catch (KubernetesClientException e) {
      if (e.getCode() == 422 && String.valueOf(e.getMessage()).contains("controller")) {
        // Created meanwhile by another controller: the API server refuses a second controller.
        return conflict(desired, "another controller (the API server refused a second one)");
      }
      throw e;
    }
  }

  private static ComponentStatus conflict(PackagePlan.DesiredRelease desired, String holder) {
    return new ComponentStatus(
        desired.key(),
        ComponentState.CONFLICT,
        "HelmRelease "
            + desired.key()
            + " exists and is controlled by "
            + holder
            + "; it is left untouched. Remove it, or rename this component's release.");
  }

  private static ComponentStatus observed(PackagePlan.DesiredRelease desired, HelmRelease actual) {
    ReleaseState state = ReleaseState.of(actual);
    return new ComponentStatus(desired.key(), state.state(), state.message());
  }

  /** Our fields already hold the desired values (fields other writers set are ignored). */
  public static boolean upToDate(HelmRelease existing, HelmRelease desired) {
    HelmReleaseSpec have = existing.getSpec();
    HelmReleaseSpec want = desired.getSpec();
    if (have == null) {
      return false;
    }
    HelmReleaseSpec comparable = want.withSuspend(have.suspend());
    return comparable.equals(have)
        && contains(existing.getMetadata().getLabels(), desired.getMetadata().getLabels())
        && contains(
            existing.getMetadata().getAnnotations(), desired.getMetadata().getAnnotations());
  }

  private static boolean contains(Map<String, String> have, Map<String, String> want) {
    if (want == null || want.isEmpty()) {
      return true;
    }
    return have != null
        && want.entrySet().stream()
            .allMatch(e -> Objects.equals(have.get(e.getKey()), e.getValue()));
  }
}
