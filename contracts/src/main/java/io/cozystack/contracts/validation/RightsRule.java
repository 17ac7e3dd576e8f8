package io.cozystack.contracts.validation;

import com.fasterxml.jackson.databind.JsonNode;
import io.cozystack.api.catalog.CatalogManifest;
import io.cozystack.api.catalog.CatalogRights;
import io.cozystack.api.v1alpha1.ApplicationDefinition;
import io.cozystack.api.v1alpha1.ArtifactNaming;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The catalog's declared rights ({@code declared-rights}): the declaration grants nothing a catalog
 * may never hold, every installed component lands in a declared namespace, and every object the
 * catalog's charts render (its applications' charts, its installed components' charts and its
 * {@code charts/catalog}) is of a declared kind, a CRD of a declared group, or a PackageSource or
 * Package, which every catalog may install.
 */
final class RightsRule {
  static final String RULE = "declared-rights";
  static final String CATALOG_CHART = "charts/catalog";
  private static final String CRD_GROUP = "apiextensions.k8s.io";

  private RightsRule() {}

  static void check(
      CatalogManifest manifest,
      Map<CatalogManifest.Application, ApplicationDefinition> definitions,
      Collection<DerivedArtifact> derived,
      CatalogFiles files,
      List<Finding> findings)
      throws IOException {
    CatalogRights rights = manifest.spec().rights();
    if (rights == null) {
      findings.add(
          new Finding(
              CatalogManifest.FILE,
              files.line(CatalogManifest.FILE, "spec"),
              RULE,
              "catalog.yaml declares no spec.rights, so a platform that does not trust the catalog"
                  + " lets it install nothing but its PackageSources and Packages",
              "declare spec.rights: the clusterScoped and namespaced kinds its charts render,"
                  + " customResourceGroups and namespaces (see docs/catalog-authors.md)"));
      rights = CatalogRights.sourcesOnly();
    }
    declaration(rights, files, findings);
    namespaces(rights, derived, files, findings);
    for (Map.Entry<String, Release> chart : charts(definitions, derived, files).entrySet()) {
      rendered(chart.getKey(), chart.getValue(), rights, files, findings);
    }
  }

  /** Kinds no catalog may hold, and the platform's own API groups, are refused. */
  private static void declaration(
      CatalogRights rights, CatalogFiles files, List<Finding> findings) {
    List<CatalogRights.Kind> declared = new ArrayList<>(rights.clusterScopedOrEmpty());
    declared.addAll(rights.namespacedOrEmpty());
    for (CatalogRights.Kind kind : declared) {
      if (CatalogRights.NEVER_GRANTED.stream()
          .anyMatch(k -> k.sameKind(kind.apiGroup(), kind.kind()))) {
        findings.add(
            new Finding(
                CatalogManifest.FILE,
                files.line(CatalogManifest.FILE, kind.kind()),
                RULE,
                "spec.rights declares "
                    + kind.describe()
                    + ", which no catalog is granted: it would let the catalog raise its own"
                    + " rights or another's",
                CRD_GROUP.equals(kind.apiGroup())
                    ? "list the CRDs' API groups in spec.rights.customResourceGroups instead"
                    : "remove it; use namespaced Roles and RoleBindings for the catalog's"
                        + " workloads"));
      }
    }
    for (String namespace : rights.namespacesOrEmpty()) {
      if (CatalogRights.reservedNamespace(namespace)) {
        findings.add(
            new Finding(
                CatalogManifest.FILE,
                files.line(CatalogManifest.FILE, namespace),
                RULE,
                "spec.rights.namespaces lists "
                    + namespace
                    + ", a namespace of Kubernetes or the platform (default, kube-*, cozy-*,"
                    + " tenant-*), where a catalog the platform does not trust is never granted"
                    + " rights: its Packages installing there would be refused",
                "install into a namespace of the catalog's own, such as <publisher>-system"));
      }
    }
    for (String group : rights.customResourceGroupsOrEmpty()) {
      if (CatalogRights.platformGroup(group)) {
        findings.add(
            new Finding(
                CatalogManifest.FILE,
                files.line(CatalogManifest.FILE, group),
                RULE,
                "spec.rights.customResourceGroups lists "
                    + group
                    + ", an API group of the platform's, which no catalog may extend",
                "use a group of your own domain, such as databases.example.com"));
      }
    }
  }

  /** Every installed component lands in cozy-system or a declared namespace. */
  private static void namespaces(
      CatalogRights rights,
      Collection<DerivedArtifact> derived,
      CatalogFiles files,
      List<Finding> findings) {
    for (DerivedArtifact d : derived) {
      var install = d.component().install();
      if (install == null || install.namespace() == null) {
        continue;
      }
      String namespace = install.namespace();
      if (!ArtifactNaming.SYSTEM_NAMESPACE.equals(namespace)
          && !rights.namespacesOrEmpty().contains(namespace)) {
        findings.add(
            new Finding(
                d.source().file(),
                files.line(d.source().file(), "namespace", namespace),
                RULE,
                d.describe()
                    + " installs into namespace "
                    + namespace
                    + ", which spec.rights.namespaces does not list",
                "add " + namespace + " to catalog.yaml spec.rights.namespaces"));
      }
    }
  }

  /**
   * How a chart is released: its release name, and whether another rule already reports a chart
   * that fails to render (chart-renders for application charts, rd-component for -rd charts).
   */
  private record Release(String name, boolean renderReported) {}

  /**
   * The charts the catalog installs or serves, each once, in path order: each application's chart
   * as an instance's release, each installed component's chart as its release, charts/catalog.
   */
  private static Map<String, Release> charts(
      Map<CatalogManifest.Application, ApplicationDefinition> definitions,
      Collection<DerivedArtifact> derived,
      CatalogFiles files) {
    Map<String, Release> charts = new TreeMap<>();
    for (Map.Entry<CatalogManifest.Application, ApplicationDefinition> e : definitions.entrySet()) {
      String chart = e.getKey().chart();
      if (chart != null
          && files.isChart(chart)
          && e.getValue().getSpec() != null
          && e.getValue().getSpec().release() != null) {
        charts.put(
            ArtifactNaming.trimSlashes(chart),
            new Release(ChartRender.releaseName(e.getValue()), true));
      }
    }
    for (DerivedArtifact d : derived) {
      var install = d.component().install();
      if (install != null && files.isChart(d.path())) {
        String name = install.releaseName() != null ? install.releaseName() : d.component().name();
        charts.putIfAbsent(
            d.path(), new Release(name, d.component().name().endsWith(RdComponentRule.RD_SUFFIX)));
      }
    }
    if (files.isChart(CATALOG_CHART)) {
      charts.putIfAbsent(CATALOG_CHART, new Release("catalog", false));
    }
    return charts;
  }

  /** Each object the chart renders is one the declaration covers. */
  private static void rendered(
      String chart,
      Release release,
      CatalogRights rights,
      CatalogFiles files,
      List<Finding> findings)
      throws IOException {
    List<JsonNode> documents;
    Path work = Files.createTempDirectory("cozy-catalog-rights");
    try {
      documents =
          CatalogFiles.documents(
              ChartRender.manifests(files.root().resolve(chart), work, Map.of(), release.name()));
    } catch (IllegalStateException e) {
      if (!release.renderReported()) {
        findings.add(
            new Finding(
                chart,
                0,
                RULE,
                "helm template fails, so the objects the chart creates cannot be checked against"
                    + " spec.rights: "
                    + ChartRender.helmError(e),
                "fix the chart until `helm template` renders it with default values"));
      }
      return;
    } finally {
      ChartRender.deleteTree(work);
    }
    for (JsonNode doc : documents) {
      if (doc.isObject()) {
        uncovered(chart, doc, rights).ifPresent(findings::add);
        ApiServerRule.rendered(chart, doc, findings);
      }
    }
  }

  /** A finding naming the object when the declaration does not cover it. */
  static Optional<Finding> uncovered(String chart, JsonNode doc, CatalogRights rights) {
    String apiVersion = doc.path("apiVersion").asText();
    String group = apiVersion.contains("/") ? apiVersion.substring(0, apiVersion.indexOf('/')) : "";
    String kind = doc.path("kind").asText();
    String name = doc.path("metadata").path("name").asText();
    CatalogRights.Kind object = new CatalogRights.Kind(group, kind, null);
    if (CRD_GROUP.equals(group) && "CustomResourceDefinition".equals(kind)) {
      String crdGroup = doc.path("spec").path("group").asText();
      if (rights.customResourceGroupsOrEmpty().contains(crdGroup)
          && !CatalogRights.platformGroup(crdGroup)) {
        return Optional.empty();
      }
      return Optional.of(
          new Finding(
              chart,
              0,
              RULE,
              "the chart renders CustomResourceDefinition "
                  + name
                  + " of group "
                  + crdGroup
                  + ", which spec.rights.customResourceGroups does not list",
              "list " + crdGroup + " in spec.rights.customResourceGroups if the group is yours"));
    }
    List<CatalogRights.Kind> allowed = new ArrayList<>(rights.clusterScopedOrEmpty());
    allowed.addAll(rights.namespacedOrEmpty());
    allowed.addAll(CatalogRights.sourcesOnly().clusterScopedOrEmpty());
    if (allowed.stream().anyMatch(k -> k.sameKind(group, kind))) {
      return Optional.empty();
    }
    return Optional.of(
        new Finding(
            chart,
            0,
            RULE,
            "the chart renders "
                + object.describe()
                + " "
                + name
                + ", a kind catalog.yaml spec.rights does not declare, so an untrusted install"
                + " would be refused it",
            "declare {apiGroup: \""
                + group
                + "\", kind: "
                + kind
                + "} in spec.rights.clusterScoped or spec.rights.namespaced, or remove it from the"
                + " chart"));
  }
}
