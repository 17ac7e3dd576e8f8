package io.cozystack.api.v1alpha1;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.fabric8.generator.annotation.Required;
import io.fabric8.generator.annotation.Size;

/** Flux's {@code CrossNamespaceSourceReference} as used by {@code HelmRelease.spec.chartRef}. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record CrossNamespaceSourceReference(
    String apiVersion,
    @Required ChartSourceKind kind,
    @Required @Size(min = 1, max = 253) String name,
    @Size(min = 1, max = 63) String namespace) {

  /** Source kinds a HelmRelease chartRef may point at. */
  public enum ChartSourceKind {
    OCIRepository,
    HelmChart,
    ExternalArtifact
  }
}
