package io.cozystack.operator.packages;

import io.cozystack.api.Contracts;
import io.cozystack.api.v1alpha1.CatalogRequirements;
import io.cozystack.api.v1alpha1.Package;
import io.cozystack.api.v1alpha1.PackageSource;
import io.cozystack.api.v1alpha1.PackageSpec;
import io.cozystack.api.v1alpha1.PlatformProperties;
import io.cozystack.contracts.compatibility.Compatibility;
import java.util.List;
import java.util.Optional;

/**
 * Whether this platform may install a Package, judged by its PackageSource's catalog requirements
 * against the published platform properties (K3), with the Package's explicit override.
 */
public final class PackageCompatibility {
  /** The outcome, and each unmet requirement. */
  public record Verdict(State state, List<String> unmet, String overrideReason) {
    public boolean blocks() {
      return state == State.INCOMPATIBLE;
    }

    /** The sentence the Compatible condition and a refusal carry. */
    public String message() {
      return switch (state) {
        case NOT_DECLARED -> "the PackageSource declares no catalog requirements";
        case COMPATIBLE -> "the platform meets every requirement of the catalog";
        case OVERRIDDEN ->
            "overridden (" + overrideReason + "); unmet: " + String.join("; ", unmet);
        case INCOMPATIBLE ->
            "unmet: "
                + String.join("; ", unmet)
                + ". Provide them (PlatformProperties 'cozystack'), install a compatible catalog"
                + " version, or set spec.compatibilityOverride.reason on the Package";
      };
    }
  }

  /** Compatible condition reasons. */
  public enum State {
    NOT_DECLARED,
    COMPATIBLE,
    OVERRIDDEN,
    INCOMPATIBLE
  }

  private PackageCompatibility() {}

  public static Verdict verdict(
      Package pkg, Optional<PackageSource> source, Optional<PlatformProperties> platform) {
    Verdict ofSource = ofSource(source, platform);
    PackageSpec.CompatibilityOverride override =
        pkg.getSpec() == null ? null : pkg.getSpec().compatibilityOverride();
    return ofSource.blocks() && override != null
        ? new Verdict(State.OVERRIDDEN, ofSource.unmet(), override.reason())
        : ofSource;
  }

  /** The source's own verdict: what any Package of it faces without an override. */
  public static Verdict ofSource(
      Optional<PackageSource> source, Optional<PlatformProperties> platform) {
    CatalogRequirements catalog =
        source.map(s -> s.getSpec() == null ? null : s.getSpec().catalog()).orElse(null);
    if (catalog == null) {
      return new Verdict(State.NOT_DECLARED, List.of(), null);
    }
    Compatibility.Platform have =
        new Compatibility.Platform(
            platform.map(PlatformProperties::getSpec).orElse(null),
            platform
                .map(p -> p.getStatus() == null ? null : p.getStatus().kubernetesVersion())
                .orElse(null),
            Contracts.PLATFORM_VERSION);
    List<String> unmet = Compatibility.unmet(catalog, have);
    return new Verdict(unmet.isEmpty() ? State.COMPATIBLE : State.INCOMPATIBLE, unmet, null);
  }
}
