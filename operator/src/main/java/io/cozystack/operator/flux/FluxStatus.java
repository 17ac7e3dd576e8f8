package io.cozystack.operator.flux;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import io.cozystack.api.meta.Condition;
import java.util.List;
import java.util.Optional;

/** The part of a Flux object's status the operator reads: generation and conditions. */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
public record FluxStatus(
    Long observedGeneration,
    List<Condition> conditions,
    List<InventoryEntry> inventory,
    String observedSourcesDigest,
    String lastAttemptedRevision) {

  public Optional<Condition> condition(String type) {
    return conditions == null
        ? Optional.empty()
        : conditions.stream().filter(c -> type.equals(c.type())).findFirst();
  }

  /** An artifact an ArtifactGenerator produced. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public record InventoryEntry(String name, String namespace, String digest, String filename) {}
}
