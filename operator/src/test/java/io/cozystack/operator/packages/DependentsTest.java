package io.cozystack.operator.packages;

import static io.cozystack.operator.packages.Fixtures.yaml;
import static org.assertj.core.api.Assertions.assertThat;

import io.cozystack.api.v1alpha1.Package;
import io.cozystack.api.v1alpha1.PackageSource;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** Which Packages a dependency's change wakes. */
class DependentsTest {
  private static final PackageSource SOURCE =
      yaml(
          """
          apiVersion: cozystack.io/v1alpha1
          kind: PackageSource
          metadata: {name: cozystack.web}
          spec:
            sourceRef: {kind: OCIRepository, name: cozystack-packages, namespace: cozy-system}
            variants:
              - name: default
                dependsOn: [cozystack.db]
                components: [{name: web, path: system/web, install: {namespace: cozy-web}}]
              - name: hosted
                components: [{name: web, path: system/web, install: {namespace: cozy-web}}]
          """,
          PackageSource.class);

  private static final Lookup SOURCES = Lookup.of(List.of(), List.of(SOURCE));

  @Test
  void aDependentIsFoundByTheSpecItWasReconciledWith() {
    // The dependency informer still holds the Package on "hosted" (no dependency) while the
    // primary cache, which the reconcile read, has it on "default" (depends on cozystack.db).
    Package informerCopy = web("hosted");
    Package reconciled = web("default");

    assertThat(dependents("cozystack.db", Stream.of(informerCopy)))
        .as("judged by the older copy alone, the change wakes nobody")
        .isEmpty();
    assertThat(dependents("cozystack.db", Stream.of(reconciled, informerCopy)))
        .containsExactly("cozystack.web");
  }

  @Test
  void aPackageThatIgnoresTheDependencyOrLacksItsSourceIsNotWoken() {
    Package ignoring = pkg("cozystack.web", "default", "[cozystack.db]");
    Package sourceless = pkg("cozystack.orphan", "default", "[]");

    assertThat(dependents("cozystack.db", Stream.of(ignoring, sourceless))).isEmpty();
    assertThat(dependents("cozystack.other", Stream.of(web("default")))).isEmpty();
  }

  private static Set<String> dependents(String dependency, Stream<Package> candidates) {
    return PackageEventSources.matching(
        candidates, SOURCES, PackageEventSources.dependingOn(dependency));
  }

  private static Package web(String variant) {
    return pkg("cozystack.web", variant, "[]");
  }

  private static Package pkg(String name, String variant, String ignored) {
    return yaml(
        """
        apiVersion: cozystack.io/v1alpha1
        kind: Package
        metadata: {name: %s}
        spec: {variant: %s, ignoreDependencies: %s}
        """
            .formatted(name, variant, ignored),
        Package.class);
  }
}
