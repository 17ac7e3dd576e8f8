package io.cozystack.operator;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.javaoperatorsdk.operator.api.reconciler.Context;
import io.javaoperatorsdk.operator.api.reconciler.Reconciler;
import io.javaoperatorsdk.operator.api.reconciler.UpdateControl;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Watches a kind whose controller is not built yet and changes nothing: no status is written, so no
 * one mistakes it for a working controller. Replaced kind by kind as controllers land.
 */
abstract class ObservingReconciler<R extends HasMetadata> implements Reconciler<R> {
  private static final Logger LOG = LoggerFactory.getLogger(ObservingReconciler.class);

  @Override
  public UpdateControl<R> reconcile(R resource, Context<R> context) {
    LOG.debug(
        "Observed {} {} generation {}; no controller acts on this kind yet",
        resource.getKind(),
        resource.getMetadata().getName(),
        resource.getMetadata().getGeneration());
    return UpdateControl.noUpdate();
  }
}
