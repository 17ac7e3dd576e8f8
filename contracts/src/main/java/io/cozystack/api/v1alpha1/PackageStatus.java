package io.cozystack.api.v1alpha1;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.cozystack.api.meta.Condition;
import io.fabric8.generator.annotation.Required;
import java.util.List;
import java.util.Map;

/** Observed state of a {@link Package}. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record PackageStatus(
    Long observedGeneration,
    List<Condition> conditions,
    @JsonPropertyDescription("Readiness of each package this one depends on, by package name.")
        Map<String, DependencyStatus> dependencies,
    @JsonPropertyDescription("Each installed component's HelmRelease and its state, by component.")
        Map<String, ComponentStatus> components,
    @JsonPropertyDescription(
            "The last reconcile.fluxcd.io/requestedAt annotation value handled by the operator.")
        String lastHandledReconcileAt,
    @JsonPropertyDescription("What this package's releases read cozystack-values from.")
        ValuesTransport valuesTransport) {

  /** Whether a dependency is ready. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record DependencyStatus(@Required Boolean ready) {}

  /** The release of one component and what it is doing. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record ComponentStatus(
      @Required @JsonPropertyDescription("The HelmRelease, as <namespace>/<name>.") String release,
      @Required ComponentState state,
      String message) {}

  /** State of a component's release. */
  public enum ComponentState {
    @JsonProperty("Ready")
    READY,
    @JsonProperty("Progressing")
    PROGRESSING,
    @JsonProperty("Failed")
    FAILED,
    /** helm-controller's last attempt failed and it tries again after the retry interval. */
    @JsonProperty("Retrying")
    RETRYING,
    @JsonProperty("Conflict")
    CONFLICT,
    @JsonProperty("WaitingForValues")
    WAITING_FOR_VALUES,
    @JsonProperty("ValuesMissing")
    VALUES_MISSING,
    @JsonProperty("Deleting")
    DELETING
  }
}
