package io.cozystack.api.v1alpha1;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.cozystack.api.meta.HealthCheckExpr;
import io.cozystack.api.meta.WaitStrategy;
import io.fabric8.generator.annotation.Pattern;
import io.fabric8.generator.annotation.Required;
import io.fabric8.generator.annotation.Size;
import java.util.List;

/** How a component is installed as a Flux HelmRelease. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ComponentInstall(
    @Pattern(RELEASE_NAME)
        @Size(max = 53)
        @JsonPropertyDescription(
            "HelmRelease name; defaults to the component name. A Helm release name: lowercase"
                + " letters, digits, '-' and '.', at most 53 characters.")
        String releaseName,
    @Required
        @Size(min = 1, max = 63)
        @Pattern(NAMESPACE)
        @JsonPropertyDescription("Namespace of the HelmRelease and of the workload.")
        String namespace,
    @JsonPropertyDescription(
            "Label the release privileged and its namespace PSA enforce=privileged.")
        Boolean privileged,
    @JsonPropertyDescription("Components of the same variant this release waits for.")
        List<String> dependsOn,
    @JsonPropertyDescription("CRD policy on upgrade; empty means Flux's default (Skip).")
        UpgradeCrds upgradeCRDs,
    WaitStrategy waitStrategy,
    @JsonPropertyDescription(
            "Install and upgrade without waiting for the rendered objects to become ready"
                + " (HelmRelease spec.install/upgrade.disableWait); health checks are then not run."
                + " For charts whose objects cannot be ready while the release is evaluated.")
        Boolean disableWait,
    @JsonPropertyDescription(
            "CEL health checks; when set and waitStrategy is empty, poller is used.")
        List<HealthCheckExpr> healthCheckExprs,
    @JsonPropertyDescription(
            "K2 values the chart cannot work without, as _cluster.<key> or _namespace.<key>. While"
                + " one is missing or empty in the release's namespace, the release is not rendered"
                + " and the reason is shown in status.")
        List<@Pattern("^_(cluster|namespace)\\.[A-Za-z0-9-]+$") String> requiredValues) {

  /** What Helm accepts as a release name (its own check, with its 53-character limit above). */
  public static final String RELEASE_NAME =
      "^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$";

  /** A namespace name: an RFC 1123 label. */
  public static final String NAMESPACE = "^[a-z0-9]([-a-z0-9]*[a-z0-9])?$";

  /** {@code HelmRelease.spec.upgrade.crds}. */
  public enum UpgradeCrds {
    Skip,
    Create,
    CreateReplace
  }
}
