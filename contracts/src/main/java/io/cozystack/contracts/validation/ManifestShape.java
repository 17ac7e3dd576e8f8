package io.cozystack.contracts.validation;

import io.cozystack.api.catalog.CatalogManifest;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The manifest's required fields and patterns, as catalog.schema.json states them, checked on the
 * parsed type so the message names the field.
 */
final class ManifestShape {
  private static final Pattern NAME = Pattern.compile("^[a-z0-9]([a-z0-9.-]*[a-z0-9])?$");
  private static final Pattern SOURCE_FILE =
      Pattern.compile("^[A-Za-z0-9_][A-Za-z0-9_./-]*\\.ya?ml$");
  private static final Pattern SEMVER =
      Pattern.compile("^[0-9]+\\.[0-9]+\\.[0-9]+(-[0-9A-Za-z.-]+)?$");

  private ManifestShape() {}

  static List<String> problems(CatalogManifest m) {
    List<String> problems = new ArrayList<>();
    if (!CatalogManifest.API_VERSION.equals(m.apiVersion())) {
      problems.add("apiVersion must be " + CatalogManifest.API_VERSION + ", not " + m.apiVersion());
    }
    if (!"Catalog".equals(m.kind())) {
      problems.add("kind must be Catalog, not " + m.kind());
    }
    if (m.metadata() == null
        || m.metadata().name() == null
        || !NAME.matcher(m.metadata().name()).matches()) {
      problems.add("metadata.name is required: lowercase letters, digits, '.' and '-'");
    }
    if (m.metadata() == null
        || m.metadata().version() == null
        || !SEMVER.matcher(m.metadata().version()).matches()) {
      problems.add("metadata.version is required: a semantic version such as 1.4.0");
    }
    if (m.spec() == null) {
      problems.add("spec is required");
      return problems;
    }
    if (m.spec().platform() == null
        || m.spec().platform().minVersion() == null
        || !SEMVER.matcher(m.spec().platform().minVersion()).matches()
        || m.spec().platform().contractVersion() == null) {
      problems.add(
          "spec.platform needs minVersion (a semantic version) and contractVersion (an integer)");
    }
    if (m.spec().cozyLib() == null || m.spec().cozyLib().version() == null) {
      problems.add("spec.cozyLib.version is required");
    }
    for (CatalogManifest.Application app : ManifestRules.orEmpty(m.spec().applications())) {
      if (app.kind() == null || app.definition() == null || app.chart() == null) {
        problems.add("spec.applications[] needs kind, definition and chart");
      }
    }
    for (String source : ManifestRules.orEmpty(m.spec().packageSources())) {
      if (source == null
          || !SOURCE_FILE.matcher(source).matches()
          || List.of(source.split("/")).contains("..")) {
        problems.add(
            "spec.packageSources lists YAML files inside the catalog, from its root; "
                + source
                + " is not one");
      }
    }
    return problems;
  }
}
