package io.cozystack.operator.bootstrap;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The platform catalog's source, as the {@code --platform-source-*} flags describe it, already
 * checked by {@link PlatformSourceFlags}.
 *
 * @param kind the Flux source kind the URL's scheme selects
 * @param url the source URL, unchanged (oci://, https://, http:// or ssh://)
 * @param name name of the Flux source; the PackageSource and Package are {@code cozystack.<name>}
 * @param ref the reference keys, in the order given, each valid for {@code kind}
 * @param secret name of the credentials Secret in {@code cozy-system}, or null
 * @param insecure plain-HTTP registry ({@code OCIRepository spec.insecure}); never set for Git
 */
public record PlatformSource(
    Kind kind, String url, String name, Map<String, String> ref, String secret, boolean insecure) {

  public PlatformSource {
    ref = Collections.unmodifiableMap(new LinkedHashMap<>(ref));
  }

  /** Name of the PackageSource and of the Package: {@code cozystack.<name>}, as Cozystack. */
  public String packageName() {
    return "cozystack." + name;
  }

  /** The two Flux source kinds, with the {@code spec.ref} keys each accepts. */
  public enum Kind {
    OCI("OCIRepository", "ocirepositories", List.of("digest", "semver", "semverFilter", "tag")),
    GIT("GitRepository", "gitrepositories", List.of("branch", "tag", "semver", "name", "commit"));

    /** The Flux API group and version both kinds are written in. */
    public static final String GROUP = "source.toolkit.fluxcd.io";

    public static final String VERSION = "v1";

    private final String kind;
    private final String plural;
    private final List<String> refKeys;

    Kind(String kind, String plural, List<String> refKeys) {
      this.kind = kind;
      this.plural = plural;
      this.refKeys = refKeys;
    }

    /** The Kubernetes kind, e.g. {@code OCIRepository}. */
    public String kind() {
      return kind;
    }

    /** The resource name RBAC and the REST paths use, e.g. {@code ocirepositories}. */
    public String plural() {
      return plural;
    }

    /** The keys of {@code spec.ref} this kind accepts, in Flux's documented order. */
    public List<String> refKeys() {
      return refKeys;
    }

    public String apiVersion() {
      return GROUP + "/" + VERSION;
    }
  }
}
