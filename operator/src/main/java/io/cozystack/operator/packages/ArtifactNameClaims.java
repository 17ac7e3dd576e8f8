package io.cozystack.operator.packages;

import io.cozystack.api.v1alpha1.PackageSource;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Who may generate each artifact name. Derived names collapse "." to "-", so {@code acme.web} and
 * {@code acme-web} (or two variants or components of one source) can derive the same
 * ExternalArtifact; the earliest-created source keeps the name and every later one is refused.
 */
public final class ArtifactNameClaims {
  /** Why a source is refused: the names it shares, and with whom. */
  public record Collision(List<String> artifactNames, List<String> holders) {
    public String message(String source) {
      return "PackageSource "
          + source
          + " derives artifact name(s) "
          + String.join(", ", artifactNames)
          + " already derived by "
          + String.join(", ", holders)
          + "; rename a source, variant or component (\".\" and \"-\" derive the same name)";
    }
  }

  private final Map<String, String> holderByArtifact = new HashMap<>();
  private final Map<String, Collision> collisions = new HashMap<>();

  private ArtifactNameClaims() {}

  /** Resolves the claims of every source: oldest first, name as the tie-break. */
  public static ArtifactNameClaims of(Collection<PackageSource> sources) {
    return of(sources, Set.of());
  }

  /**
   * Resolves the claims of every source. Sources that already have a generator claim first, so
   * nothing already generated is taken over; then oldest first (creation time has one-second
   * resolution), name as the last tie-break.
   */
  public static ArtifactNameClaims of(Collection<PackageSource> sources, Set<String> generating) {
    ArtifactNameClaims claims = new ArtifactNameClaims();
    sources.stream()
        .sorted(
            Comparator.comparing(
                    (PackageSource s) -> !generating.contains(s.getMetadata().getName()))
                .thenComparing(
                    s -> Optional.ofNullable(s.getMetadata().getCreationTimestamp()).orElse(""))
                .thenComparing(s -> s.getMetadata().getName()))
        .forEach(claims::claim);
    return claims;
  }

  public Optional<Collision> collisionOf(String source) {
    return Optional.ofNullable(collisions.get(source));
  }

  /** Sources that derive any of the given names (to re-check them when one source changes). */
  public Set<String> sourcesSharingNamesWith(PackageSource source) {
    Set<String> names = new LinkedHashSet<>(ArtifactGeneratorRenderer.artifactNames(source));
    Set<String> result = new LinkedHashSet<>();
    holderByArtifact.forEach(
        (artifact, holder) -> {
          if (names.contains(artifact)) {
            result.add(holder);
          }
        });
    collisions.forEach(
        (name, collision) -> {
          if (collision.artifactNames().stream().anyMatch(names::contains)) {
            result.add(name);
          }
        });
    result.remove(source.getMetadata().getName());
    return result;
  }

  private void claim(PackageSource source) {
    String name = source.getMetadata().getName();
    List<String> clashing = new ArrayList<>();
    Set<String> holders = new LinkedHashSet<>();
    Set<String> own = new LinkedHashSet<>();
    for (String artifact : ArtifactGeneratorRenderer.artifactNames(source)) {
      String holder = holderByArtifact.get(artifact);
      if (holder != null && !holder.equals(name)) {
        clashing.add(artifact);
        holders.add(holder);
      } else if (!own.add(artifact)) {
        clashing.add(artifact);
        holders.add(name + " itself (two of its variants or components)");
      }
    }
    if (clashing.isEmpty()) {
      own.forEach(artifact -> holderByArtifact.put(artifact, name));
    } else {
      collisions.put(
          name, new Collision(List.copyOf(new LinkedHashSet<>(clashing)), List.copyOf(holders)));
    }
  }
}
