package io.cozystack.operator.packages;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.ManagedFieldsEntry;
import io.fabric8.kubernetes.api.model.OwnerReference;
import io.fabric8.kubernetes.api.model.OwnerReferenceBuilder;
import java.util.List;
import java.util.Optional;

/**
 * The ownership guard: an object this operator did not create for this owner is never modified or
 * adopted. Ownership is the controller ownerReference's UID, not a label or a name.
 */
public final class Ownership {
  private Ownership() {}

  /**
   * A controller ownerReference to {@code owner}, for objects it creates. Without {@code
   * blockOwnerDeletion}, as Cozystack writes it: setting it needs {@code update} on the owner's
   * {@code finalizers} subresource where owner-reference permissions are enforced, and nothing here
   * relies on foreground deletion.
   */
  public static OwnerReference controllerReference(HasMetadata owner) {
    return new OwnerReferenceBuilder()
        .withApiVersion(owner.getApiVersion())
        .withKind(owner.getKind())
        .withName(owner.getMetadata().getName())
        .withUid(owner.getMetadata().getUid())
        .withController(true)
        .build();
  }

  public static boolean isControlledBy(HasMetadata object, HasMetadata owner) {
    return controller(object)
        .map(ref -> ref.getUid().equals(owner.getMetadata().getUid()))
        .orElse(false);
  }

  /**
   * Who holds an existing object that {@code owner} may not touch, for a status message; empty when
   * {@code owner} controls it.
   */
  public static Optional<String> foreignHolder(HasMetadata existing, HasMetadata owner) {
    if (isControlledBy(existing, owner)) {
      return Optional.empty();
    }
    return Optional.of(
        controller(existing)
            .map(ref -> ref.getKind() + " " + ref.getName() + " (uid " + ref.getUid() + ")")
            .orElseGet(() -> "no controller; it was created by " + firstManager(existing)));
  }

  static Optional<OwnerReference> controller(HasMetadata object) {
    List<OwnerReference> refs = object.getMetadata().getOwnerReferences();
    return refs == null
        ? Optional.empty()
        : refs.stream().filter(ref -> Boolean.TRUE.equals(ref.getController())).findFirst();
  }

  private static String firstManager(HasMetadata object) {
    List<ManagedFieldsEntry> managers = object.getMetadata().getManagedFields();
    return managers == null || managers.isEmpty()
        ? "an unknown writer"
        : "field manager \"" + managers.get(0).getManager() + "\"";
  }
}
