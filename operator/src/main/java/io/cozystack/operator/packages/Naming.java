package io.cozystack.operator.packages;

import io.cozystack.api.v1alpha1.ArtifactNaming;
import io.cozystack.api.v1alpha1.Component;
import io.cozystack.api.v1alpha1.PackageSourceRef;

/**
 * Cozystack's derived names, kept exactly: other charts refer to artifacts by these names. The
 * artifact names and paths are {@link ArtifactNaming}'s (in contracts, shared with the catalog
 * validator).
 */
public final class Naming {
  /** Namespace of every ArtifactGenerator and ExternalArtifact. */
  public static final String SYSTEM_NAMESPACE = ArtifactNaming.SYSTEM_NAMESPACE;

  /** Variant used when a Package names none. */
  public static final String DEFAULT_VARIANT = "default";

  private Naming() {}

  /**
   * ExternalArtifact name: {@code <source>-<variant>-<component>} with every "." turned into "-".
   * Two different sources can derive the same name ({@code acme.web} and {@code acme-web}); {@link
   * ArtifactNameClaims} detects that.
   */
  public static String artifactName(String source, String variant, String component) {
    return ArtifactNaming.artifactName(source, variant, component);
  }

  /** HelmRelease name of an installed component: its releaseName, else the component name. */
  public static String releaseName(Component component) {
    String name = component.install() == null ? null : component.install().releaseName();
    return name == null || name.isEmpty() ? component.name() : name;
  }

  /** Base path inside the source: trimmed of "/", defaulting to "packages" for Git, "" for OCI. */
  public static String basePath(PackageSourceRef ref) {
    return ArtifactNaming.basePath(ref);
  }

  /** Last segment of a slash-separated path. */
  public static String lastSegment(String path) {
    return ArtifactNaming.lastSegment(path);
  }

  static String trimSlashes(String path) {
    return ArtifactNaming.trimSlashes(path);
  }
}
