package io.cozystack.contracts.validation;

import io.cozystack.api.catalog.CatalogManifest;
import io.cozystack.api.properties.PropertyRequirement;
import io.cozystack.api.v1alpha1.CatalogRequirements;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * A source's spec.catalog repeats catalog.yaml's requirements, so the platform judges them (K3)
 * ({@code source-catalog}).
 */
final class SourceCatalogRule {
  private static final Pattern CATALOG_KEY = Pattern.compile("^\\s*catalog:\\s*(#.*)?$");
  private static final String COPY =
      "copy catalog.yaml's metadata.name, metadata.version, spec.platform.minVersion (as"
          + " minPlatformVersion), spec.platform.contractVersion, spec.requires and"
          + " spec.rights into spec.catalog";

  private SourceCatalogRule() {}

  static void check(
      DeclaredSource source, CatalogManifest manifest, CatalogFiles files, List<Finding> findings) {
    CatalogRequirements catalog = source.source().getSpec().catalog();
    if (catalog == null) {
      findings.add(
          new Finding(
              source.file(),
              0,
              "source-catalog",
              "PackageSource "
                  + source.name()
                  + " has no spec.catalog, so the platform cannot judge whether it can run the"
                  + " catalog",
              COPY));
      return;
    }
    for (Map.Entry<String, Object[]> f : fields(catalog, manifest).entrySet()) {
      Object have = f.getValue()[0];
      Object want = f.getValue()[1];
      if (!Objects.equals(have, want)) {
        findings.add(
            new Finding(
                source.file(),
                files.lineAfter(source.file(), CATALOG_KEY, f.getKey() + ":"),
                "source-catalog",
                "spec.catalog."
                    + f.getKey()
                    + " of PackageSource "
                    + source.name()
                    + " is "
                    + shown(have)
                    + ", catalog.yaml says "
                    + shown(want),
                COPY));
      }
    }
  }

  private static final com.fasterxml.jackson.databind.ObjectMapper JSON =
      new com.fasterxml.jackson.databind.ObjectMapper()
          .setSerializationInclusion(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL);

  /** A value as the author wrote it (JSON, unset fields left out), not as Java prints it. */
  private static String shown(Object value) {
    try {
      return value == null ? "unset" : JSON.writeValueAsString(value);
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      return String.valueOf(value);
    }
  }

  /** Each field of spec.catalog: its value in the source, and the manifest's. */
  private static Map<String, Object[]> fields(
      CatalogRequirements catalog, CatalogManifest manifest) {
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
    fields.put("rights", new Object[] {catalog.rights(), manifest.spec().rights()});
    return fields;
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
}
