package io.cozystack.contracts.compatibility;

import io.cozystack.api.Contracts;
import io.cozystack.api.properties.PlatformProperty;
import io.cozystack.api.properties.PropertyRequirement;
import io.cozystack.api.v1alpha1.CatalogRequirements;
import io.cozystack.api.v1alpha1.PlatformPropertiesSpec;
import io.cozystack.contracts.validation.Versions;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * Whether a platform meets a catalog's requirements (K3): its version, the contract window and
 * every required property. Returns every unmet requirement, each in a sentence that names it.
 */
public final class Compatibility {
  private Compatibility() {}

  /** What the platform has: its published capabilities and its detected versions. */
  public record Platform(
      PlatformPropertiesSpec properties, String kubernetesVersion, String platformVersion) {}

  public static List<String> unmet(CatalogRequirements catalog, Platform platform) {
    List<String> unmet = new ArrayList<>();
    if (!Versions.atLeast(platform.platformVersion(), catalog.minPlatformVersion())) {
      unmet.add(
          "platform "
              + platform.platformVersion()
              + " is older than "
              + catalog.minPlatformVersion()
              + ", the oldest catalog "
              + catalog.name()
              + " "
              + catalog.version()
              + " supports");
    }
    if (!Contracts.supportsContract(catalog.contractVersion())) {
      unmet.add(
          "contract version "
              + catalog.contractVersion()
              + " is outside the window "
              + (Contracts.VERSION - 1)
              + ".."
              + (Contracts.VERSION + 1)
              + " this platform supports");
    }
    for (PropertyRequirement r :
        catalog.requires() == null ? List.<PropertyRequirement>of() : catalog.requires()) {
      problem(r, platform).ifPresent(unmet::add);
    }
    return unmet;
  }

  private static Optional<String> problem(PropertyRequirement r, Platform platform) {
    String why = r.reason() == null ? "" : " (" + r.reason() + ")";
    if (r.property().kind() == PlatformProperty.Kind.VERSION) {
      String have =
          r.property() == PlatformProperty.KUBERNETES_VERSION
              ? platform.kubernetesVersion()
              : platform.platformVersion();
      if (have == null) {
        return Optional.of(r.property().key() + " is not known yet" + why);
      }
      return Versions.atLeast(have, r.minVersion())
          ? Optional.empty()
          : Optional.of(
              r.property().key()
                  + " "
                  + have
                  + " is older than the required "
                  + r.minVersion()
                  + why);
    }
    return has(platform.properties(), r.property())
        ? Optional.empty()
        : Optional.of(
            "property "
                + r.property().key()
                + " is not provided (PlatformProperties 'cozystack' does not set it)"
                + why);
  }

  static boolean has(PlatformPropertiesSpec spec, PlatformProperty property) {
    if (spec == null) {
      return false;
    }
    return switch (property) {
      case NETWORK_MULTUS -> flag(spec.network(), PlatformPropertiesSpec.Network::multus);
      case NETWORK_STABLE_VM_ADDRESS ->
          flag(spec.network(), PlatformPropertiesSpec.Network::stableVMAddress);
      case NETWORK_LOAD_BALANCER ->
          flag(spec.network(), PlatformPropertiesSpec.Network::loadBalancer);
      case STORAGE_DEFAULT_CLASS ->
          flag(spec.storage(), PlatformPropertiesSpec.Storage::defaultClass);
      case STORAGE_RWX -> flag(spec.storage(), PlatformPropertiesSpec.Storage::rwx);
      case STORAGE_SNAPSHOTS -> flag(spec.storage(), PlatformPropertiesSpec.Storage::snapshots);
      case STORAGE_OBJECT_STORAGE ->
          flag(spec.storage(), PlatformPropertiesSpec.Storage::objectStorage);
      case GPU_HOST_STACK -> flag(spec.gpu(), PlatformPropertiesSpec.Gpu::hostStack);
      case GPU_MIG -> flag(spec.gpu(), PlatformPropertiesSpec.Gpu::mig);
      case KUBERNETES_VERSION, PLATFORM_VERSION -> false;
    };
  }

  private static <T> boolean flag(T group, Function<T, Boolean> field) {
    return group != null && Boolean.TRUE.equals(field.apply(group));
  }
}
