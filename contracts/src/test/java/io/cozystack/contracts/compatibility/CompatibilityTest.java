package io.cozystack.contracts.compatibility;

import static org.assertj.core.api.Assertions.assertThat;

import io.cozystack.api.properties.PlatformProperty;
import io.cozystack.api.properties.PropertyRequirement;
import io.cozystack.api.v1alpha1.CatalogRequirements;
import io.cozystack.api.v1alpha1.PlatformPropertiesSpec;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The compatibility matrix: versions, the contract window, flags, without a cluster. */
class CompatibilityTest {
  private static final PlatformPropertiesSpec STORAGE =
      new PlatformPropertiesSpec(
          null, new PlatformPropertiesSpec.Storage(true, false, null, null), null);

  private static CatalogRequirements catalog(
      String minPlatform, int contract, PropertyRequirement... requires) {
    return new CatalogRequirements("acme", "1.0.0", minPlatform, contract, List.of(requires));
  }

  private static Compatibility.Platform platform(PlatformPropertiesSpec spec) {
    return new Compatibility.Platform(spec, "v1.36.3", "0.4.0");
  }

  @Test
  void aCatalogWhoseEveryRequirementIsMetIsCompatible() {
    var needs =
        catalog(
            "0.3.0",
            1,
            new PropertyRequirement(PlatformProperty.STORAGE_DEFAULT_CLASS, null, null),
            new PropertyRequirement(PlatformProperty.KUBERNETES_VERSION, "1.32", null));

    assertThat(Compatibility.unmet(needs, platform(STORAGE))).isEmpty();
  }

  @Test
  void everyUnmetRequirementIsNamed() {
    var needs =
        catalog(
            "0.5.0",
            4,
            new PropertyRequirement(PlatformProperty.STORAGE_RWX, null, "shared volumes"),
            new PropertyRequirement(PlatformProperty.GPU_MIG, null, null),
            new PropertyRequirement(PlatformProperty.KUBERNETES_VERSION, "1.37", null));

    assertThat(Compatibility.unmet(needs, platform(STORAGE)))
        .containsExactly(
            "platform 0.4.0 is older than 0.5.0, the oldest catalog acme 1.0.0 supports",
            "contract version 4 is outside the window 1..3 this platform supports",
            "property storage.rwx is not provided (PlatformProperties 'cozystack' does not set it) (shared volumes)",
            "property gpu.mig is not provided (PlatformProperties 'cozystack' does not set it)",
            "kubernetes.version v1.36.3 is older than the required 1.37");
  }

  @Test
  void theContractWindowIsNMinusOneToNPlusOne() {
    assertThat(Compatibility.unmet(catalog("0.1.0", 1), platform(null))).isEmpty();
    assertThat(Compatibility.unmet(catalog("0.1.0", 3), platform(null))).isEmpty();
    assertThat(Compatibility.unmet(catalog("0.1.0", 4), platform(null))).hasSize(1);
  }

  @Test
  void withoutPublishedPropertiesEveryFlagIsUnmetAndAnUnknownVersionSaysSo() {
    var needs =
        catalog(
            "0.1.0",
            1,
            new PropertyRequirement(PlatformProperty.NETWORK_MULTUS, null, null),
            new PropertyRequirement(PlatformProperty.KUBERNETES_VERSION, "1.30", null));

    assertThat(Compatibility.unmet(needs, new Compatibility.Platform(null, null, "0.4.0")))
        .containsExactly(
            "property network.multus is not provided (PlatformProperties 'cozystack' does not set it)",
            "kubernetes.version is not known yet");
  }

  @Test
  void aSnapshotPlatformVersionCountsAsItsRelease() {
    var platform = new Compatibility.Platform(null, "v1.36.3", "0.1.0-SNAPSHOT");

    assertThat(Compatibility.unmet(catalog("0.1.0", 1), platform)).isEmpty();
  }
}
