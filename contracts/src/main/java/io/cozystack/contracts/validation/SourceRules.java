package io.cozystack.contracts.validation;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import io.cozystack.api.catalog.CatalogManifest;
import io.cozystack.api.properties.PropertyRequirement;
import io.cozystack.api.v1alpha1.ApplicationDefinition;
import io.cozystack.api.v1alpha1.ArtifactNaming;
import io.cozystack.api.v1alpha1.CatalogRequirements;
import io.cozystack.api.v1alpha1.Component;
import io.cozystack.api.v1alpha1.CrossNamespaceSourceReference;
import io.cozystack.api.v1alpha1.Library;
import io.cozystack.api.v1alpha1.PackageSource;
import io.cozystack.api.v1alpha1.PackageSourceRef;
import io.cozystack.api.v1alpha1.Variant;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The PackageSources a catalog ships (spec.packageSources), read as the platform reads them from
 * the catalog's published artifact (its root is the catalog directory, with the platform's cozy-lib
 * added at {@link CatalogManifest#COZY_LIB_PATH}): each source keeps the PackageSource rules, every
 * path it copies exists, its spec.catalog is the manifest's; every application's chartRef is an
 * artifact these sources derive from the application's own chart; and every definition is installed
 * by a {@code *-rd} component whose chart renders it.
 */
final class SourceRules {
  static final String SOURCE_API_VERSION = "cozystack.io/v1alpha1";
  static final String RD_SUFFIX = "-rd";
  private static final Pattern CATALOG_KEY = Pattern.compile("^\\s*catalog:\\s*(#.*)?$");

  private SourceRules() {}

  /** A parsed source and the file it came from. */
  private record Source(String file, PackageSource source) {
    String name() {
      return source.getMetadata().getName();
    }

    List<Variant> variants() {
      return ManifestRules.orEmpty(source.getSpec().variants());
    }
  }

  /** One component with a path: the artifact it derives, and where it is declared. */
  private record Derived(Source source, Variant variant, Component component, String artifact) {
    String path() {
      return ArtifactNaming.trimSlashes(component.path());
    }

    String describe() {
      return "component "
          + component.name()
          + " of variant "
          + variant.name()
          + " of PackageSource "
          + source.name()
          + " ("
          + source.file()
          + ")";
    }
  }

  static void check(
      CatalogManifest manifest,
      Map<CatalogManifest.Application, ApplicationDefinition> definitions,
      CatalogFiles files,
      List<Finding> findings)
      throws IOException {
    int before = findings.size();
    List<Source> sources = read(manifest, files, findings);
    // A declared source that could not be read may derive any name: judge chartRefs without it
    // and every definition would be blamed for the one broken file.
    boolean complete = findings.size() == before;
    Set<String> own = sources.stream().map(Source::name).collect(Collectors.toSet());
    for (Source source : sources) {
      sourceRef(source, sources.get(0), files, findings);
      variants(source, own, files, findings);
      catalog(source, manifest, files, findings);
    }
    cycles(sources, files, findings);
    Map<String, Derived> derived = derive(sources, files, findings);
    if (!complete) {
      return;
    }
    for (Map.Entry<CatalogManifest.Application, ApplicationDefinition> e : definitions.entrySet()) {
      chartRef(e.getKey(), e.getValue(), derived, files, findings);
    }
    installed(definitions, derived.values(), files, findings);
  }

  /** Every declared source that exists and parses, in manifest order, each name once. */
  private static List<Source> read(
      CatalogManifest manifest, CatalogFiles files, List<Finding> findings) throws IOException {
    List<Source> sources = new ArrayList<>();
    Map<String, String> fileByName = new HashMap<>();
    for (String file : ManifestRules.orEmpty(manifest.spec().packageSources())) {
      if (!files.exists(file)) {
        findings.add(
            new Finding(
                CatalogManifest.FILE,
                files.line(CatalogManifest.FILE, file),
                "package-source",
                "the PackageSource " + file + " listed in spec.packageSources does not exist",
                "add the PackageSource manifest or correct the path"));
        continue;
      }
      Optional<PackageSource> parsed = parse(file, files, findings);
      if (parsed.isEmpty()) {
        continue;
      }
      String name = parsed.get().getMetadata().getName();
      String earlier = fileByName.putIfAbsent(name, file);
      if (earlier != null) {
        findings.add(
            new Finding(
                file,
                files.line(file, "name: " + name),
                "package-source",
                "PackageSource " + name + " is also declared in " + earlier,
                "give each PackageSource of the catalog its own name"));
        continue;
      }
      sources.add(new Source(file, parsed.get()));
    }
    return sources;
  }

  /** One PackageSource document, read strictly, with its apiVersion, kind, name and spec. */
  private static Optional<PackageSource> parse(
      String file, CatalogFiles files, List<Finding> findings) throws IOException {
    List<JsonNode> documents = new ArrayList<>();
    try (var docs = CatalogFiles.YAML.readerFor(JsonNode.class).readValues(files.text(file))) {
      while (docs.hasNextValue()) {
        JsonNode doc = (JsonNode) docs.nextValue();
        if (doc != null && !doc.isNull() && !doc.isMissingNode()) {
          documents.add(doc);
        }
      }
    } catch (JsonProcessingException e) {
      findings.add(
          notASource(file, files.line(file, e), ApplicationRules.firstLine(e.getMessage())));
      return Optional.empty();
    }
    if (documents.size() != 1) {
      findings.add(
          new Finding(
              file,
              0,
              "package-source",
              "the file holds " + documents.size() + " documents; it must hold one PackageSource",
              "put each PackageSource in its own file and list each in spec.packageSources"));
      return Optional.empty();
    }
    JsonNode doc = documents.get(0);
    if (!SOURCE_API_VERSION.equals(doc.path("apiVersion").asText())
        || !"PackageSource".equals(doc.path("kind").asText())) {
      findings.add(
          new Finding(
              file,
              files.line(file, "kind:"),
              "package-source",
              "not a PackageSource: apiVersion "
                  + doc.path("apiVersion").asText()
                  + ", kind "
                  + doc.path("kind").asText(),
              "set apiVersion: " + SOURCE_API_VERSION + " and kind: PackageSource"));
      return Optional.empty();
    }
    PackageSource source;
    try {
      source = CatalogFiles.YAML.treeToValue(doc, PackageSource.class);
    } catch (JsonProcessingException e) {
      findings.add(
          notASource(
              file,
              e instanceof com.fasterxml.jackson.databind.exc.PropertyBindingException unknown
                  ? files.line(file, unknown.getPropertyName() + ":")
                  : 0,
              ApplicationRules.firstLine(e.getOriginalMessage())));
      return Optional.empty();
    }
    if (source.getMetadata() == null
        || source.getMetadata().getName() == null
        || source.getMetadata().getName().isEmpty()) {
      findings.add(
          new Finding(
              file,
              files.line(file, "metadata:"),
              "package-source",
              "the PackageSource has no metadata.name",
              "name it like cozystack.<app>-application; the name is part of every artifact name"));
      return Optional.empty();
    }
    if (source.getSpec() == null) {
      findings.add(
          new Finding(
              file,
              0,
              "package-source",
              "PackageSource " + source.getMetadata().getName() + " has no spec",
              "add spec.sourceRef, spec.variants and spec.catalog"));
      return Optional.empty();
    }
    return Optional.of(source);
  }

  private static Finding notASource(String file, int line, String problem) {
    return new Finding(
        file,
        line,
        "package-source",
        "not a valid PackageSource: " + problem,
        "remove or rename the field; the schema is the cozystack.io PackageSource CRD");
  }

  /**
   * The published catalog is one OCI artifact whose root is the catalog directory: every source
   * reads it through the same OCIRepository in cozy-system, from its root.
   */
  private static void sourceRef(
      Source source, Source first, CatalogFiles files, List<Finding> findings) {
    PackageSourceRef ref = source.source().getSpec().sourceRef();
    String wanted =
        "{kind: OCIRepository, name: <the catalog's repository>, namespace: "
            + ArtifactNaming.SYSTEM_NAMESPACE
            + ", path: /}";
    if (ref == null) {
      findings.add(
          new Finding(
              source.file(),
              files.line(source.file(), "spec:"),
              "package-source",
              "PackageSource " + source.name() + " has no spec.sourceRef, so it generates nothing",
              "set spec.sourceRef to " + wanted));
      return;
    }
    List<String> problems = new ArrayList<>();
    if (ref.kind() != PackageSourceRef.SourceKind.OCIRepository) {
      problems.add("kind is " + ref.kind() + ", not OCIRepository");
    }
    if (ref.name() == null || ref.name().isEmpty()) {
      problems.add("name is missing");
    }
    if (!ArtifactNaming.SYSTEM_NAMESPACE.equals(ref.namespace())) {
      problems.add("namespace is " + ref.namespace() + ", not " + ArtifactNaming.SYSTEM_NAMESPACE);
    }
    if (ref.kind() != null && !ArtifactNaming.basePath(ref).isEmpty()) {
      problems.add(
          "its base path is "
              + ArtifactNaming.basePath(ref)
              + ", not the artifact's root, where the catalog's files are");
    }
    if (!problems.isEmpty()) {
      findings.add(
          new Finding(
              source.file(),
              files.line(source.file(), "sourceRef:"),
              "package-source",
              "spec.sourceRef of PackageSource "
                  + source.name()
                  + ": "
                  + String.join("; ", problems),
              "set spec.sourceRef to " + wanted));
      return;
    }
    PackageSourceRef firstRef = first.source().getSpec().sourceRef();
    if (source != first && firstRef != null && !Objects.equals(firstRef.name(), ref.name())) {
      findings.add(
          new Finding(
              source.file(),
              files.line(source.file(), "name: " + ref.name()),
              "package-source",
              "spec.sourceRef.name "
                  + ref.name()
                  + " differs from "
                  + firstRef.name()
                  + " in "
                  + first.file()
                  + "; the catalog is published as one artifact",
              "read every PackageSource of the catalog from the same OCIRepository"));
    }
  }

  private static void variants(
      Source source, Set<String> own, CatalogFiles files, List<Finding> findings)
      throws IOException {
    String file = source.file();
    if (source.variants().isEmpty()) {
      findings.add(
          new Finding(
              file,
              0,
              "package-source",
              "PackageSource " + source.name() + " has no variants, so no Package can install it",
              "add a variant named default"));
      return;
    }
    Set<String> names = new HashSet<>();
    for (Variant variant : source.variants()) {
      if (variant.name() == null || variant.name().isEmpty() || !names.add(variant.name())) {
        findings.add(
            new Finding(
                file,
                variant.name() == null ? 0 : line(files, file, "name", variant.name()),
                "package-source",
                "every variant of PackageSource "
                    + source.name()
                    + " needs a name of its own ("
                    + variant.name()
                    + ")",
                "name the variants uniquely; a Package selects one by name"));
        continue;
      }
      dependsOn(source, variant, own, files, findings);
      Map<String, Library> libraries = libraries(source, variant, files, findings);
      Set<String> components = new HashSet<>();
      for (Component component : ManifestRules.orEmpty(variant.components())) {
        if (component.name() == null
            || component.name().isEmpty()
            || !components.add(component.name())) {
          findings.add(
              new Finding(
                  file,
                  component.name() == null ? 0 : line(files, file, "name", component.name()),
                  "package-source",
                  "every component of variant "
                      + variant.name()
                      + " needs a name of its own ("
                      + component.name()
                      + ")",
                  "name the components of a variant uniquely"));
          continue;
        }
        component(source, variant, component, libraries, files, findings);
      }
    }
  }

  /** A variant's libraries, by the name components use; each path in the catalog or bundled. */
  private static Map<String, Library> libraries(
      Source source, Variant variant, CatalogFiles files, List<Finding> findings) {
    Map<String, Library> byName = new LinkedHashMap<>();
    for (Library library : ManifestRules.orEmpty(variant.libraries())) {
      if (library.path() == null || library.path().isEmpty()) {
        findings.add(
            new Finding(
                source.file(),
                files.line(source.file(), "libraries:"),
                "package-source",
                "a library of variant " + variant.name() + " has no path",
                "set its path, e.g. " + CatalogManifest.COZY_LIB_PATH));
        continue;
      }
      byName.put(ArtifactNaming.libraryName(library), library);
      String path = ArtifactNaming.trimSlashes(library.path());
      if (!path.equals(CatalogManifest.COZY_LIB_PATH) && !chartAt(files, path)) {
        findings.add(
            new Finding(
                source.file(),
                line(files, source.file(), "path", library.path()),
                "source-path",
                "library "
                    + ArtifactNaming.libraryName(library)
                    + " of variant "
                    + variant.name()
                    + " reads "
                    + path
                    + "/Chart.yaml, which the catalog does not have",
                "correct the path; the platform's cozy-lib is at "
                    + CatalogManifest.COZY_LIB_PATH
                    + " in the published catalog"));
      }
    }
    return byName;
  }

  private static void component(
      Source source,
      Variant variant,
      Component component,
      Map<String, Library> libraries,
      CatalogFiles files,
      List<Finding> findings)
      throws IOException {
    String file = source.file();
    String where = "component " + component.name() + " of variant " + variant.name();
    if (component.path() == null || component.path().isEmpty()) {
      findings.add(
          new Finding(
              file,
              line(files, file, "name", component.name()),
              "package-source",
              where + " has no path, so it derives no artifact",
              "set its path to the chart's directory, from the catalog root"));
      return;
    }
    String path = ArtifactNaming.trimSlashes(component.path());
    boolean chart = chartAt(files, path);
    if (!chart) {
      findings.add(
          new Finding(
              file,
              line(files, file, "path", component.path()),
              "source-path",
              where + " copies " + path + ", which has no Chart.yaml in the catalog",
              "correct spec.variants[].components[].path to a chart directory, from the catalog"
                  + " root"));
    }
    for (String valuesFile : ManifestRules.orEmpty(component.valuesFiles())) {
      if (!files.exists(path + "/" + valuesFile)) {
        findings.add(
            new Finding(
                file,
                files.line(file, valuesFile),
                "source-path",
                where + " lists values file " + valuesFile + ", which " + path + " does not have",
                "add " + path + "/" + valuesFile + " or remove it from valuesFiles"));
      }
    }
    Set<String> listed = new HashSet<>(ManifestRules.orEmpty(component.libraries()));
    for (String library : listed) {
      if (!libraries.containsKey(library)) {
        findings.add(
            new Finding(
                file,
                files.line(file, library),
                "package-source",
                where
                    + " vendors library "
                    + library
                    + ", which variant "
                    + variant.name()
                    + " does not declare; the platform would skip it",
                "declare it in the variant's libraries, e.g. {name: cozy-lib, path: "
                    + CatalogManifest.COZY_LIB_PATH
                    + "}"));
      }
    }
    if (chart) {
      // A dependency with no repository and no copy in charts/ exists only if the platform vendors
      // it.
      for (JsonNode dependency : files.tree(path + "/Chart.yaml").path("dependencies")) {
        String name = dependency.path("name").asText();
        if (dependency.path("repository").asText("").isEmpty()
            && !files.exists(path + "/charts/" + name)
            && !listed.contains(name)) {
          findings.add(
              new Finding(
                  file,
                  line(files, file, "name", component.name()),
                  "package-source",
                  where
                      + ": its chart "
                      + path
                      + " depends on "
                      + name
                      + ", which the component does not vendor, so the chart would not render",
                  "add libraries: [\"" + name + "\"] to the component"));
        }
      }
    }
    if (component.install() != null) {
      if (component.install().namespace() == null || component.install().namespace().isEmpty()) {
        findings.add(
            new Finding(
                file,
                files.line(file, "install:"),
                "package-source",
                where + " is installed but names no install.namespace",
                "set install.namespace (an -rd component installs into "
                    + ArtifactNaming.SYSTEM_NAMESPACE
                    + ")"));
      }
      for (String target : ManifestRules.orEmpty(component.install().dependsOn())) {
        boolean installed =
            ManifestRules.orEmpty(variant.components()).stream()
                .anyMatch(c -> target.equals(c.name()) && c.install() != null);
        if (!installed) {
          findings.add(
              new Finding(
                  file,
                  files.line(file, target),
                  "package-source",
                  where
                      + " depends on "
                      + target
                      + ", which is not an installed component of the variant; the Package would"
                      + " fail with DependsOnFailed",
                  "name an installed component of the same variant"));
        }
      }
    }
  }

  /**
   * A variant may wait only for PackageSources the catalog itself ships: a dependency nobody ships
   * would keep its Package waiting forever.
   */
  private static void dependsOn(
      Source source, Variant variant, Set<String> own, CatalogFiles files, List<Finding> findings) {
    for (String dependency : ManifestRules.orEmpty(variant.dependsOn())) {
      if (!own.contains(dependency)) {
        findings.add(
            new Finding(
                source.file(),
                files.line(source.file(), dependency),
                "package-source",
                "variant "
                    + variant.name()
                    + " of PackageSource "
                    + source.name()
                    + " depends on "
                    + dependency
                    + ", which this catalog does not ship; on a platform where nobody installs it,"
                    + " the Package waits forever",
                "depend only on PackageSources listed in spec.packageSources, or drop the"
                    + " dependency"));
      }
    }
  }

  /** A source that waits for itself, directly or through others, never installs. */
  private static void cycles(List<Source> sources, CatalogFiles files, List<Finding> findings) {
    Map<String, Set<String>> edges = new TreeMap<>();
    for (Source source : sources) {
      Set<String> targets = new TreeSet<>();
      source.variants().forEach(v -> targets.addAll(ManifestRules.orEmpty(v.dependsOn())));
      edges.put(source.name(), targets);
    }
    for (Source source : sources) {
      if (reaches(source.name(), source.name(), edges, new HashSet<>())) {
        findings.add(
            new Finding(
                source.file(),
                files.line(source.file(), "dependsOn:"),
                "package-source",
                "PackageSource "
                    + source.name()
                    + " depends on itself through its variants' dependsOn",
                "break the cycle; a Package waiting for itself is never installed"));
      }
    }
  }

  private static boolean reaches(
      String from, String target, Map<String, Set<String>> edges, Set<String> seen) {
    for (String next : edges.getOrDefault(from, Set.of())) {
      if (next.equals(target)) {
        return true;
      }
      if (seen.add(next) && reaches(next, target, edges, seen)) {
        return true;
      }
    }
    return false;
  }

  /** spec.catalog carries the manifest's requirements, so the platform judges them (K3). */
  private static void catalog(
      Source source, CatalogManifest manifest, CatalogFiles files, List<Finding> findings) {
    CatalogRequirements catalog = source.source().getSpec().catalog();
    String file = source.file();
    String copy =
        "copy catalog.yaml's metadata.name, metadata.version, spec.platform.minVersion (as"
            + " minPlatformVersion), spec.platform.contractVersion and spec.requires into"
            + " spec.catalog";
    if (catalog == null) {
      findings.add(
          new Finding(
              file,
              0,
              "source-catalog",
              "PackageSource "
                  + source.name()
                  + " has no spec.catalog, so the platform cannot judge whether it can run the"
                  + " catalog",
              copy));
      return;
    }
    Map<String, Object[]> fields = new LinkedHashMap<>();
    fields.put("name", new Object[] {catalog.name(), manifest.metadata().name()});
    fields.put("version", new Object[] {catalog.version(), manifest.metadata().version()});
    fields.put(
        "minPlatformVersion",
        new Object[] {catalog.minPlatformVersion(), manifest.spec().platform().minVersion()});
    fields.put(
        "contractVersion",
        new Object[] {catalog.contractVersion(), manifest.spec().platform().contractVersion()});
    fields.put(
        "requires",
        new Object[] {requirements(catalog.requires()), requirements(manifest.spec().requires())});
    for (Map.Entry<String, Object[]> f : fields.entrySet()) {
      Object have = f.getValue()[0];
      Object want = f.getValue()[1];
      if (!Objects.equals(have, want)) {
        findings.add(
            new Finding(
                file,
                lineAfter(files, file, CATALOG_KEY, f.getKey() + ":"),
                "source-catalog",
                "spec.catalog."
                    + f.getKey()
                    + " of PackageSource "
                    + source.name()
                    + " is "
                    + have
                    + ", catalog.yaml says "
                    + want,
                copy));
      }
    }
  }

  /** Requirements by property and minimum; the reason is prose and may differ. */
  private static Map<String, String> requirements(List<PropertyRequirement> requires) {
    Map<String, String> result = new TreeMap<>();
    for (PropertyRequirement r : ManifestRules.orEmpty(requires)) {
      result.put(
          r.property() == null ? "" : r.property().key(),
          r.minVersion() == null ? "" : r.minVersion());
    }
    return result;
  }

  /**
   * Every artifact the sources derive; a name derived twice is a collision the platform refuses.
   */
  private static Map<String, Derived> derive(
      List<Source> sources, CatalogFiles files, List<Finding> findings) {
    Map<String, Derived> derived = new LinkedHashMap<>();
    for (Source source : sources) {
      Set<String> variants = new HashSet<>();
      for (Variant variant : source.variants()) {
        if (variant.name() == null || !variants.add(variant.name())) {
          continue;
        }
        Set<String> components = new HashSet<>();
        for (Component component : ManifestRules.orEmpty(variant.components())) {
          if (component.name() == null
              || !components.add(component.name())
              || component.path() == null
              || component.path().isEmpty()) {
            continue;
          }
          String artifact =
              ArtifactNaming.artifactName(source.name(), variant.name(), component.name());
          Derived d = new Derived(source, variant, component, artifact);
          Derived earlier = derived.putIfAbsent(artifact, d);
          if (earlier != null) {
            findings.add(
                new Finding(
                    source.file(),
                    line(files, source.file(), "name", component.name()),
                    "package-source",
                    d.describe()
                        + " derives artifact "
                        + artifact
                        + ", as "
                        + earlier.describe()
                        + " does; the platform refuses the later one (NameCollision)",
                    "rename the source, variant or component (\".\" and \"-\" derive the same"
                        + " name)"));
          }
        }
      }
    }
    return derived;
  }

  /** The definition's chartRef is the artifact of a component copying the application's chart. */
  private static void chartRef(
      CatalogManifest.Application app,
      ApplicationDefinition definition,
      Map<String, Derived> derived,
      CatalogFiles files,
      List<Finding> findings) {
    String file = app.definition();
    if (definition.getSpec() == null || definition.getSpec().release() == null) {
      return;
    }
    CrossNamespaceSourceReference ref = definition.getSpec().release().chartRef();
    if (ref == null) {
      return;
    }
    String chart = ArtifactNaming.trimSlashes(app.chart());
    Optional<Derived> ofChart =
        derived.values().stream().filter(d -> d.path().equals(chart)).findFirst();
    String suggestion =
        ofChart
            .map(d -> "name " + d.artifact() + ", the artifact of " + d.describe())
            .orElse(
                "add a component with path "
                    + chart
                    + " to a PackageSource in spec.packageSources and name its artifact"
                    + " <source>-<variant>-<component> (every \".\" turned into \"-\")");
    if (ref.kind() != CrossNamespaceSourceReference.ChartSourceKind.ExternalArtifact
        || !ArtifactNaming.SYSTEM_NAMESPACE.equals(ref.namespace())) {
      findings.add(
          new Finding(
              file,
              files.line(file, "chartRef"),
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
                  + suggestion));
      return;
    }
    Derived target = derived.get(ref.name());
    if (target == null) {
      findings.add(
          new Finding(
              file,
              files.line(file, ref.name()),
              "chart-ref",
              "spec.release.chartRef.name "
                  + ref.name()
                  + " of "
                  + app.kind()
                  + " is an artifact no PackageSource of the catalog derives"
                  + (derived.isEmpty()
                      ? " (spec.packageSources derives none)"
                      : " (they derive "
                          + String.join(", ", new TreeSet<>(derived.keySet()))
                          + ")"),
              suggestion));
      return;
    }
    if (!target.path().equals(chart)) {
      findings.add(
          new Finding(
              file,
              files.line(file, ref.name()),
              "chart-ref",
              "spec.release.chartRef.name "
                  + ref.name()
                  + " of "
                  + app.kind()
                  + " is the artifact of "
                  + target.describe()
                  + ", which copies "
                  + target.path()
                  + ", not the application's chart "
                  + chart,
              ofChart.isPresent()
                  ? suggestion
                  : "set that component's path to "
                      + chart
                      + " or correct spec.applications[].chart"));
    }
  }

  /**
   * Every definition is installed by an {@code *-rd} component whose chart contains and renders it;
   * an {@code *-rd} chart renders nothing but the catalog's listed definitions.
   */
  private static void installed(
      Map<CatalogManifest.Application, ApplicationDefinition> definitions,
      java.util.Collection<Derived> derived,
      CatalogFiles files,
      List<Finding> findings)
      throws IOException {
    List<Derived> rd =
        derived.stream()
            .filter(d -> d.component().install() != null)
            .filter(d -> d.component().name().endsWith(RD_SUFFIX))
            .filter(d -> chartAt(files, d.path()))
            .sorted(Comparator.comparing(Derived::path))
            .toList();
    Map<String, Rendered> rendered = new LinkedHashMap<>();
    for (Derived d : rd) {
      rendered.computeIfAbsent(d.path(), p -> render(files, p));
    }
    Set<String> listed = new HashSet<>();
    for (Map.Entry<CatalogManifest.Application, ApplicationDefinition> e : definitions.entrySet()) {
      String file = e.getKey().definition();
      String name =
          e.getValue().getMetadata() == null ? null : e.getValue().getMetadata().getName();
      listed.add(name);
      Optional<Derived> installer =
          rd.stream().filter(d -> Path.of(file).normalize().startsWith(d.path())).findFirst();
      if (installer.isEmpty()) {
        String app = name == null ? "<app>" : name;
        findings.add(
            new Finding(
                file,
                0,
                "rd-component",
                "no installed *"
                    + RD_SUFFIX
                    + " component of the catalog's PackageSources has "
                    + file
                    + " in its chart, so nothing installs the ApplicationDefinition of "
                    + e.getKey().kind(),
                "move it to charts/"
                    + app
                    + RD_SUFFIX
                    + "/cozyrds/, render it from a template with .Files.Glob \"cozyrds/*\", and"
                    + " add component "
                    + app
                    + RD_SUFFIX
                    + " (path charts/"
                    + app
                    + RD_SUFFIX
                    + ", install {namespace: "
                    + ArtifactNaming.SYSTEM_NAMESPACE
                    + ", releaseName: "
                    + app
                    + RD_SUFFIX
                    + "}) to its PackageSource"));
        continue;
      }
      Rendered out = rendered.get(installer.get().path());
      if (out.error() != null) {
        continue; // reported once per chart below
      }
      JsonNode want = files.tree(file);
      boolean found =
          out.documents().stream()
              .anyMatch(
                  doc ->
                      "ApplicationDefinition".equals(doc.path("kind").asText())
                          && doc.path("metadata").path("name").asText().equals(name)
                          && doc.equals(want));
      if (!found) {
        findings.add(
            new Finding(
                file,
                0,
                "rd-component",
                installer.get().describe()
                    + " installs chart "
                    + installer.get().path()
                    + ", which does not render "
                    + file
                    + " as it is",
                "keep the file under "
                    + installer.get().path()
                    + "/cozyrds/ and emit every file there verbatim: {{- range $path, $_ :="
                    + " .Files.Glob \"cozyrds/*\" }} ---\\n{{ $.Files.Get $path }} {{- end }}"));
      }
    }
    for (Map.Entry<String, Rendered> r : rendered.entrySet()) {
      String chart = r.getKey();
      if (r.getValue().error() != null) {
        findings.add(
            new Finding(
                chart,
                0,
                "rd-component",
                "helm template fails: " + r.getValue().error(),
                "fix the chart until `helm template` renders it with default values"));
        continue;
      }
      for (JsonNode doc : r.getValue().documents()) {
        String kind = doc.path("kind").asText();
        String name = doc.path("metadata").path("name").asText();
        if (!"ApplicationDefinition".equals(kind)) {
          findings.add(
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
        } else if (!listed.contains(name)) {
          findings.add(
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
      }
    }
  }

  /** What an -rd chart renders: its documents, or Helm's error. */
  private record Rendered(List<JsonNode> documents, String error) {}

  private static Rendered render(CatalogFiles files, String chart) {
    try {
      Path work = Files.createTempDirectory("cozy-catalog-rd");
      try {
        String out = ChartRender.manifests(files.root().resolve(chart), work, Map.of());
        List<JsonNode> documents = new ArrayList<>();
        if (out == null || out.isBlank()) {
          return new Rendered(documents, null);
        }
        try (var docs = CatalogFiles.YAML.readerFor(JsonNode.class).readValues(out)) {
          while (docs.hasNextValue()) {
            JsonNode doc = (JsonNode) docs.nextValue();
            if (doc != null && doc.isObject()) {
              documents.add(doc);
            }
          }
        }
        return new Rendered(documents, null);
      } finally {
        ChartRules.deleteTree(work);
      }
    } catch (IllegalStateException e) {
      return new Rendered(List.of(), String.join(" ", e.getMessage().strip().split("\\s*\\n\\s*")));
    } catch (IOException e) {
      return new Rendered(List.of(), e.getMessage());
    }
  }

  private static boolean chartAt(CatalogFiles files, String path) {
    return !List.of(path.split("/")).contains("..") && files.exists(path + "/Chart.yaml");
  }

  /** The line of the first {@code needle} after the first line {@code anchor} finds, or 0. */
  private static int lineAfter(CatalogFiles files, String file, Pattern anchor, String needle) {
    List<String> lines = files.text(file).lines().toList();
    int start = files.line(file, anchor);
    for (int i = Math.max(start, 0); i < lines.size(); i++) {
      if (lines.get(i).contains(needle)) {
        return i + 1;
      }
    }
    return 0;
  }

  /** The line of {@code key: value} (the value whole, so postgres does not match postgres-rd). */
  private static int line(CatalogFiles files, String file, String key, String value) {
    return files.line(
        file,
        Pattern.compile(
            "\\b"
                + Pattern.quote(key)
                + ":\\s*[\"']?"
                + Pattern.quote(value)
                + "[\"']?(?=\\s*([,}\\]]|$))"));
  }
}
