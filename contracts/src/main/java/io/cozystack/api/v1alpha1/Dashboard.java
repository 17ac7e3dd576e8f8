package io.cozystack.api.v1alpha1;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.fabric8.generator.annotation.Required;
import java.util.List;

/** How the dashboard presents an application kind (contract K6). */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Dashboard(
    @JsonPropertyDescription("Fixed name shown by the UI.") String name,
    @Required String singular,
    @Required String plural,
    @Required @JsonPropertyDescription("Menu category, e.g. PaaS, IaaS, NaaS, Administration.")
        String category,
    @JsonPropertyDescription("The UI shows the kind as a single object, not a collection.")
        Boolean singularResource,
    @JsonPropertyDescription("Sort order; lower first.") Integer weight,
    String description,
    @JsonPropertyDescription("Icon, a base64-encoded SVG.") String icon,
    List<String> tags,
    List<Tab> tabs,
    @JsonPropertyDescription("Key paths in the order the YAML view shows them.")
        List<List<String>> keysOrder,
    @JsonPropertyDescription("The kind is a tenant module (Administration, Modules).")
        Boolean module) {

  /** Tabs of an application's dashboard page. */
  public enum Tab {
    @JsonProperty("workloads")
    WORKLOADS,
    @JsonProperty("ingresses")
    INGRESSES,
    @JsonProperty("services")
    SERVICES,
    @JsonProperty("secrets")
    SECRETS,
    @JsonProperty("yaml")
    YAML
  }
}
