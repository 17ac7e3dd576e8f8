package io.cozystack.operator.packages;

import static io.cozystack.operator.packages.PackagePlannerTest.READY_STATUS;
import static io.cozystack.operator.packages.PackagePlannerTest.lookup;
import static io.cozystack.operator.packages.PackagePlannerTest.pkg;
import static org.assertj.core.api.Assertions.assertThat;

import io.cozystack.api.meta.ConditionStatus;
import io.cozystack.api.v1alpha1.Package;
import io.cozystack.api.v1alpha1.PackageSource;
import io.cozystack.api.v1alpha1.PackageSourceSpec;
import io.cozystack.api.v1alpha1.PackageSourceStatus;
import io.cozystack.api.v1alpha1.ValuesTransport;
import io.cozystack.operator.status.Conditions;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Bad Package and PackageSource input is never Ready: it stalls with a reason naming the field, the
 * override or the cycle, and nothing is rendered for it.
 */
class BadPackageInputTest {

  @Test
  void everyPathLeavingTheSourceIsNamedByItsField() {
    PackageSource source =
        source(
            """
            libraries: [{name: lib, path: /library/lib}]
            components:
              - {name: ok, path: apps/ok, valuesFiles: [values.yaml]}
              - {name: up, path: ../../etc, valuesFiles: [values.yaml, ../secret.yaml]}
            """);

    assertThat(SourcePaths.problems(source))
        .containsExactly(
            "variant default, library lib: spec.variants[0].libraries[0].path '/library/lib' is"
                + " absolute: paths are relative to the source's base path and may not leave it",
            "variant default, component up: spec.variants[0].components[1].path '../../etc' has"
                + " a \"..\" segment: paths are relative to the source's base path and may not"
                + " leave it",
            "variant default, component up: spec.variants[0].components[1].valuesFiles[1]"
                + " '../secret.yaml' has a \"..\" segment: paths are relative to the source's base"
                + " path and may not leave it");
  }

  @Test
  void theExamplesAndTheCatalogsPathsAreAccepted() {
    assertThat(
            SourcePaths.problems(
                Fixtures.example(
                    "01-packagesource-postgres-application.yaml", PackageSource.class)))
        .isEmpty();
    assertThat(
            SourcePaths.problems(
                Fixtures.example("03-packagesource-kuberture.yaml", PackageSource.class)))
        .isEmpty();
  }

  @Test
  void aSourceWithABadPathIsStalledAndItsPackageIsNotInstalled() {
    PackageSource source = source("components: [{name: up, path: ../x, install: {namespace: a}}]");
    source.getMetadata().setGeneration(3L);
    Package pkg = pkg("acme.src", "");

    PackageSourceStatus status =
        PackageSourceStatusBuilder.build(
            source,
            new PackageSourceStatusBuilder.Observed(
                SourcePaths.problems(source),
                Optional.empty(),
                Optional.empty(),
                Optional.empty(),
                PackageCompatibility.ofSource(Optional.of(source), Optional.empty())),
            Instant.EPOCH);
    var blocked = blocked(pkg, lookup(List.of(pkg), List.of(source)));

    assertThat(status.observedGeneration()).isEqualTo(3L);
    assertThat(Conditions.find(status.conditions(), "Ready").orElseThrow())
        .satisfies(c -> assertThat(c.status()).isEqualTo(ConditionStatus.FALSE))
        .satisfies(c -> assertThat(c.reason()).isEqualTo("InvalidPath"))
        .satisfies(
            c ->
                assertThat(c.message())
                    .contains("spec.variants[0].components[0].path '../x'")
                    .endsWith("No ArtifactGenerator is written until the paths are corrected."));
    assertThat(Conditions.isTrue(status.conditions(), "Stalled")).isTrue();
    assertThat(blocked.reason()).isEqualTo("InvalidPath");
    assertThat(blocked.terminal()).isTrue();
    assertThat(blocked.message())
        .startsWith("PackageSource acme.src copies paths outside its source: variant default,");
  }

  @Test
  void anOverrideOfAComponentTheVariantLacksIsTerminalAndNamed() {
    PackageSource source =
        source(
            "components: [{name: web, path: apps/web, install: {namespace: a}}, {name: db, path:"
                + " apps/db}]");
    Package pkg =
        Fixtures.yaml(
            """
            apiVersion: cozystack.io/v1alpha1
            kind: Package
            metadata: {name: acme.src}
            spec:
              components:
                web: {values: {replicas: 2}}
                wbe: {values: {replicas: 3}}
            """,
            Package.class);

    var blocked = blocked(pkg, lookup(List.of(pkg), List.of(source)));

    assertThat(blocked.reason()).isEqualTo("UnknownComponent");
    assertThat(blocked.terminal()).isTrue();
    assertThat(blocked.message())
        .isEqualTo(
            "spec.components names wbe, which is not a component of variant default of"
                + " PackageSource acme.src (its components: web, db); remove the override or"
                + " correct its name");
  }

  @Test
  void valuesThatAreNotAnObjectAreTerminal() {
    PackageSource source =
        source("components: [{name: web, path: apps/web, install: {namespace: a}}]");
    Package pkg =
        Fixtures.yaml(
            """
            apiVersion: cozystack.io/v1alpha1
            kind: Package
            metadata: {name: acme.src}
            spec:
              components:
                web: {values: "replicas: 2"}
            """,
            Package.class);

    var blocked = blocked(pkg, lookup(List.of(pkg), List.of(source)));

    assertThat(blocked.reason()).isEqualTo("InvalidValues");
    assertThat(blocked.message())
        .isEqualTo("spec.components.web.values must be an object of Helm values");
  }

  @Test
  void componentCyclesAreNamedAndNoReleaseIsPlanned() {
    PackageSource pair =
        source(
            """
            components:
              - {name: base, path: apps/base, install: {namespace: a}}
              - {name: a, path: apps/a, install: {namespace: a, dependsOn: [base, b]}}
              - {name: b, path: apps/b, install: {namespace: a, dependsOn: [a]}}
            """);
    PackageSource self =
        source("components: [{name: a, path: apps/a, install: {namespace: a, dependsOn: [a]}}]");
    Package pkg = pkg("acme.src", "");

    var pairBlocked = blocked(pkg, lookup(List.of(pkg), List.of(pair)));
    var selfBlocked = blocked(pkg, lookup(List.of(pkg), List.of(self)));

    assertThat(pairBlocked.reason()).isEqualTo("DependencyCycle");
    assertThat(pairBlocked.terminal()).isTrue();
    assertThat(pairBlocked.message())
        .isEqualTo(
            "components of variant default of PackageSource acme.src depend on each other in a"
                + " cycle (install.dependsOn): a → b → a; no release is written until one edge is"
                + " removed");
    assertThat(selfBlocked.message()).contains("(install.dependsOn): a → a;");
  }

  @Test
  void packageCyclesAreNamedEvenWhenAMemberLooksReadyWhileAPackageOutsideTheCycleWaits() {
    PackageSource a = dependent("acme.a", "acme.b");
    PackageSource b = dependent("acme.b", "acme.a");
    PackageSource self = dependent("acme.self", "acme.self");
    PackageSource outside = dependent("acme.outside", "acme.a");
    Package pa = pkg("acme.a", "");
    Package pb = pkg("acme.b", READY_STATUS);
    Package ps = pkg("acme.self", "");
    Package po = pkg("acme.outside", "");
    Lookup lookup = lookup(List.of(pa, pb, ps, po), List.of(a, b, self, outside));

    assertThat(blocked(pa, lookup).reason()).isEqualTo("DependencyCycle");
    assertThat(blocked(pa, lookup).message())
        .isEqualTo(
            "Packages depend on each other in a cycle (variant dependsOn): acme.a → acme.b →"
                + " acme.a; none of them can become Ready until one edge is removed (or listed in"
                + " spec.ignoreDependencies)");
    assertThat(blocked(pb, lookup).message()).contains("acme.b → acme.a → acme.b");
    assertThat(blocked(ps, lookup).message()).contains("acme.self → acme.self;");
    assertThat(blocked(po, lookup).reason()).isEqualTo("DependenciesNotReady");
    assertThat(blocked(po, lookup).terminal()).isFalse();
  }

  @Test
  void anIgnoredDependencyBreaksTheCycle() {
    PackageSource a = dependent("acme.a", "acme.b");
    PackageSource b = dependent("acme.b", "acme.a");
    Package pa =
        Fixtures.yaml(
            """
            apiVersion: cozystack.io/v1alpha1
            kind: Package
            metadata: {name: acme.a}
            spec: {ignoreDependencies: [acme.b]}
            """,
            Package.class);
    Package pb = pkg("acme.b", "");

    assertThat(
            PackagePlanner.plan(
                pa,
                lookup(List.of(pa, pb), List.of(a, b)),
                ReleaseSettings.defaults(),
                ValuesTransport.ConfigMap))
        .isInstanceOf(PackagePlan.Ready.class);
  }

  @Test
  void aPackageOfASourceWithoutSourceRefIsStalledNamingTheField() {
    PackageSource source = source("components: [{name: c, path: apps/c}]");
    source.setSpec(
        new PackageSourceSpec(null, source.getSpec().variants(), source.getSpec().catalog()));
    Package pkg = pkg("acme.src", "");

    var blocked = blocked(pkg, lookup(List.of(pkg), List.of(source)));

    assertThat(blocked.reason()).isEqualTo("SourceRefNotSet");
    assertThat(blocked.terminal()).isTrue();
    assertThat(blocked.message()).contains("PackageSource acme.src has no spec.sourceRef");
  }

  @Test
  void aPackageOfASourceStalledOnANameCollisionIsStalledWithItsReasonAndMessage() {
    PackageSource source = source("components: [{name: c, path: apps/c}]");
    source.getMetadata().setGeneration(2L);
    Conditions conditions = Conditions.from(null, 2L, Instant.EPOCH);
    conditions.stalled("NameCollision", "derives artifact name(s) acme-src-default-c already");
    source.setStatus(new PackageSourceStatus(2L, "default", conditions.build()));
    Package pkg = pkg("acme.src", "");

    var blocked = blocked(pkg, lookup(List.of(pkg), List.of(source)));

    assertThat(blocked.reason()).isEqualTo("NameCollision");
    assertThat(blocked.terminal()).isTrue();
    assertThat(blocked.message())
        .isEqualTo("PackageSource acme.src: derives artifact name(s) acme-src-default-c already");
  }

  @Test
  void aStallOfAnEarlierGenerationOfTheSourceDoesNotBlockItsPackage() {
    PackageSource source = source("components: [{name: c, path: apps/c}]");
    source.getMetadata().setGeneration(3L);
    Conditions conditions = Conditions.from(null, 2L, Instant.EPOCH);
    conditions.stalled("NameCollision", "an old collision");
    source.setStatus(new PackageSourceStatus(2L, "default", conditions.build()));

    assertThat(PackagePlanner.brokenSource(source)).isEmpty();
  }

  private static PackagePlan.Blocked blocked(Package pkg, Lookup lookup) {
    PackagePlan plan =
        PackagePlanner.plan(pkg, lookup, ReleaseSettings.defaults(), ValuesTransport.ConfigMap);
    assertThat(plan).isInstanceOf(PackagePlan.Blocked.class);
    return (PackagePlan.Blocked) plan;
  }

  /** Source {@code acme.src} with one variant {@code default} whose body is given. */
  private static PackageSource source(String variantBody) {
    String indented = variantBody.strip().replace("\n", "\n      ");
    return Fixtures.yaml(
        """
        apiVersion: cozystack.io/v1alpha1
        kind: PackageSource
        metadata: {name: acme.src}
        spec:
          sourceRef: {kind: OCIRepository, name: s, namespace: cozy-system}
          variants:
            - name: default
              %s
        """
            .formatted(indented),
        PackageSource.class);
  }

  private static PackageSource dependent(String name, String dependency) {
    return Fixtures.yaml(
        """
        apiVersion: cozystack.io/v1alpha1
        kind: PackageSource
        metadata: {name: %s}
        spec:
          sourceRef: {kind: OCIRepository, name: s, namespace: cozy-system}
          variants:
            - name: default
              dependsOn: [%s]
              components: [{name: c, path: apps/c, install: {namespace: %s}}]
        """
            .formatted(name, dependency, name.replace('.', '-')),
        PackageSource.class);
  }
}
