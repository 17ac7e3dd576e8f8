package io.cozystack.operator.apps;

import io.cozystack.api.v1alpha1.PackageStatus.ComponentState;
import io.cozystack.contracts.definition.ReservedKeys;
import io.cozystack.operator.status.Conditions;
import io.cozystack.operator.status.EventRecorder;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import java.util.List;

/** The events an application instance gets: what its tenant should notice, once per change. */
final class InstanceEvents {
  private final EventRecorder events;

  InstanceEvents(EventRecorder events) {
    this.events = events;
  }

  /** An event on the instance when its state changes. */
  void announce(
      GenericKubernetesResource instance,
      ComponentState before,
      ComponentState now,
      String detail) {
    if (before == now) {
      return;
    }
    switch (now) {
      case READY -> events.normal(instance, "ReleaseReady", detail);
      case FAILED, RETRYING -> events.warning(instance, "ReleaseFailed", detail);
      case CONFLICT ->
          events.warning(
              instance, "OwnershipConflict", "HelmRelease held by " + detail + "; left untouched");
      case VALUES_MISSING -> events.warning(instance, "ValuesMissing", detail);
      default -> {
        // Progress is in the status; an event per new instance would double the write load.
      }
    }
  }

  /** A Warning event, unless the instance's Ready condition already says the same. */
  void warnOnce(GenericKubernetesResource instance, String reason, String message) {
    boolean told =
        Conditions.find(StatusCodec.conditions(instance), Conditions.READY)
            .map(c -> reason.equals(c.reason()) && message.equals(c.message()))
            .orElse(false);
    if (!told) {
      events.warning(instance, reason, message);
    }
  }

  /** A Warning event when the instance's reserved keys are first seen or change. */
  void announceReservedKeys(GenericKubernetesResource instance) {
    List<String> dropped = ReservedKeys.of(instance);
    if (dropped.isEmpty()) {
      return;
    }
    String message = ReservedKeys.droppedMessage(dropped);
    boolean told =
        Conditions.find(StatusCodec.conditions(instance), InstanceController.RESERVED_KEYS_DROPPED)
            .map(c -> message.equals(c.message()))
            .orElse(false);
    if (!told) {
      events.warning(instance, InstanceController.RESERVED_KEYS_DROPPED, message);
    }
  }
}
