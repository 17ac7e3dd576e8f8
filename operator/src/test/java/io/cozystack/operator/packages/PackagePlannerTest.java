package io.cozystack.operator.packages;

import static org.assertj.core.api.Assertions.assertThat;

import io.cozystack.api.v1alpha1.Package;
import io.cozystack.api.v1alpha1.PackageSource;
import io.cozystack.api.v1alpha1.ValuesTransport;
import io.cozystack.operator.flux.HelmRelease;
import io.cozystack.operator.flux.HelmReleaseSpec.DependsOn;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class PackagePlannerTest {
  static final String READY_STATUS =
      """
      status:
        conditions:
          - {type: Ready, status: "True", reason: ReconciliationSucceeded, message: ok, lastTransitionTime: "2026-01-01T00:00:00Z"}
      """;

  @Test
  void kubertureRendersWhatCozystackRenders() {
    Package kuberture = Fixtures.example("04-package-kuberture.yaml", Package.class);
    kuberture.getMetadata().setUid("uid-kuberture");
    Lookup lookup =
        lookup(
            List.of(
                kuberture,
                pkg("cozystack.networking", READY_STATUS),
                pkg("cozystack.prometheus-operator-crds", READY_STATUS)),
            List.of(
                Fixtures.example("03-packagesource-kuberture.yaml", PackageSource.class),
                source("cozystack.networking", "cilium", "cozy-cilium"),
                source(
                    "cozystack.prometheus-operator-crds",
                    "prometheus-operator-crds",
                    "cozy-prometheus-operator")));
    HelmRelease expected =
        Fixtures.resource("packages/kuberture.helmrelease.yaml", HelmRelease.class);

    PackagePlan plan =
        PackagePlanner.plan(kuberture, lookup, ReleaseSettings.defaults(), ValuesTransport.Secret);

    var ready = (PackagePlan.Ready) plan;
    assertThat(ready.namespaces()).containsExactly("cozy-kuberture");
    HelmRelease rendered = ready.releases().get(0).release();
    assertThat(rendered.getSpec()).isEqualTo(expected.getSpec());
    assertThat(rendered.getMetadata().getName()).isEqualTo("kuberture");
    assertThat(rendered.getMetadata().getNamespace()).isEqualTo("cozy-kuberture");
    assertThat(rendered.getMetadata().getLabels()).isEqualTo(expected.getMetadata().getLabels());
    assertThat(rendered.getMetadata().getOwnerReferences())
        .singleElement()
        .satisfies(
            ref -> {
              assertThat(ref.getUid()).isEqualTo("uid-kuberture");
              assertThat(ref.getController()).isTrue();
              assertThat(ref.getKind()).isEqualTo("Package");
            });
  }

  @Test
  void aDependencyThatIsNotReadyBlocksAndIsNamed() {
    Package kuberture = Fixtures.example("04-package-kuberture.yaml", Package.class);
    Lookup lookup =
        lookup(
            List.of(kuberture, pkg("cozystack.networking", READY_STATUS)),
            List.of(
                Fixtures.example("03-packagesource-kuberture.yaml", PackageSource.class),
                source("cozystack.networking", "cilium", "cozy-cilium")));

    var blocked =
        (PackagePlan.Blocked)
            PackagePlanner.plan(
                kuberture, lookup, ReleaseSettings.defaults(), ValuesTransport.Secret);

    assertThat(blocked.reason()).isEqualTo("DependenciesNotReady");
    assertThat(blocked.terminal()).isFalse();
    assertThat(blocked.message()).contains("cozystack.prometheus-operator-crds");
    assertThat(blocked.dependencies().get("cozystack.networking").ready()).isTrue();
    assertThat(blocked.dependencies().get("cozystack.prometheus-operator-crds").ready()).isFalse();
  }

  @Test
  void ignoredDependenciesNeitherGateNorAddEdges() {
    Package kuberture =
        Fixtures.yaml(
            """
            apiVersion: cozystack.io/v1alpha1
            kind: Package
            metadata: {name: cozystack.kuberture}
            spec:
              ignoreDependencies: [cozystack.prometheus-operator-crds]
            """,
            Package.class);
    Lookup lookup =
        lookup(
            List.of(kuberture, pkg("cozystack.networking", READY_STATUS)),
            List.of(
                Fixtures.example("03-packagesource-kuberture.yaml", PackageSource.class),
                source("cozystack.networking", "cilium", "cozy-cilium")));

    var ready =
        (PackagePlan.Ready)
            PackagePlanner.plan(
                kuberture, lookup, ReleaseSettings.defaults(), ValuesTransport.Secret);

    assertThat(ready.releases().get(0).release().getSpec().dependsOn())
        .containsExactly(new DependsOn("cilium", "cozy-cilium"));
    assertThat(ready.dependencies()).containsOnlyKeys("cozystack.networking");
  }

  @Test
  void missingSourceWaitsAndMissingVariantIsTerminal() {
    Package orphan = pkg("cozystack.nothing", "");
    Package wrongVariant =
        Fixtures.yaml(
            """
            apiVersion: cozystack.io/v1alpha1
            kind: Package
            metadata: {name: cozystack.kuberture}
            spec: {variant: nope}
            """,
            Package.class);
    Lookup lookup =
        lookup(
            List.of(orphan, wrongVariant),
            List.of(Fixtures.example("03-packagesource-kuberture.yaml", PackageSource.class)));

    var missingSource =
        (PackagePlan.Blocked)
            PackagePlanner.plan(orphan, lookup, ReleaseSettings.defaults(), ValuesTransport.Secret);
    var missingVariant =
        (PackagePlan.Blocked)
            PackagePlanner.plan(
                wrongVariant, lookup, ReleaseSettings.defaults(), ValuesTransport.Secret);

    assertThat(missingSource.reason()).isEqualTo("PackageSourceNotFound");
    assertThat(missingSource.terminal()).isFalse();
    assertThat(missingVariant.reason()).isEqualTo("VariantNotFound");
    assertThat(missingVariant.message())
        .isEqualTo("Variant nope not found in PackageSource cozystack.kuberture");
    assertThat(missingVariant.terminal()).isTrue();
  }

  @Test
  void disabledAndSourceOnlyComponentsGetNoReleaseAndComponentEdgesResolve() {
    PackageSource source =
        Fixtures.yaml(
            """
            apiVersion: cozystack.io/v1alpha1
            kind: PackageSource
            metadata: {name: acme.stack}
            spec:
              sourceRef: {kind: OCIRepository, name: s, namespace: cozy-system}
              variants:
                - name: default
                  components:
                    - {name: lib, path: apps/lib}
                    - {name: db, path: system/db, install: {namespace: acme, releaseName: acme-db, privileged: true}}
                    - {name: web, path: system/web, valuesFiles: [values.yaml, extra.yaml],
                       install: {namespace: acme, dependsOn: [db], healthCheckExprs: [{apiVersion: v1, kind: Pod, current: "true"}]}}
                    - {name: off, path: system/off, install: {namespace: acme}}
            """,
            PackageSource.class);
    Package pkg =
        Fixtures.yaml(
            """
            apiVersion: cozystack.io/v1alpha1
            kind: Package
            metadata: {name: acme.stack}
            spec:
              components:
                off: {enabled: false}
            """,
            Package.class);

    var ready =
        (PackagePlan.Ready)
            PackagePlanner.plan(
                pkg,
                lookup(List.of(pkg), List.of(source)),
                ReleaseSettings.defaults(),
                ValuesTransport.Secret);

    assertThat(ready.releases())
        .extracting(PackagePlan.DesiredRelease::key)
        .containsExactly("acme/acme-db", "acme/web");
    HelmRelease db = ready.releases().get(0).release();
    HelmRelease web = ready.releases().get(1).release();
    assertThat(db.getMetadata().getLabels()).containsEntry("cozystack.io/privileged", "true");
    assertThat(web.getSpec().dependsOn()).containsExactly(new DependsOn("acme-db", "acme"));
    assertThat(web.getSpec().waitStrategy().name()).isEqualTo("poller");
    assertThat(web.getMetadata().getAnnotations())
        .containsEntry("cozyhr.cozystack.io/values-files", "values.yaml,extra.yaml");
    assertThat(NamespacePlanner.privilegedNamespaces(lookup(List.of(pkg), List.of(source))))
        .containsExactly("acme");
  }

  @Test
  void aComponentEdgeToAnUnknownComponentIsTerminal() {
    PackageSource source =
        Fixtures.yaml(
            """
            apiVersion: cozystack.io/v1alpha1
            kind: PackageSource
            metadata: {name: acme.broken}
            spec:
              sourceRef: {kind: OCIRepository, name: s, namespace: cozy-system}
              variants:
                - name: default
                  components:
                    - {name: web, path: system/web, install: {namespace: acme, dependsOn: [ghost]}}
            """,
            PackageSource.class);
    Package pkg = pkg("acme.broken", "");

    var blocked =
        (PackagePlan.Blocked)
            PackagePlanner.plan(
                pkg,
                lookup(List.of(pkg), List.of(source)),
                ReleaseSettings.defaults(),
                ValuesTransport.Secret);

    assertThat(blocked.reason()).isEqualTo("DependsOnFailed");
    assertThat(blocked.terminal()).isTrue();
    assertThat(blocked.message()).contains("web depends on ghost");
  }

  @Test
  void skipAnnotationDropsTheValuesSecret() {
    PackageSource source = source("cozystack.platform", "platform", "cozy-system");
    source
        .getMetadata()
        .setAnnotations(java.util.Map.of("operator.cozystack.io/skip-cozystack-values", "true"));
    Package pkg = pkg("cozystack.platform", "");

    var ready =
        (PackagePlan.Ready)
            PackagePlanner.plan(
                pkg,
                lookup(List.of(pkg), List.of(source)),
                ReleaseSettings.defaults(),
                ValuesTransport.Secret);

    assertThat(ready.releases().get(0).release().getSpec().valuesFrom()).isNull();
  }

  @Test
  void namespacesAreSystemUnlessTenantAndKeptOnUninstall() {
    var system = NamespacePlanner.render("cozy-kuberture", java.util.Set.of("cozy-kuberture"));
    var tenant = NamespacePlanner.render("tenant-root", java.util.Set.of());

    assertThat(system.getMetadata().getLabels())
        .containsEntry("cozystack.io/system", "true")
        .containsEntry("pod-security.kubernetes.io/enforce", "privileged");
    assertThat(tenant.getMetadata().getLabels()).isEmpty();
    assertThat(tenant.getMetadata().getAnnotations())
        .containsEntry("helm.sh/resource-policy", "keep");
  }

  @Test
  void aNamespaceOfKubernetesIsNeverMadePrivilegedBeforeItIsHandedOver() {
    var notHanded = NamespacePlanner.render("default", java.util.Set.of("default"), false);
    var handed = NamespacePlanner.render("kube-system", java.util.Set.of("kube-system"), true);

    assertThat(notHanded.getMetadata().getLabels())
        .containsEntry("cozystack.io/system", "true")
        .doesNotContainKey("pod-security.kubernetes.io/enforce");
    assertThat(handed.getMetadata().getLabels())
        .containsEntry("pod-security.kubernetes.io/enforce", "privileged");
    assertThat(NamespacePlanner.kubernetesNamespace("kube-public")).isTrue();
    assertThat(NamespacePlanner.kubernetesNamespace("cozy-kube-ovn")).isFalse();
    assertThat(NamespacePlanner.released("default").getMetadata().getLabels()).isNullOrEmpty();
    assertThat(NamespacePlanner.marked(handed)).isTrue();
    assertThat(
            NamespacePlanner.marked(
                new io.fabric8.kubernetes.api.model.NamespaceBuilder()
                    .withNewMetadata()
                    .withName("kube-system")
                    .addToLabels("kubernetes.io/metadata.name", "kube-system")
                    .endMetadata()
                    .build()))
        .as("nothing of ours: not even written when a Package goes")
        .isFalse();
  }

  static Lookup lookup(List<Package> packages, List<PackageSource> sources) {
    return Lookup.of(new ArrayList<>(packages), new ArrayList<>(sources));
  }

  static Package pkg(String name, String status) {
    return Fixtures.yaml(
        """
        apiVersion: cozystack.io/v1alpha1
        kind: Package
        metadata: {name: %s}
        spec: {}
        %s"""
            .formatted(name, status),
        Package.class);
  }

  static PackageSource source(String name, String component, String namespace) {
    return Fixtures.yaml(
        """
        apiVersion: cozystack.io/v1alpha1
        kind: PackageSource
        metadata: {name: %s}
        spec:
          sourceRef: {kind: OCIRepository, name: cozystack-packages, namespace: cozy-system}
          variants:
            - name: default
              components: [{name: %s, path: system/%s, install: {namespace: %s}}]
        """
            .formatted(name, component, component, namespace),
        PackageSource.class);
  }
}
