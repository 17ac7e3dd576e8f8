package io.cozystack.operator.packages;

import io.cozystack.api.v1alpha1.PackageStatus.DependencyStatus;
import io.cozystack.api.v1alpha1.ValuesTransport;
import io.cozystack.operator.flux.HelmRelease;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** What a Package should produce, computed without I/O by {@link PackagePlanner}. */
public sealed interface PackagePlan {

  /**
   * A release that reads cozystack-values: by which transport, the keys it requires, and the
   * platform's transport it was rendered with (null: none was known yet).
   */
  record ValuesNeed(ValuesTransport transport, List<String> required, ValuesTransport platform) {}

  /**
   * The Package cannot be installed now.
   *
   * @param terminal true when a person must change something (bad spec), false when waiting
   */
  record Blocked(
      String reason, String message, boolean terminal, Map<String, DependencyStatus> dependencies)
      implements PackagePlan {}

  /**
   * The releases to apply (in component order) and the namespaces they need.
   *
   * @param namespaces every target namespace (privilege comes from {@link NamespacePlanner})
   */
  record Ready(
      String variant,
      List<DesiredRelease> releases,
      Set<String> namespaces,
      Map<String, DependencyStatus> dependencies)
      implements PackagePlan {}

  /**
   * One component's desired HelmRelease.
   *
   * @param values what the release reads from cozystack-values, or null when it reads nothing
   */
  record DesiredRelease(String component, HelmRelease release, ValuesNeed values) {
    public String key() {
      return release.getMetadata().getNamespace() + "/" + release.getMetadata().getName();
    }
  }
}
