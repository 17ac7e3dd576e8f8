package io.cozystack.operator;

import io.cozystack.api.Contracts;
import io.cozystack.api.v1alpha1.PlatformProperties;
import io.cozystack.api.v1alpha1.PlatformPropertiesStatus;
import io.cozystack.operator.status.Conditions;
import io.javaoperatorsdk.operator.api.reconciler.Context;
import io.javaoperatorsdk.operator.api.reconciler.ErrorStatusUpdateControl;
import io.javaoperatorsdk.operator.api.reconciler.Reconciler;
import io.javaoperatorsdk.operator.api.reconciler.UpdateControl;
import java.time.Clock;
import java.util.Optional;

/**
 * PlatformProperties → its status: the versions the operator detects (the API server's, its own,
 * the contract version it implements). The capabilities in spec come from the Helm values.
 */
public final class PlatformPropertiesReconciler implements Reconciler<PlatformProperties> {
  private final Clock clock;

  public PlatformPropertiesReconciler(Clock clock) {
    this.clock = clock;
  }

  @Override
  public UpdateControl<PlatformProperties> reconcile(
      PlatformProperties properties, Context<PlatformProperties> ctx) {
    var version = ctx.getClient().getKubernetesVersion();
    String kubernetes = version == null ? null : version.getGitVersion();
    long generation = Optional.ofNullable(properties.getMetadata().getGeneration()).orElse(0L);
    PlatformPropertiesStatus status =
        new PlatformPropertiesStatus(
            generation,
            Conditions.from(
                    properties.getStatus() == null ? null : properties.getStatus().conditions(),
                    generation,
                    clock.instant())
                .ready(
                    "Published",
                    "Kubernetes "
                        + kubernetes
                        + ", platform "
                        + Contracts.PLATFORM_VERSION
                        + ", contract version "
                        + Contracts.VERSION)
                .build(),
            kubernetes,
            Contracts.PLATFORM_VERSION,
            Contracts.VERSION);
    if (status.equals(properties.getStatus())) {
      return UpdateControl.noUpdate();
    }
    properties.setStatus(status);
    return UpdateControl.patchStatus(properties);
  }

  /** The API server's version could not be read: shown, and retried with backoff. */
  @Override
  public ErrorStatusUpdateControl<PlatformProperties> updateErrorStatus(
      PlatformProperties properties, Context<PlatformProperties> ctx, Exception e) {
    ReconcileErrors.announce(ctx, properties, e);
    long generation = Optional.ofNullable(properties.getMetadata().getGeneration()).orElse(0L);
    PlatformPropertiesStatus previous = properties.getStatus();
    properties.setStatus(
        new PlatformPropertiesStatus(
            generation,
            ReconcileErrors.conditions(
                previous == null ? null : previous.conditions(),
                generation,
                clock.instant(),
                ctx,
                e),
            previous == null ? null : previous.kubernetesVersion(),
            Contracts.PLATFORM_VERSION,
            Contracts.VERSION));
    return ErrorStatusUpdateControl.patchStatus(properties);
  }
}
