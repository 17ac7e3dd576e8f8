package io.cozystack.contracts.validation;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.exc.PropertyBindingException;
import io.cozystack.api.catalog.CatalogManifest;
import io.cozystack.api.v1alpha1.PackageSource;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Reads the PackageSources a catalog declares in spec.packageSources: each file exists and holds
 * one PackageSource that parses strictly, with a name and a spec, the name used by no other file.
 */
final class SourceReader {
  static final String SOURCE_API_VERSION = "cozystack.io/v1alpha1";

  private SourceReader() {}

  /** Every declared source that exists and parses, in manifest order, each name once. */
  static List<DeclaredSource> read(
      CatalogManifest manifest, CatalogFiles files, List<Finding> findings) throws IOException {
    List<DeclaredSource> sources = new ArrayList<>();
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
      if (parsed.isPresent() && unique(file, parsed.get(), fileByName, files, findings)) {
        sources.add(new DeclaredSource(file, parsed.get()));
      }
    }
    return sources;
  }

  private static boolean unique(
      String file,
      PackageSource source,
      Map<String, String> fileByName,
      CatalogFiles files,
      List<Finding> findings) {
    String name = source.getMetadata().getName();
    String earlier = fileByName.putIfAbsent(name, file);
    if (earlier != null) {
      findings.add(
          new Finding(
              file,
              files.line(file, "name: " + name),
              "package-source",
              "PackageSource " + name + " is also declared in " + earlier,
              "give each PackageSource of the catalog its own name"));
    }
    return earlier == null;
  }

  /** One PackageSource document, read strictly, with its apiVersion, kind, name and spec. */
  private static Optional<PackageSource> parse(
      String file, CatalogFiles files, List<Finding> findings) throws IOException {
    return document(file, files, findings)
        .flatMap(doc -> bind(file, doc, files, findings))
        .filter(source -> named(file, source, files, findings));
  }

  /** The file's only document. */
  private static Optional<JsonNode> document(
      String file, CatalogFiles files, List<Finding> findings) throws IOException {
    List<JsonNode> documents;
    try {
      documents = CatalogFiles.documents(files.text(file));
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
    return Optional.of(documents.get(0));
  }

  /** The document as a PackageSource, when its apiVersion and kind say it is one. */
  private static Optional<PackageSource> bind(
      String file, JsonNode doc, CatalogFiles files, List<Finding> findings) {
    String apiVersion = doc.path("apiVersion").asText();
    String kind = doc.path("kind").asText();
    if (!SOURCE_API_VERSION.equals(apiVersion) || !"PackageSource".equals(kind)) {
      findings.add(
          new Finding(
              file,
              files.line(file, "kind:"),
              "package-source",
              "not a PackageSource: apiVersion " + apiVersion + ", kind " + kind,
              "set apiVersion: " + SOURCE_API_VERSION + " and kind: PackageSource"));
      return Optional.empty();
    }
    try {
      PackageSource source = CatalogFiles.YAML.treeToValue(doc, PackageSource.class);
      // Parsed strictly, so unknown fields have their finding already; the rest is the server's.
      ApiServerRule.check(file, doc, files, findings);
      return Optional.of(source);
    } catch (JsonProcessingException e) {
      int line =
          e instanceof PropertyBindingException unknown
              ? files.line(file, unknown.getPropertyName() + ":")
              : 0;
      findings.add(notASource(file, line, ApplicationRules.firstLine(e.getOriginalMessage())));
      return Optional.empty();
    }
  }

  /** Whether the source has the name every artifact name starts with, and a spec. */
  private static boolean named(
      String file, PackageSource source, CatalogFiles files, List<Finding> findings) {
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
      return false;
    }
    if (source.getSpec() == null) {
      findings.add(
          new Finding(
              file,
              0,
              "package-source",
              "PackageSource " + source.getMetadata().getName() + " has no spec",
              "add spec.sourceRef, spec.variants and spec.catalog"));
      return false;
    }
    return true;
  }

  private static Finding notASource(String file, int line, String problem) {
    return new Finding(
        file,
        line,
        "package-source",
        "not a valid PackageSource: " + problem,
        "remove or rename the field; the schema is the cozystack.io PackageSource CRD");
  }
}
