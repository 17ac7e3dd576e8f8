package io.cozystack.operator.packages;

import io.cozystack.operator.flux.HelmRelease;
import io.cozystack.operator.flux.HelmReleaseSpec.DependsOn;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** Reverse dependency order: a release goes only when no remaining release depends on it. */
public final class DeletionOrder {
  private DeletionOrder() {}

  /** The releases that may be deleted now; never empty when {@code remaining} is not. */
  public static List<HelmRelease> removableNow(List<HelmRelease> remaining) {
    Set<String> dependedOn = new HashSet<>();
    for (HelmRelease release : remaining) {
      List<DependsOn> deps = release.getSpec() == null ? null : release.getSpec().dependsOn();
      if (deps != null) {
        for (DependsOn d : deps) {
          String namespace =
              d.namespace() == null ? release.getMetadata().getNamespace() : d.namespace();
          dependedOn.add(namespace + "/" + d.name());
        }
      }
    }
    List<HelmRelease> leaves =
        remaining.stream().filter(r -> !dependedOn.contains(key(r))).toList();
    // A dependency cycle would leave nothing removable; then remove everything rather than hang.
    return leaves.isEmpty() ? remaining : leaves;
  }

  static String key(HelmRelease release) {
    return release.getMetadata().getNamespace() + "/" + release.getMetadata().getName();
  }
}
