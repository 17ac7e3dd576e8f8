package io.cozystack.operator.flux;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/** The fields of {@code ArtifactGenerator.spec} the operator sets. */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
public record ArtifactGeneratorSpec(List<Source> sources, List<Artifact> artifacts) {

  /** A Flux source the generator reads, under an alias. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public record Source(String alias, String kind, String name, String namespace) {}

  /** One ExternalArtifact to produce. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public record Artifact(String name, List<Copy> copy) {}

  /** A copy rule: {@code from} a source path {@code to} a path in the artifact. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public record Copy(String from, String to, List<String> exclude, String strategy) {}
}
