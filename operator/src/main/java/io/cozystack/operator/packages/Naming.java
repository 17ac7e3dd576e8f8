package io.cozystack.operator.packages;

import io.cozystack.api.v1alpha1.Component;
import io.cozystack.api.v1alpha1.PackageSourceRef;

/** Cozystack's derived names, kept exactly: other charts refer to artifacts by these names. */
public final class Naming {
  /** Namespace of every ArtifactGenerator and ExternalArtifact. */
  public static final String SYSTEM_NAMESPACE = "cozy-system";

  /** Variant used when a Package names none. */
  public static final String DEFAULT_VARIANT = "default";

  private Naming() {}

  /**
   * ExternalArtifact name: {@code <source>-<variant>-<component>} with every "." turned into "-".
   * Two different sources can derive the same name ({@code acme.web} and {@code acme-web}); {@link
   * ArtifactNameClaims} detects that.
   */
  public static String artifactName(String source, String variant, String component) {
    return dashes(source) + "-" + dashes(variant) + "-" + dashes(component);
  }

  /** HelmRelease name of an installed component: its releaseName, else the component name. */
  public static String releaseName(Component component) {
    String name = component.install() == null ? null : component.install().releaseName();
    return name == null || name.isEmpty() ? component.name() : name;
  }

  /** Base path inside the source: trimmed of "/", defaulting to "packages" for Git, "" for OCI. */
  public static String basePath(PackageSourceRef ref) {
    if (ref.path() != null) {
      return trimSlashes(ref.path());
    }
    return ref.kind() == PackageSourceRef.SourceKind.OCIRepository ? "" : "packages";
  }

  /** Last segment of a slash-separated path. */
  public static String lastSegment(String path) {
    String trimmed = trimSlashes(path);
    int slash = trimmed.lastIndexOf('/');
    return slash < 0 ? trimmed : trimmed.substring(slash + 1);
  }

  static String trimSlashes(String path) {
    int start = 0;
    int end = path.length();
    while (start < end && path.charAt(start) == '/') {
      start++;
    }
    while (end > start && path.charAt(end - 1) == '/') {
      end--;
    }
    return path.substring(start, end);
  }

  private static String dashes(String name) {
    return name.replace('.', '-');
  }
}
