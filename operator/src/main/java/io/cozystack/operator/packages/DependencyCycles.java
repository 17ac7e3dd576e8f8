package io.cozystack.operator.packages;

import io.cozystack.api.v1alpha1.Component;
import io.cozystack.api.v1alpha1.Package;
import io.cozystack.api.v1alpha1.Variant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * Dependency cycles, which nothing would ever resolve: Flux would wait for each release of a
 * component cycle forever, and Packages in a cycle would each wait for the other to be Ready. A
 * cycle is reported by its members, first one repeated at the end ({@code a → b → a}).
 */
public final class DependencyCycles {
  /** Reason of a Package in a cycle, or whose variant's components form one. */
  public static final String DEPENDENCY_CYCLE = "DependencyCycle";

  private DependencyCycles() {}

  /**
   * The first cycle among the installed components' {@code install.dependsOn} edges of the variant,
   * in component order. Edges to unknown components are not cycles (they are reported apart).
   */
  public static Optional<List<String>> ofComponents(Variant variant) {
    Map<String, List<String>> edges = new LinkedHashMap<>();
    for (Component c : variant.components() == null ? List.<Component>of() : variant.components()) {
      if (c.install() != null) {
        edges.put(c.name(), c.install().dependsOn() == null ? List.of() : c.install().dependsOn());
      }
    }
    for (String start : edges.keySet()) {
      Optional<List<String>> cycle = through(start, n -> edges.getOrDefault(n, List.of()));
      if (cycle.isPresent()) {
        return cycle;
      }
    }
    return Optional.empty();
  }

  /**
   * A cycle of Package dependencies through {@code pkg}: each Package's edges are its selected
   * variant's {@code dependsOn} minus its {@code ignoreDependencies}. A Package or variant not
   * found has no edges.
   */
  public static Optional<List<String>> ofPackages(Package pkg, Lookup lookup) {
    return through(
        pkg.getMetadata().getName(),
        name ->
            lookup
                .pkg(name)
                .flatMap(
                    p -> lookup.activeVariant(p).map(v -> PackagePlanner.activeDependencies(p, v)))
                .orElse(List.of()));
  }

  /** Renders a cycle for a message: {@code a → b → a}. */
  public static String describe(List<String> cycle) {
    return String.join(" → ", cycle);
  }

  /** The first path from {@code start} back to it, depth first in edge order. */
  static Optional<List<String>> through(String start, Function<String, List<String>> edges) {
    List<String> path = new ArrayList<>(List.of(start));
    return search(start, start, edges, path, new HashSet<>());
  }

  private static Optional<List<String>> search(
      String start,
      String node,
      Function<String, List<String>> edges,
      List<String> path,
      Set<String> visited) {
    for (String next : edges.apply(node)) {
      if (next.equals(start)) {
        List<String> cycle = new ArrayList<>(path);
        cycle.add(start);
        return Optional.of(List.copyOf(cycle));
      }
      if (visited.add(next)) {
        path.add(next);
        Optional<List<String>> found = search(start, next, edges, path, visited);
        if (found.isPresent()) {
          return found;
        }
        path.remove(path.size() - 1);
      }
    }
    return Optional.empty();
  }
}
