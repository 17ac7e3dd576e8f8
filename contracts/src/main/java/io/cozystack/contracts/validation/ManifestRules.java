package io.cozystack.contracts.validation;

import io.cozystack.api.Contracts;
import io.cozystack.api.backups.driver.StrategyHandoff;
import io.cozystack.api.catalog.CatalogManifest;
import io.cozystack.api.properties.PlatformProperty;
import io.cozystack.api.properties.PropertyRequirement;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** The manifest's own rules: contract window, cozy-lib pin (K5), K3 requirements, unique kinds. */
final class ManifestRules {
  private ManifestRules() {}

  static void check(CatalogManifest manifest, CatalogFiles files, List<Finding> findings) {
    String file = CatalogManifest.FILE;
    int contract = manifest.spec().platform().contractVersion();
    if (!Contracts.supportsContract(contract)) {
      findings.add(
          new Finding(
              file,
              files.line(file, "contractVersion"),
              "contract-window",
              "spec.platform.contractVersion "
                  + contract
                  + " is outside the supported window "
                  + (Contracts.VERSION - 1)
                  + ".."
                  + (Contracts.VERSION + 1),
              "build the catalog against contract version " + Contracts.VERSION));
    }
    cozyLib(manifest, files, findings);
    requirements(manifest, files, findings);
    strategies(manifest, files, findings);
    Set<String> kinds = new HashSet<>();
    for (CatalogManifest.Application app : orEmpty(manifest.spec().applications())) {
      if (!kinds.add(app.kind())) {
        findings.add(
            new Finding(
                file,
                files.line(file, "kind: " + app.kind()),
                "unique-kinds",
                "application kind " + app.kind() + " is listed twice",
                "list each kind once"));
      }
    }
  }

  /** K5: same major as the platform's cozy-lib, minor within one of it. */
  private static void cozyLib(
      CatalogManifest manifest, CatalogFiles files, List<Finding> findings) {
    String pinned = manifest.spec().cozyLib().version();
    int[] have = Versions.parse(Contracts.COZY_LIB_VERSION);
    int[] want = Versions.parse(pinned);
    if (want == null || want[0] != have[0] || Math.abs(want[1] - have[1]) > 1) {
      findings.add(
          new Finding(
              CatalogManifest.FILE,
              files.line(CatalogManifest.FILE, "cozyLib"),
              "cozy-lib-pin",
              "cozy-lib "
                  + pinned
                  + " is outside the supported window (major "
                  + have[0]
                  + ", minor "
                  + (have[1] - 1)
                  + ".."
                  + (have[1] + 1)
                  + ")",
              "pin cozy-lib " + Contracts.COZY_LIB_VERSION));
    }
  }

  private static void requirements(
      CatalogManifest manifest, CatalogFiles files, List<Finding> findings) {
    for (PropertyRequirement r : orEmpty(manifest.spec().requires())) {
      boolean version = r.property().kind() == PlatformProperty.Kind.VERSION;
      if (version == (r.minVersion() == null)) {
        findings.add(
            new Finding(
                CatalogManifest.FILE,
                files.line(CatalogManifest.FILE, r.property().key()),
                "property-requirement",
                version
                    ? "version property " + r.property().key() + " needs a minVersion"
                    : "property " + r.property().key() + " is a flag; minVersion does not apply",
                version ? "add minVersion, e.g. 1.32" : "remove minVersion"));
      }
    }
  }

  /** A handed-off strategy kind may be driven only by the catalog it was handed to. */
  private static void strategies(
      CatalogManifest manifest, CatalogFiles files, List<Finding> findings) {
    for (CatalogManifest.StrategyKind s : orEmpty(manifest.spec().strategies())) {
      StrategyHandoff.of(s.apiGroup(), s.kind())
          .filter(h -> !h.catalog().equals(manifest.metadata().name()))
          .ifPresent(
              h ->
                  findings.add(
                      new Finding(
                          CatalogManifest.FILE,
                          files.line(CatalogManifest.FILE, "kind: " + s.kind()),
                          "strategy-handoff",
                          "strategy kind "
                              + s.apiGroup()
                              + "/"
                              + s.kind()
                              + " is handed to catalog "
                              + h.catalog()
                              + "; a second driver would double-own it",
                          "drive a strategy kind of your own API group instead")));
    }
  }

  static <T> List<T> orEmpty(List<T> list) {
    return list == null ? List.of() : list;
  }
}
