package io.cozystack.api.backups.v1alpha1;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.cozystack.api.meta.TypedLocalObjectReference;
import io.fabric8.generator.annotation.Required;
import java.util.List;
import java.util.Map;

/** Spec of a {@link BackupClass}. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record BackupClassSpec(
    @Required
        @JsonPropertyDescription("Routes from application kinds to strategies; first match wins.")
        List<BackupClassStrategy> strategies) {

  /** One route: an application kind, the strategy that backs it up, and its parameters. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record BackupClassStrategy(
      @Required @JsonPropertyDescription("The cluster-scoped strategy object of a driver.")
          TypedLocalObjectReference strategyRef,
      @Required ApplicationSelector application,
      @JsonPropertyDescription(
              "Template parameters. Never secrets: they are persisted into each Backup.")
          Map<String, String> parameters) {}

  /** An application kind; the API group defaults to apps.cozystack.io. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record ApplicationSelector(String apiGroup, @Required String kind) {}
}
