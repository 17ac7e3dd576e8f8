package io.cozystack.operator;

import io.fabric8.kubernetes.api.model.HasMetadata;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * On-demand reconciles, Flux's convention: setting annotation {@value #ANNOTATION} to any new value
 * (e.g. a timestamp) reconciles the object now, and the value is echoed in {@code
 * status.lastHandledReconcileAt}.
 */
public final class ReconcileRequests {
  public static final String ANNOTATION = "reconcile.fluxcd.io/requestedAt";

  private ReconcileRequests() {}

  public static Optional<String> requestedAt(HasMetadata object) {
    Map<String, String> annotations = object.getMetadata().getAnnotations();
    return Optional.ofNullable(annotations == null ? null : annotations.get(ANNOTATION));
  }

  /**
   * Which updates deserve a reconcile: spec changes (generation), deletion, finalizers and
   * reconcile requests; not our own status writes.
   */
  public static <R extends HasMetadata> boolean relevantUpdate(R newer, R older) {
    var n = newer.getMetadata();
    var o = older.getMetadata();
    return !Objects.equals(n.getGeneration(), o.getGeneration())
        || !Objects.equals(n.getDeletionTimestamp(), o.getDeletionTimestamp())
        || !Objects.equals(n.getFinalizers(), o.getFinalizers())
        || !requestedAt(newer).equals(requestedAt(older));
  }

  /**
   * {@link #relevantUpdate}, and any change of the annotations, for kinds whose annotations are
   * part of what they declare (an ApplicationDefinition's tenant write level).
   */
  public static <R extends HasMetadata> boolean relevantOrAnnotated(R newer, R older) {
    return relevantUpdate(newer, older)
        || !Objects.equals(
            newer.getMetadata().getAnnotations(), older.getMetadata().getAnnotations());
  }
}
