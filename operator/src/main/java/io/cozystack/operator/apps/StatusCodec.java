package io.cozystack.operator.apps;

import com.fasterxml.jackson.core.type.TypeReference;
import io.cozystack.api.meta.Condition;
import io.cozystack.operator.flux.HelmRelease;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.util.List;
import java.util.Map;

/** Reads and writes the typed parts of an untyped application instance's status. */
final class StatusCodec {
  private StatusCodec() {}

  static List<Condition> conditions(GenericKubernetesResource instance) {
    Object status = instance.getAdditionalProperties().get("status");
    if (!(status instanceof Map<?, ?> map) || map.get("conditions") == null) {
      return List.of();
    }
    return Serialization.jsonMapper()
        .convertValue(map.get("conditions"), new TypeReference<List<Condition>>() {});
  }

  static List<Object> encode(List<Condition> conditions) {
    return Serialization.jsonMapper()
        .convertValue(conditions, new TypeReference<List<Object>>() {});
  }

  /** Equal as JSON (numbers by value, whatever their Java type). */
  static boolean sameJson(Object a, Object b) {
    try {
      var mapper = Serialization.jsonMapper();
      return mapper
          .readTree(mapper.writeValueAsString(a))
          .equals(mapper.readTree(mapper.writeValueAsString(b)));
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      return false;
    }
  }

  /** The chart version helm-controller last attempted, if it reported one. */
  static String chartVersion(HelmRelease release) {
    if (release.getStatus() == null) {
      return null;
    }
    return release.getStatus().lastAttemptedRevision();
  }
}
