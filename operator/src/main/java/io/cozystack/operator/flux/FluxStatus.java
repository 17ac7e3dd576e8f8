package io.cozystack.operator.flux;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;
import io.cozystack.api.meta.Condition;
import io.cozystack.api.meta.ConditionStatus;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The part of a Flux object's status the operator reads: generation, conditions, and what
 * helm-controller last did.
 *
 * <p>Another controller owns this status and may change its shape in any release (helm-controller
 * writes {@code inventory} as an object, source-watcher as a list). It is therefore read field by
 * field from the raw JSON: a field of an unexpected shape is dropped, never thrown on, because one
 * exception here stops the informer, and with it the operator.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record FluxStatus(
    Long observedGeneration,
    List<Condition> conditions,
    List<InventoryEntry> inventory,
    String observedSourcesDigest,
    String lastAttemptedRevision,
    String lastAttemptedReleaseAction,
    Long failures,
    Long installFailures,
    Long upgradeFailures) {

  public FluxStatus(Long observedGeneration, List<Condition> conditions) {
    this(observedGeneration, conditions, null, null, null, null, null, null, null);
  }

  /** Reads whatever of the known fields has the expected shape. */
  @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
  public static FluxStatus read(JsonNode node) {
    if (node == null || !node.isObject()) {
      return new FluxStatus(null, null);
    }
    return new FluxStatus(
        number(node.get("observedGeneration")),
        conditions(node.get("conditions")),
        inventory(node.get("inventory")),
        text(node.get("observedSourcesDigest")),
        text(node.get("lastAttemptedRevision")),
        text(node.get("lastAttemptedReleaseAction")),
        number(node.get("failures")),
        number(node.get("installFailures")),
        number(node.get("upgradeFailures")));
  }

  public Optional<Condition> condition(String type) {
    return conditions == null
        ? Optional.empty()
        : conditions.stream().filter(c -> type.equals(c.type())).findFirst();
  }

  /** True when condition {@code type} is present with status True. */
  @JsonIgnore
  public boolean isTrue(String type) {
    return condition(type).map(c -> c.status() == ConditionStatus.TRUE).orElse(false);
  }

  /** An artifact an ArtifactGenerator produced, or an object a HelmRelease applied. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record InventoryEntry(String name, String namespace, String digest, String filename) {}

  private static Long number(JsonNode node) {
    return node != null && node.canConvertToLong() ? node.asLong() : null;
  }

  private static String text(JsonNode node) {
    return node != null && node.isTextual() ? node.asText() : null;
  }

  private static List<Condition> conditions(JsonNode node) {
    if (node == null || !node.isArray()) {
      return null;
    }
    List<Condition> result = new ArrayList<>();
    for (JsonNode c : node) {
      ConditionStatus status = conditionStatus(c.get("status"));
      String type = text(c.get("type"));
      if (type != null && status != null) {
        result.add(
            new Condition(
                type,
                status,
                number(c.get("observedGeneration")),
                text(c.get("lastTransitionTime")),
                text(c.get("reason")),
                text(c.get("message"))));
      }
    }
    return result;
  }

  private static ConditionStatus conditionStatus(JsonNode node) {
    String value = text(node);
    if (value == null) {
      return null;
    }
    return switch (value) {
      case "True" -> ConditionStatus.TRUE;
      case "False" -> ConditionStatus.FALSE;
      default -> ConditionStatus.UNKNOWN;
    };
  }

  /** source-watcher writes a list of artifacts; helm-controller an object with {@code entries}. */
  private static List<InventoryEntry> inventory(JsonNode node) {
    JsonNode list = node != null && node.isObject() ? node.get("entries") : node;
    if (list == null || !list.isArray()) {
      return null;
    }
    List<InventoryEntry> result = new ArrayList<>();
    for (JsonNode e : list) {
      if (e.isObject()) {
        result.add(
            new InventoryEntry(
                text(e.get("name")),
                text(e.get("namespace")),
                text(e.get("digest")),
                text(e.get("filename"))));
      }
    }
    return result;
  }
}
