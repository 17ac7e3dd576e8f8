package io.cozystack.contracts.validation;

import io.cozystack.api.catalog.CatalogManifest;
import io.cozystack.api.v1alpha1.ApplicationDefinition;
import io.cozystack.api.v1alpha1.Placement;
import java.util.List;

/**
 * {@code spec.placement: ComputePlane} arrived with contract version 2: a catalog built against
 * version 1 that uses it would be installed by a platform that ignores it, onto the management
 * cluster, so the validator refuses the combination.
 */
final class PlacementRule {
  /** The contract version that introduced {@code spec.placement}. */
  static final int SINCE = 2;

  private PlacementRule() {}

  static void check(
      CatalogManifest manifest,
      CatalogManifest.Application app,
      ApplicationDefinition definition,
      CatalogFiles files,
      List<Finding> findings) {
    var platform = manifest.spec().platform();
    Integer version = platform == null ? null : platform.contractVersion();
    if (Placement.of(definition.getSpec()) != Placement.COMPUTE_PLANE
        || version == null
        || version >= SINCE) {
      return;
    }
    findings.add(
        new Finding(
            app.definition(),
            files.line(app.definition(), "placement"),
            "k1-placement",
            app.kind()
                + " sets placement: ComputePlane, which contract version "
                + SINCE
                + " introduced, but the catalog is built against contract version "
                + version,
            "set spec.platform.contractVersion to " + SINCE + " or more in catalog.yaml"));
  }
}
