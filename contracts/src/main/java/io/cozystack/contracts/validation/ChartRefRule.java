package io.cozystack.contracts.validation;

import io.cozystack.api.catalog.CatalogManifest;
import io.cozystack.api.v1alpha1.ApplicationDefinition;
import io.cozystack.api.v1alpha1.ArtifactNaming;
import io.cozystack.api.v1alpha1.CrossNamespaceSourceReference;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;

/**
 * An application's chartRef is an ExternalArtifact in cozy-system that one of the catalog's sources
 * derives, from the component whose path is the application's chart ({@code chart-ref}).
 */
final class ChartRefRule {
  private ChartRefRule() {}

  static void check(
      CatalogManifest.Application app,
      ApplicationDefinition definition,
      Map<String, DerivedArtifact> derived,
      CatalogFiles files,
      List<Finding> findings) {
    if (definition.getSpec() == null || definition.getSpec().release() == null) {
      return;
    }
    CrossNamespaceSourceReference ref = definition.getSpec().release().chartRef();
    if (ref == null) {
      return;
    }
    String chart = ArtifactNaming.trimSlashes(app.chart());
    Optional<DerivedArtifact> ofChart =
        derived.values().stream().filter(d -> d.path().equals(chart)).findFirst();
    String suggestion = suggestion(chart, ofChart);
    if (ref.kind() != CrossNamespaceSourceReference.ChartSourceKind.ExternalArtifact
        || !ArtifactNaming.SYSTEM_NAMESPACE.equals(ref.namespace())) {
      findings.add(notGenerated(app, ref, suggestion, files));
      return;
    }
    DerivedArtifact target = derived.get(ref.name());
    if (target == null) {
      findings.add(notDerived(app, ref, derived, suggestion, files));
    } else if (!target.path().equals(chart)) {
      String fix =
          ofChart.isPresent()
              ? suggestion
              : "set that component's path to " + chart + " or correct spec.applications[].chart";
      findings.add(otherChart(app, ref, target, chart, fix, files));
    }
  }

  /** The artifact to name: the one of the component copying the chart, or how to add one. */
  private static String suggestion(String chart, Optional<DerivedArtifact> ofChart) {
    return ofChart
        .map(d -> "name " + d.artifact() + ", the artifact of " + d.describe())
        .orElse(
            "add a component with path "
                + chart
                + " to a PackageSource in spec.packageSources and name its artifact"
                + " <source>-<variant>-<component> (every \".\" turned into \"-\")");
  }

  private static Finding notGenerated(
      CatalogManifest.Application app,
      CrossNamespaceSourceReference ref,
      String suggestion,
      CatalogFiles files) {
    return new Finding(
        app.definition(),
        files.line(app.definition(), "chartRef"),
        "chart-ref",
        "spec.release.chartRef of "
            + app.kind()
            + " is "
            + ref.kind()
            + " "
            + ref.namespace()
            + "/"
            + ref.name()
            + "; the platform generates charts as ExternalArtifacts in "
            + ArtifactNaming.SYSTEM_NAMESPACE,
        "set chartRef {kind: ExternalArtifact, namespace: "
            + ArtifactNaming.SYSTEM_NAMESPACE
            + "} and "
            + suggestion);
  }

  private static Finding notDerived(
      CatalogManifest.Application app,
      CrossNamespaceSourceReference ref,
      Map<String, DerivedArtifact> derived,
      String suggestion,
      CatalogFiles files) {
    return onName(
        app,
        ref,
        "is an artifact no PackageSource of the catalog derives"
            + (derived.isEmpty()
                ? " (spec.packageSources derives none)"
                : " (they derive " + String.join(", ", new TreeSet<>(derived.keySet())) + ")"),
        suggestion,
        files);
  }

  private static Finding otherChart(
      CatalogManifest.Application app,
      CrossNamespaceSourceReference ref,
      DerivedArtifact target,
      String chart,
      String fix,
      CatalogFiles files) {
    return onName(
        app,
        ref,
        "is the artifact of "
            + target.describe()
            + ", which copies "
            + target.path()
            + ", not the application's chart "
            + chart,
        fix,
        files);
  }

  /** A finding on the chartRef's name, at its line. */
  private static Finding onName(
      CatalogManifest.Application app,
      CrossNamespaceSourceReference ref,
      String problem,
      String fix,
      CatalogFiles files) {
    return new Finding(
        app.definition(),
        files.line(app.definition(), ref.name()),
        "chart-ref",
        "spec.release.chartRef.name " + ref.name() + " of " + app.kind() + " " + problem,
        fix);
  }
}
