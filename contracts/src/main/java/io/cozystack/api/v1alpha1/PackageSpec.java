package io.cozystack.api.v1alpha1;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import java.util.List;
import java.util.Map;

/** Spec of a {@link Package}. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record PackageSpec(
    @JsonPropertyDescription("Variant of the PackageSource to install; empty means default.")
        String variant,
    @JsonPropertyDescription("Package names removed from the variant's dependsOn.")
        List<String> ignoreDependencies,
    @JsonPropertyDescription("Per-component overrides, keyed by component name.")
        Map<String, PackageComponent> components,
    @JsonPropertyDescription(
            "Stop changing anything for this package (releases, namespaces) until unset; the"
                + " status shows a Suspended condition.")
        Boolean suspend,
    @JsonPropertyDescription("Why the package is suspended; shown in the Suspended condition.")
        String suspendReason,
    @JsonPropertyDescription(
            "Install even though the platform does not meet the catalog's requirements; the"
                + " reason is shown in the Compatible condition.")
        CompatibilityOverride compatibilityOverride) {

  /** An explicit, explained override of the compatibility check. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record CompatibilityOverride(
      @io.fabric8.generator.annotation.Required
          @io.fabric8.generator.annotation.Size(min = 1)
          @JsonPropertyDescription("Why the unmet requirements are acceptable here.")
          String reason) {}
}
