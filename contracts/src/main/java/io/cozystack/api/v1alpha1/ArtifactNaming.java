package io.cozystack.api.v1alpha1;

import java.util.ArrayList;
import java.util.List;

/**
 * Cozystack's derived names and paths of a PackageSource's artifacts, kept exactly: an
 * ApplicationDefinition's {@code chartRef} and every Package's HelmRelease refer to artifacts by
 * these names. The operator renders ArtifactGenerators with them; the catalog validator checks a
 * catalog's chartRefs against them.
 */
public final class ArtifactNaming {
  /** Namespace of every ArtifactGenerator and ExternalArtifact. */
  public static final String SYSTEM_NAMESPACE = "cozy-system";

  private ArtifactNaming() {}

  /**
   * ExternalArtifact name: {@code <source>-<variant>-<component>} with every "." turned into "-".
   * Two different sources can derive the same name ({@code acme.web} and {@code acme-web}).
   */
  public static String artifactName(String source, String variant, String component) {
    return dashes(source) + "-" + dashes(variant) + "-" + dashes(component);
  }

  /**
   * Every artifact name the source derives, in spec order (duplicates kept): one per component with
   * a path, of every variant.
   */
  public static List<String> artifactNames(PackageSource source) {
    List<String> names = new ArrayList<>();
    if (source.getSpec() == null || source.getSpec().variants() == null) {
      return names;
    }
    for (Variant variant : source.getSpec().variants()) {
      for (Component component : orEmpty(variant.components())) {
        if (component.path() != null && !component.path().isEmpty()) {
          names.add(artifactName(source.getMetadata().getName(), variant.name(), component.name()));
        }
      }
    }
    return names;
  }

  /** Base path inside the source: trimmed of "/", defaulting to "packages" for Git, "" for OCI. */
  public static String basePath(PackageSourceRef ref) {
    if (ref.path() != null) {
      return trimSlashes(ref.path());
    }
    return ref.kind() == PackageSourceRef.SourceKind.OCIRepository ? "" : "packages";
  }

  /** The name components use for a library: its name, else the last segment of its path. */
  public static String libraryName(Library library) {
    return library.name() == null || library.name().isEmpty()
        ? lastSegment(library.path())
        : library.name();
  }

  /** Last segment of a slash-separated path. */
  public static String lastSegment(String path) {
    String trimmed = trimSlashes(path);
    int slash = trimmed.lastIndexOf('/');
    return slash < 0 ? trimmed : trimmed.substring(slash + 1);
  }

  /** The path without leading and trailing "/". */
  public static String trimSlashes(String path) {
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

  private static <T> List<T> orEmpty(List<T> list) {
    return list == null ? List.of() : list;
  }
}
