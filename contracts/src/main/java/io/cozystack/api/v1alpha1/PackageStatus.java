package io.cozystack.api.v1alpha1;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.cozystack.api.meta.Condition;
import java.util.List;
import java.util.Map;

/** Observed state of a {@link Package}. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record PackageStatus(
    Long observedGeneration,
    List<Condition> conditions,
    @JsonPropertyDescription("Readiness of each package this one depends on, by package name.")
        Map<String, DependencyStatus> dependencies) {

  /** Whether a dependency is ready. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record DependencyStatus(@io.fabric8.generator.annotation.Required Boolean ready) {}
}
