package io.cozystack.operator.packages;

import io.cozystack.api.v1alpha1.Component;
import io.cozystack.api.v1alpha1.ComponentInstall;
import io.cozystack.api.v1alpha1.Package;
import io.cozystack.api.v1alpha1.PackageComponent;
import io.cozystack.api.v1alpha1.ValuesTransport;
import io.cozystack.api.v1alpha1.Variant;
import io.cozystack.api.values.ValuesKeys;
import io.cozystack.operator.flux.HelmRelease;
import io.cozystack.operator.flux.HelmReleaseSpec;
import io.cozystack.operator.flux.HelmReleaseSpec.Action;
import io.cozystack.operator.flux.HelmReleaseSpec.ChartRef;
import io.cozystack.operator.flux.HelmReleaseSpec.DependsOn;
import io.cozystack.operator.flux.HelmReleaseSpec.Strategy;
import io.cozystack.operator.flux.HelmReleaseSpec.ValuesReference;
import io.cozystack.operator.flux.HelmReleaseSpec.WaitStrategyRef;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** One component's HelmRelease, with Cozystack's spec (buildHelmReleaseSpec). */
public final class HelmReleaseRenderer {
  /** Label naming the Package a HelmRelease belongs to. */
  public static final String PACKAGE_LABEL = "cozystack.io/package";

  public static final String PRIVILEGED_LABEL = "cozystack.io/privileged";
  public static final String VALUES_FILES_ANNOTATION = "cozyhr.cozystack.io/values-files";
  public static final String SKIP_VALUES_ANNOTATION = "operator.cozystack.io/skip-cozystack-values";

  private HelmReleaseRenderer() {}

  /**
   * @param transport where the release reads cozystack-values from, or null when it reads none
   */
  static HelmRelease render(
      Package pkg,
      Variant variant,
      Component component,
      List<DependsOn> dependsOn,
      ReleaseSettings settings,
      String source,
      ValuesTransport transport) {
    ComponentInstall install = component.install();
    Map<String, String> labels = new LinkedHashMap<>();
    labels.put(PACKAGE_LABEL, pkg.getMetadata().getName());
    if (Boolean.TRUE.equals(install.privileged())) {
      labels.put(PRIVILEGED_LABEL, "true");
    }
    Map<String, String> annotations =
        component.valuesFiles() == null || component.valuesFiles().isEmpty()
            ? null
            : Map.of(VALUES_FILES_ANNOTATION, String.join(",", component.valuesFiles()));
    HelmRelease release = new HelmRelease();
    release.setMetadata(
        new ObjectMetaBuilder()
            .withName(Naming.releaseName(component))
            .withNamespace(install.namespace())
            .withLabels(labels)
            .withAnnotations(annotations)
            .withOwnerReferences(Ownership.controllerReference(pkg))
            .build());
    release.setSpec(spec(pkg, source, variant, component, dependsOn, settings, transport));
    return release;
  }

  private static HelmReleaseSpec spec(
      Package pkg,
      String source,
      Variant variant,
      Component component,
      List<DependsOn> dependsOn,
      ReleaseSettings settings,
      ValuesTransport transport) {
    ComponentInstall install = component.install();
    Strategy strategy = new Strategy("RetryOnFailure", settings.retryInterval());
    boolean disableWait = Boolean.TRUE.equals(install.disableWait());
    boolean healthChecks =
        !disableWait && install.healthCheckExprs() != null && !install.healthCheckExprs().isEmpty();
    String waitStrategy =
        install.waitStrategy() != null
            ? install.waitStrategy().name().toLowerCase(java.util.Locale.ROOT)
            : healthChecks ? "poller" : null;
    Boolean noWait = disableWait ? Boolean.TRUE : null;
    return new HelmReleaseSpec(
        settings.interval(),
        settings.maxHistory(),
        new ChartRef(
            "ExternalArtifact",
            Naming.artifactName(source, variant.name(), component.name()),
            Naming.SYSTEM_NAMESPACE),
        new Action(settings.installTimeout(), strategy, null, noWait),
        new Action(
            settings.upgradeTimeout(),
            strategy,
            install.upgradeCRDs() == null ? null : install.upgradeCRDs().name(),
            noWait),
        healthChecks ? install.healthCheckExprs() : null,
        waitStrategy == null ? null : new WaitStrategyRef(waitStrategy),
        dependsOn.isEmpty() ? null : dependsOn,
        valuesFrom(transport),
        values(pkg, component),
        null);
  }

  /** {@code valuesFrom}: the namespace's cozystack-values, by the transport in use. */
  public static List<ValuesReference> valuesFrom(ValuesTransport transport) {
    return transport == null
        ? null
        : List.of(new ValuesReference(transport.name(), ValuesKeys.OBJECT_NAME, null, null, null));
  }

  private static com.fasterxml.jackson.databind.JsonNode values(Package pkg, Component component) {
    if (pkg.getSpec() == null || pkg.getSpec().components() == null) {
      return null;
    }
    PackageComponent override = pkg.getSpec().components().get(component.name());
    return override == null ? null : override.values();
  }
}
