package io.cozystack.operator.backups;

import io.cozystack.api.backups.v1alpha1.Backup;
import io.cozystack.api.backups.v1alpha1.RestoreJob;
import io.cozystack.api.meta.TypedLocalObjectReference;
import io.cozystack.operator.status.EventRecorder;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.javaoperatorsdk.operator.api.reconciler.Context;
import io.javaoperatorsdk.operator.api.reconciler.Reconciler;
import io.javaoperatorsdk.operator.api.reconciler.UpdateControl;
import java.time.Clock;

/**
 * The platform's part of Cozystack's Backup controller (§3.7) after the split, for Backups and
 * RestoreJobs: it adds no finalizer and deletes no archive (the owning driver does, with its own
 * finalizer, and releases Cozystack's legacy ones); it only says, on an object being deleted, which
 * absent driver the deletion waits for ({@link LegacyFinalizers}). It runs in JOSDK's all-events
 * mode, since a deletion is what it acts on.
 */
public abstract class LegacyFinalizerReconciler<R extends HasMetadata> implements Reconciler<R> {
  private final Clock clock;

  LegacyFinalizerReconciler(Clock clock) {
    this.clock = clock;
  }

  /** The strategy whose driver owns the object's clean-up, if known. */
  abstract TypedLocalObjectReference strategyOf(KubernetesClient client, R object);

  /** For Backups: their own strategy. */
  public static final class ForBackups extends LegacyFinalizerReconciler<Backup> {
    public ForBackups(Clock clock) {
      super(clock);
    }

    @Override
    TypedLocalObjectReference strategyOf(KubernetesClient client, Backup backup) {
      return backup.getSpec() == null ? null : backup.getSpec().strategyRef();
    }
  }

  /** For RestoreJobs: the strategy of the Backup they restore, if it still exists. */
  public static final class ForRestoreJobs extends LegacyFinalizerReconciler<RestoreJob> {
    public ForRestoreJobs(Clock clock) {
      super(clock);
    }

    @Override
    TypedLocalObjectReference strategyOf(KubernetesClient client, RestoreJob job) {
      Backup backup =
          client
              .resources(Backup.class)
              .inNamespace(job.getMetadata().getNamespace())
              .withName(job.getSpec().backupRef().name())
              .get();
      return backup == null ? null : backup.getSpec().strategyRef();
    }
  }

  @Override
  public UpdateControl<R> reconcile(R object, Context<R> ctx) {
    if (ctx.isPrimaryResourceDeleted() || !LegacyFinalizers.held(object)) {
      return UpdateControl.noUpdate();
    }
    LegacyFinalizers.handle(
        ctx.getClient(),
        new EventRecorder(ctx.getClient(), clock),
        object,
        strategyOf(ctx.getClient(), object),
        clock.instant());
    return UpdateControl.noUpdate();
  }
}
