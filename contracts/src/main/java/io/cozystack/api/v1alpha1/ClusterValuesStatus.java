package io.cozystack.api.v1alpha1;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.cozystack.api.meta.Condition;
import io.fabric8.generator.annotation.Required;
import java.util.List;

/**
 * Where the values stand: how many namespaces carry the current projection, and per namespace the
 * hash it carries. A partial projection shows as {@code Ready=False} naming the lagging namespaces.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ClusterValuesStatus(
    Long observedGeneration,
    List<Condition> conditions,
    @JsonPropertyDescription("Namespaces that carry their current values.") Integer projected,
    @JsonPropertyDescription("Namespaces that should carry values.") Integer total,
    @JsonPropertyDescription("Each projected namespace, sorted by name.")
        List<NamespaceProjection> namespaces) {

  /** One namespace's projection. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record NamespaceProjection(
      @Required String namespace,
      @Required @JsonPropertyDescription("Tenant or System.") String role,
      @JsonPropertyDescription("SHA-256 of the values.yaml the namespace carries now.") String hash,
      @JsonPropertyDescription("The ClusterValues generation the carried values were made from.")
          Long observedGeneration,
      @Required ProjectionState state,
      @JsonPropertyDescription("Why the namespace is not projected.") String message) {}

  /** Whether a namespace carries its current values. */
  public enum ProjectionState {
    Projected,
    Lagging,
    Conflict
  }
}
