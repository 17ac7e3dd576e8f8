package io.cozystack.api.v1alpha1;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.fabric8.generator.annotation.Required;

/** The Flux source of a {@link PackageSource}. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record PackageSourceRef(
    @Required SourceKind kind,
    @Required @JsonPropertyDescription("Name of the Flux source; also its alias.") String name,
    @Required String namespace,
    @JsonPropertyDescription(
            "Base path inside the source. Defaults to packages for Git and the root for OCI; / means root.")
        String path) {

  /** Flux source kinds a PackageSource can read. */
  public enum SourceKind {
    GitRepository,
    OCIRepository
  }
}
