package io.cozystack.operator.packages;

import io.cozystack.api.v1alpha1.Package;
import io.cozystack.api.v1alpha1.PackageSource;
import io.cozystack.api.v1alpha1.PackageSpec;
import io.cozystack.api.v1alpha1.Variant;
import java.util.Collection;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;

/** Every Package and PackageSource, by name: the inputs that cross packages (deps, namespaces). */
public record Lookup(Map<String, Package> packages, Map<String, PackageSource> sources) {

  public static Lookup of(Collection<Package> packages, Collection<PackageSource> sources) {
    return new Lookup(
        packages.stream()
            .collect(Collectors.toMap(p -> p.getMetadata().getName(), Function.identity())),
        sources.stream()
            .collect(Collectors.toMap(s -> s.getMetadata().getName(), Function.identity())));
  }

  public Optional<Package> pkg(String name) {
    return Optional.ofNullable(packages.get(name));
  }

  public Optional<PackageSource> source(String name) {
    return Optional.ofNullable(sources.get(name));
  }

  /** The variant a Package selects from its source, if both exist. */
  public Optional<Variant> activeVariant(Package pkg) {
    String wanted = variantName(pkg);
    return source(pkg.getMetadata().getName())
        .flatMap(
            s ->
                ArtifactGeneratorRenderer.variants(s).stream()
                    .filter(v -> wanted.equals(v.name()))
                    .findFirst());
  }

  static String variantName(Package pkg) {
    PackageSpec spec = pkg.getSpec();
    return spec == null || spec.variant() == null || spec.variant().isEmpty()
        ? Naming.DEFAULT_VARIANT
        : spec.variant();
  }
}
