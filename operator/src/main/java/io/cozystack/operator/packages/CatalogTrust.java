package io.cozystack.operator.packages;

import io.cozystack.api.v1alpha1.PackageSource;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * Which catalogs the platform trusts. A catalog is identified by its Flux source: the OCIRepository
 * (or other source) in cozy-system that every PackageSource of the catalog reads ({@code
 * spec.sourceRef.name}). Only a person with rights in cozy-system creates such a source, and a
 * catalog installed under its declared rights is granted none there. A trusted catalog's releases
 * run with helm-controller's own rights; any other is bound to a ServiceAccount holding exactly the
 * rights it declares ({@link CatalogRbacRenderer}).
 *
 * @param trustedSources names of the Flux sources in cozy-system whose catalogs are trusted ({@code
 *     --trusted-catalog-sources})
 */
public record CatalogTrust(Set<String> trustedSources) {
  /**
   * The platform's own catalogs, as its chart names their sources, and Cozystack's own packages
   * source ({@code cozystack-packages}): trusted unless configured otherwise.
   */
  public static final List<String> PLATFORM_SOURCES =
      List.of(
          "cozystack-platform",
          "cozystack-services",
          "cozystack-virtualization",
          "cozystack-packages");

  /** Label on every HelmRelease a bounded catalog installs: the catalog's source. */
  public static final String SOURCE_LABEL = "catalog.cozystack.io/source";

  /** Prefix of the ServiceAccount, roles and storage namespace of a bounded catalog. */
  public static final String PREFIX = "cozy-catalog-";

  public CatalogTrust {
    trustedSources = Set.copyOf(new TreeSet<>(trustedSources));
  }

  public static CatalogTrust platformDefaults() {
    return new CatalogTrust(Set.copyOf(PLATFORM_SOURCES));
  }

  /** How a PackageSource's catalog is installed: trusted, or bound to its declared rights. */
  public record Verdict(boolean trusted, String source, String catalog) {
    /** The ServiceAccount a bounded catalog's releases run as, in each release's namespace. */
    public String serviceAccount() {
      return PREFIX + source;
    }

    /** The namespace that keeps a bounded catalog's Helm history (not cozy-system). */
    public String storageNamespace() {
      return PREFIX + source;
    }

    /**
     * Why the catalog cannot be bound, if it cannot: its storage namespace {@code cozy-catalog-
     * <source>} must be a DNS label (63 characters at most).
     */
    public Optional<String> problem() {
      return trusted || storageNamespace().length() <= 63
          ? Optional.empty()
          : Optional.of(
              "the catalog's Flux source name "
                  + source
                  + " is longer than "
                  + (63 - PREFIX.length())
                  + " characters, so its namespace "
                  + storageNamespace()
                  + " cannot exist; rename the source (OCIRepository) or trust it");
    }

    public String message() {
      return trusted
          ? "catalog "
              + catalog
              + " (source "
              + source
              + ") is trusted by the operator's configuration (--trusted-catalog-sources): its"
              + " releases run with helm-controller's own rights"
          : "catalog "
              + catalog
              + " (source "
              + source
              + ") is not trusted: its releases run as ServiceAccount "
              + serviceAccount()
              + " with only the rights it declares (spec.catalog.rights)";
    }
  }

  /**
   * The verdict for a PackageSource; empty when it names no Flux source (it derives no artifact and
   * installs nothing).
   */
  public Optional<Verdict> of(PackageSource source) {
    if (source.getSpec() == null || source.getSpec().sourceRef() == null) {
      return Optional.empty();
    }
    String name = source.getSpec().sourceRef().name();
    String catalog =
        source.getSpec().catalog() != null && source.getSpec().catalog().name() != null
            ? source.getSpec().catalog().name()
            : name;
    return Optional.of(new Verdict(trustedSources.contains(name), name, catalog));
  }
}
