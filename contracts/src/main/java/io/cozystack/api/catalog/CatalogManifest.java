package io.cozystack.api.catalog;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.cozystack.api.properties.PropertyRequirement;
import io.fabric8.generator.annotation.Pattern;
import io.fabric8.generator.annotation.Required;
import java.util.List;

/**
 * A catalog's {@code catalog.yaml}: who it is, what platform it needs (version, contract version,
 * K3 properties, cozy-lib pin), what it provides (application kinds with the K2 values each
 * requires, backup strategy kinds), and the PackageSources that install it.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record CatalogManifest(
    @Required @Pattern("^catalog\\.cozystack\\.io/v1alpha1$") String apiVersion,
    @Required @Pattern("^Catalog$") String kind,
    @Required Metadata metadata,
    @Required Spec spec) {

  public static final String FILE = "catalog.yaml";
  public static final String API_VERSION = "catalog.cozystack.io/v1alpha1";

  /**
   * Where the published catalog artifact carries the platform's cozy-lib (K5), from its root: a
   * PackageSource library at this path is the bundled cozy-lib, not a file of the catalog.
   */
  public static final String COZY_LIB_PATH = "library/cozy-lib";

  /** Name and version. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record Metadata(
      @Required @Pattern("^[a-z0-9]([a-z0-9.-]*[a-z0-9])?$") String name,
      @Required
          @Pattern("^[0-9]+\\.[0-9]+\\.[0-9]+(-[0-9A-Za-z.-]+)?$")
          @JsonPropertyDescription("The catalog's own version (semver).")
          String version) {}

  /** Requirements and offerings. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record Spec(
      @Required Platform platform,
      @JsonPropertyDescription("K3 properties the catalog cannot work without.")
          List<PropertyRequirement> requires,
      @Required CozyLib cozyLib,
      @JsonPropertyDescription("Application kinds, each with its definition and chart.")
          List<Application> applications,
      @JsonPropertyDescription("Backup strategy kinds whose driver this catalog ships.")
          List<StrategyKind> strategies,
      @JsonPropertyDescription(
              "_cluster keys beyond the typed ones that the catalog's charts read; the platform"
                  + " must set them in ClusterValues spec.extensions.")
          List<String> clusterExtensions,
      @JsonPropertyDescription(
              "PackageSource manifests (one per file, paths from the catalog root) that install the"
                  + " catalog from its published artifact; every application's chartRef must be an"
                  + " artifact they derive.")
          List<@Pattern("^[A-Za-z0-9_][A-Za-z0-9_./-]*\\.ya?ml$") String> packageSources,
      @JsonPropertyDescription(
              "What the catalog's releases may create: a platform that does not trust the catalog"
                  + " installs it with exactly these rights. Every PackageSource repeats them in"
                  + " spec.catalog.rights.")
          CatalogRights rights) {}

  /** The platform the catalog was built for. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record Platform(
      @Required
          @Pattern("^[0-9]+\\.[0-9]+\\.[0-9]+(-[0-9A-Za-z.-]+)?$")
          @JsonPropertyDescription("The oldest platform version the catalog works with.")
          String minVersion,
      @Required
          @JsonPropertyDescription(
              "The contract version the catalog was built against; the platform supports N-1..N+1.")
          Integer contractVersion) {}

  /** The cozy-lib (K5) version the catalog's charts vendor. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record CozyLib(@Required @Pattern("^[0-9]+\\.[0-9]+\\.[0-9]+$") String version) {}

  /** One application kind. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record Application(
      @Required @JsonPropertyDescription("The kind its ApplicationDefinition serves.") String kind,
      @Required
          @JsonPropertyDescription(
              "Path of the ApplicationDefinition manifest, from the catalog root.")
          String definition,
      @Required @JsonPropertyDescription("Path of the chart directory, from the catalog root.")
          String chart,
      @JsonPropertyDescription(
              "K2 values the app requires (_cluster.<key> or _namespace.<key>); they must match the"
                  + " definition's spec.release.requiredValues.")
          List<@Pattern("^_(cluster|namespace)\\.[A-Za-z0-9-]+$") String> requiredValues) {}

  /** A backup strategy kind. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record StrategyKind(@Required String apiGroup, @Required String kind) {}
}
