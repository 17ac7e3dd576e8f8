package io.cozystack.e2e;

import static io.cozystack.e2e.HostileCase.reported;
import static io.cozystack.e2e.HostileCase.reportedOn;

import io.cozystack.e2e.HostileCase.Ref;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Hostile PackageSources and Packages: generated field mutations, then what a schema cannot say.
 */
final class HostilePackages {
  static final String SOURCE =
      """
      apiVersion: cozystack.io/v1alpha1
      kind: PackageSource
      metadata: {name: hx.base}
      spec:
        sourceRef: {kind: OCIRepository, name: cozystack-packages, namespace: cozy-system}
        variants:
          - name: default
            components:
              - name: web
                path: apps/web
                install: {namespace: hx-base, releaseName: web}
      """;

  static final String PACKAGE =
      """
      apiVersion: cozystack.io/v1alpha1
      kind: Package
      metadata: {name: hx.base}
      spec: {variant: default, components: {web: {values: {replicas: 2}}}}
      """;

  private HostilePackages() {}

  static List<HostileCase> all() {
    List<HostileCase> cases = new ArrayList<>();
    cases.addAll(sourceMutations());
    cases.addAll(packageMutations());
    cases.addAll(semantic());
    return cases;
  }

  private static List<HostileCase> sourceMutations() {
    String component = "spec.variants[0].components[0]";
    return HostileMutations.of("PackageSource", SOURCE)
        .set("spec.sourceRef.kind", "HelmRepository", 42)
        .remove("spec.sourceRef.name")
        .set(component + ".path", "../../../../etc", "/etc/passwd", "apps/../../secrets", "")
        .set(component + ".install.namespace", "Kube_System", "", "n".repeat(64))
        .set(component + ".install.releaseName", "Web.Release_1", "r".repeat(54))
        .remove(component + ".name")
        .set(component + ".valuesFiles", List.of("../../secret.yaml"), List.of("/etc/shadow"))
        .set("spec.variants[0].libraries", List.of(Map.of("name", "lib", "path", "/lib")))
        .remove("spec.variants[0].name")
        .set("spec.variants", "default")
        .set(
            "spec.catalog",
            Map.of("name", "x", "version", "1", "contractVersion", 1, "minPlatformVersion", "one"))
        .cases();
  }

  private static List<HostileCase> packageMutations() {
    return HostileMutations.of("Package", PACKAGE)
        .set("spec.components.web.values", "replicas: 2", 7, List.of(1, 2))
        .set("spec.components.web.enabled", "yes")
        .set("spec.components", List.of("web"))
        .set("spec.variant", 5)
        .set("spec.compatibilityOverride", Map.of("reason", ""))
        .set("spec.ignoreDependencies", "all")
        .set("spec.suspend", "true")
        .cases();
  }

  private static List<HostileCase> semantic() {
    return List.of(
        reported(
            "Package without a PackageSource", pkg("hx.no-source", ""), "PackageSourceNotFound"),
        reported(
            "Package of a variant the source lacks",
            source("hx.variant", "components: [{name: web, path: apps/web}]")
                + pkg("hx.variant", "variant: enterprise"),
            "VariantNotFound"),
        reported(
            "override of a component the variant lacks",
            source("hx.override", "components: [{name: web, path: apps/web}]")
                + pkg("hx.override", "components: {database: {values: {size: 1}}}"),
            "UnknownComponent"),
        reported(
            "Package depending on itself",
            source("hx.self", "dependsOn: [hx.self]\ncomponents: [{name: c, path: apps/c}]")
                + pkg("hx.self", ""),
            "DependencyCycle"),
        reported(
            "Packages depending on each other",
            source("hx.cycle-a", "dependsOn: [hx.cycle-b]\ncomponents: [{name: c, path: apps/c}]")
                + source(
                    "hx.cycle-b", "dependsOn: [hx.cycle-a]\ncomponents: [{name: c, path: apps/c}]")
                + pkg("hx.cycle-a", "")
                + pkg("hx.cycle-b", ""),
            "DependencyCycle"),
        reported(
            "components depending on each other",
            source(
                    "hx.component-cycle",
                    """
                    components:
                      - {name: a, path: apps/a, install: {namespace: hx-cc, dependsOn: [b]}}
                      - {name: b, path: apps/b, install: {namespace: hx-cc, dependsOn: [a]}}""")
                + pkg("hx.component-cycle", ""),
            "DependencyCycle"),
        reported(
            "a component depending on itself",
            source(
                    "hx.component-self",
                    "components: [{name: a, path: apps/a, install: {namespace: hx-cs, dependsOn: [a]}}]")
                + pkg("hx.component-self", ""),
            "DependencyCycle"),
        reported(
            "dependency on a Package nobody installs",
            source("hx.needs-ghost", "dependsOn: [hx.ghost]\ncomponents: [{name: c, path: apps/c}]")
                + pkg("hx.needs-ghost", ""),
            "DependenciesNotReady"),
        privileged("default"),
        privileged("kube-system"),
        privileged("kube-public"),
        reported(
            "catalog newer than the platform",
            catalogSource("hx.too-new", 1, "99.0.0") + pkg("hx.too-new", ""),
            "Incompatible"),
        reported(
            "catalog of an unknown contract version",
            catalogSource("hx.contract", 99, "0.1.0") + pkg("hx.contract", ""),
            "Incompatible"),
        reportedOn(
            "two sources whose generator names collide",
            // The first is older or, created in the same second, first by name: it holds the name.
            source("hx-clash.x", "components: [{name: c, path: apps/c}]")
                + source("hx.clash-x", "components: [{name: c, path: apps/c}]"),
            new Ref("cozystack.io/v1alpha1", "PackageSource", null, "hx.clash-x"),
            "NameCollision"),
        reported(
            "Package of a source in a name collision",
            source("hx-taken.y", "components: [{name: c, path: apps/c}]")
                + source("hx.taken-y", "components: [{name: c, path: apps/c}]")
                + pkg("hx.taken-y", ""),
            "NameCollision"),
        reported(
            "Package of a source without sourceRef",
            """
            apiVersion: cozystack.io/v1alpha1
            kind: PackageSource
            metadata: {name: hx.no-ref}
            spec:
              variants: [{name: default, components: [{name: c, path: apps/c}]}]
            ---
            """
                + pkg("hx.no-ref", ""),
            "SourceRefNotSet"));
  }

  private static HostileCase privileged(String namespace) {
    String name = "hx.privileged-" + namespace;
    return reported(
        "privileged component in " + namespace,
        source(
                name,
                "components: [{name: c, path: apps/c, install: {namespace: "
                    + namespace
                    + ", privileged: true}}]")
            + pkg(name, ""),
        "NamespaceNotHandedOver");
  }

  /** A PackageSource document (ending in a separator), its default variant's body given. */
  static String source(String name, String variantBody) {
    return """
        apiVersion: cozystack.io/v1alpha1
        kind: PackageSource
        metadata: {name: %s}
        spec:
          sourceRef: {kind: OCIRepository, name: cozystack-packages, namespace: cozy-system}
          variants:
            - name: default
              %s
        ---
        """
        .formatted(name, variantBody.strip().replace("\n", "\n      "));
  }

  private static String catalogSource(String name, int contractVersion, String minPlatform) {
    String catalog =
        "{name: hx, version: 1.0.0, contractVersion: %d, minPlatformVersion: %s}"
            .formatted(contractVersion, minPlatform);
    return source(name, "components: [{name: c, path: apps/c}]")
        .replace("spec:\n", "spec:\n  catalog: " + catalog + "\n");
  }

  static String pkg(String name, String spec) {
    return """
        apiVersion: cozystack.io/v1alpha1
        kind: Package
        metadata: {name: %s}
        spec: {%s}
        ---
        """
        .formatted(
            name,
            spec.contains("variant:")
                ? spec
                : spec.isBlank() ? "variant: default" : "variant: default, " + spec);
  }
}
