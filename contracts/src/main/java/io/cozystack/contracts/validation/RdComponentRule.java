package io.cozystack.contracts.validation;

import com.fasterxml.jackson.databind.JsonNode;
import io.cozystack.api.catalog.CatalogManifest;
import io.cozystack.api.v1alpha1.ApplicationDefinition;
import io.cozystack.api.v1alpha1.ArtifactNaming;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Every definition is installed by an {@code *-rd} component whose chart contains and renders it;
 * an {@code *-rd} chart renders nothing but the catalog's listed definitions ({@code
 * rd-component}).
 */
final class RdComponentRule {
  static final String RD_SUFFIX = "-rd";

  private RdComponentRule() {}

  /** What an -rd chart renders: its documents, or Helm's error. */
  private record Rendered(List<JsonNode> documents, String error) {}

  static void check(
      Map<CatalogManifest.Application, ApplicationDefinition> definitions,
      Collection<DerivedArtifact> derived,
      CatalogFiles files,
      List<Finding> findings)
      throws IOException {
    List<DerivedArtifact> rd = installers(derived, files);
    Map<String, Rendered> rendered = new LinkedHashMap<>();
    for (DerivedArtifact d : rd) {
      rendered.computeIfAbsent(d.path(), p -> render(files, p));
    }
    Set<String> listed = new HashSet<>();
    for (Map.Entry<CatalogManifest.Application, ApplicationDefinition> e : definitions.entrySet()) {
      String name =
          e.getValue().getMetadata() == null ? null : e.getValue().getMetadata().getName();
      listed.add(name);
      installed(e.getKey(), name, rd, rendered, files, findings);
    }
    for (Map.Entry<String, Rendered> r : rendered.entrySet()) {
      rendersOnlyListed(r.getKey(), r.getValue(), listed, findings);
    }
  }

  /** The installed {@code *-rd} components whose path is a chart, by path. */
  private static List<DerivedArtifact> installers(
      Collection<DerivedArtifact> derived, CatalogFiles files) {
    return derived.stream()
        .filter(d -> d.component().install() != null)
        .filter(d -> d.component().name().endsWith(RD_SUFFIX))
        .filter(d -> files.isChart(d.path()))
        .sorted(Comparator.comparing(DerivedArtifact::path))
        .toList();
  }

  /** The definition lies in an installer's chart, which renders it as it is. */
  private static void installed(
      CatalogManifest.Application app,
      String name,
      List<DerivedArtifact> rd,
      Map<String, Rendered> rendered,
      CatalogFiles files,
      List<Finding> findings)
      throws IOException {
    String file = app.definition();
    Optional<DerivedArtifact> installer =
        rd.stream().filter(d -> Path.of(file).normalize().startsWith(d.path())).findFirst();
    if (installer.isEmpty()) {
      findings.add(notInstalled(app, name));
      return;
    }
    Rendered out = rendered.get(installer.get().path());
    if (out.error() != null) {
      return; // reported once per chart
    }
    if (!emits(out, name, files.tree(file))) {
      findings.add(notRendered(installer.get(), file));
    }
  }

  /** Whether the chart renders the definition {@code name} exactly as its file is. */
  private static boolean emits(Rendered out, String name, JsonNode want) {
    return out.documents().stream()
        .anyMatch(
            doc ->
                "ApplicationDefinition".equals(doc.path("kind").asText())
                    && doc.path("metadata").path("name").asText().equals(name)
                    && doc.equals(want));
  }

  private static Finding notRendered(DerivedArtifact installer, String file) {
    return new Finding(
        file,
        0,
        "rd-component",
        installer.describe()
            + " installs chart "
            + installer.path()
            + ", which does not render "
            + file
            + " as it is",
        "keep the file under "
            + installer.path()
            + "/cozyrds/ and emit every file there verbatim: {{- range $path, $_ :="
            + " .Files.Glob \"cozyrds/*\" }} ---\\n{{ $.Files.Get $path }} {{- end }}");
  }

  private static Finding notInstalled(CatalogManifest.Application app, String name) {
    String rd = (name == null ? "<app>" : name) + RD_SUFFIX;
    return new Finding(
        app.definition(),
        0,
        "rd-component",
        "no installed *"
            + RD_SUFFIX
            + " component of the catalog's PackageSources has "
            + app.definition()
            + " in its chart, so nothing installs the ApplicationDefinition of "
            + app.kind(),
        "move it to charts/"
            + rd
            + "/cozyrds/, render it from a template with .Files.Glob \"cozyrds/*\", and"
            + " add component "
            + rd
            + " (path charts/"
            + rd
            + ", install {namespace: "
            + ArtifactNaming.SYSTEM_NAMESPACE
            + ", releaseName: "
            + rd
            + "}) to its PackageSource");
  }

  /** The chart renders, and only definitions the manifest lists. */
  private static void rendersOnlyListed(
      String chart, Rendered rendered, Set<String> listed, List<Finding> findings) {
    if (rendered.error() != null) {
      findings.add(
          new Finding(
              chart,
              0,
              "rd-component",
              "helm template fails: " + rendered.error(),
              "fix the chart until `helm template` renders it with default values"));
      return;
    }
    for (JsonNode doc : rendered.documents()) {
      unlisted(chart, doc, listed).ifPresent(findings::add);
    }
  }

  /**
   * A document an -rd chart may not render: not a definition, or one the manifest does not list.
   */
  private static Optional<Finding> unlisted(String chart, JsonNode doc, Set<String> listed) {
    String kind = doc.path("kind").asText();
    String name = doc.path("metadata").path("name").asText();
    if (!"ApplicationDefinition".equals(kind)) {
      return Optional.of(
          new Finding(
              chart,
              0,
              "rd-component",
              "the chart renders "
                  + kind
                  + " "
                  + name
                  + "; an *"
                  + RD_SUFFIX
                  + " chart renders only ApplicationDefinitions",
              "move it to a chart of its own"));
    }
    if (!listed.contains(name)) {
      return Optional.of(
          new Finding(
              chart,
              0,
              "rd-component",
              "the chart renders ApplicationDefinition "
                  + name
                  + ", which spec.applications does not list, so it would be installed"
                  + " unvalidated",
              "list it in spec.applications with its chart, or remove it from the chart"));
    }
    return Optional.empty();
  }

  private static Rendered render(CatalogFiles files, String chart) {
    try {
      String out = ChartRender.manifests(files.root().resolve(chart));
      return new Rendered(
          CatalogFiles.documents(out).stream().filter(JsonNode::isObject).toList(), null);
    } catch (IllegalStateException e) {
      return new Rendered(List.of(), ChartRender.helmError(e));
    } catch (IOException e) {
      return new Rendered(List.of(), e.getMessage());
    }
  }
}
