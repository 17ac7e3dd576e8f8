package io.cozystack.e2e;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Reads what an object's status says, as a user would with {@code kubectl get -o yaml}. */
final class HostileStatus {
  private HostileStatus() {}

  /** The condition of {@code type}, if the object has one. */
  static Optional<Map<String, Object>> condition(GenericKubernetesResource object, String type) {
    return conditions(object).stream().filter(c -> type.equals(c.get("type"))).findFirst();
  }

  @SuppressWarnings("unchecked")
  static List<Map<String, Object>> conditions(GenericKubernetesResource object) {
    if (object == null
        || !(object.getAdditionalProperties().get("status") instanceof Map<?, ?> s)) {
      return List.of();
    }
    Object conditions = s.get("conditions");
    return conditions instanceof List<?> list ? (List<Map<String, Object>>) list : List.of();
  }

  /** Whether the status speaks of the object's current generation (or carries no generation). */
  static boolean current(GenericKubernetesResource object, Map<String, Object> condition) {
    Long generation = object.getMetadata().getGeneration();
    Object observed = condition.get("observedGeneration");
    if (observed == null && object.getAdditionalProperties().get("status") instanceof Map<?, ?> s) {
      observed = s.get("observedGeneration");
    }
    return generation == null
        || observed == null
        || generation.equals(((Number) observed).longValue());
  }

  /** "Ready=False Reason: message" or what stands in its place. */
  static String describe(GenericKubernetesResource object) {
    if (object == null) {
      return "the object is gone";
    }
    return condition(object, "Ready")
        .map(c -> "Ready=" + c.get("status") + " " + c.get("reason") + ": " + c.get("message"))
        .orElse(conditions(object).isEmpty() ? "no status" : "no Ready condition");
  }
}
