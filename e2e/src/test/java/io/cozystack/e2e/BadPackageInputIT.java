package io.cozystack.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.awaitility.Awaitility.await;

import io.cozystack.api.meta.Condition;
import io.cozystack.api.meta.ConditionStatus;
import io.cozystack.api.v1alpha1.Package;
import io.cozystack.api.v1alpha1.PackageSource;
import io.cozystack.operator.flux.ArtifactGenerator;
import io.cozystack.operator.flux.HelmRelease;
import io.cozystack.operator.packages.SourcePaths;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinition;
import io.fabric8.kubernetes.api.model.apiextensions.v1.JSONSchemaProps;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Bad Package and PackageSource input is never Ready: the API server refuses what the schema can
 * say (naming the field), and the operator stalls on the rest, naming the field, override or cycle,
 * and writes nothing for it.
 */
@ExtendWith(KubernetesExtension.class)
class BadPackageInputIT {
  static final String PSA_ENFORCE = "pod-security.kubernetes.io/enforce";
  static final String SYSTEM = "cozystack.io/system";
  @Kube static KubernetesClient client;
  @Kube static Path kubeconfig;
  static InProcessOperator operator;

  @BeforeAll
  static void startOperator() throws Exception {
    client
        .namespaces()
        .resource(
            new NamespaceBuilder().withNewMetadata().withName("cozy-system").endMetadata().build())
        .fieldManager("cozy-e2e")
        .serverSideApply();
    PlatformValues.ensure(client);
    operator = InProcessOperator.start(kubeconfig);
  }

  @AfterAll
  static void stopOperator() {
    if (operator != null) {
      operator.close();
    }
  }

  @Test
  void pathsLeavingTheSourceAndValuesThatAreNotAnObjectAreRefusedNamingTheField() {
    assertThat(
            refusal(
                source(
                    "hostile.up",
                    "components: [{name: up, path: ../../etc, install: {namespace: hostile}}]")))
        .contains("spec.variants[0].components[0].path");
    assertThat(
            refusal(
                source(
                    "hostile.abs",
                    "libraries: [{name: lib, path: /library/lib}]\n"
                        + "components: [{name: c, path: apps/c}]")))
        .contains("spec.variants[0].libraries[0].path");
    assertThat(
            refusal(
                source(
                    "hostile.values-file",
                    "components: [{name: c, path: apps/c, valuesFiles: [../../secret.yaml]}]")))
        .contains("spec.variants[0].components[0].valuesFiles[0]");
    assertThat(
            refusal(
                yaml(
                    """
                    apiVersion: cozystack.io/v1alpha1
                    kind: Package
                    metadata: {name: hostile.string-values}
                    spec:
                      components:
                        web: {values: "replicas: 2"}
                    """)))
        .contains("spec.components.web.values")
        .contains("must be of type object");
  }

  @Test
  void theCatalogsSourcesStillApplyAndPassTheOperatorsPathCheck() throws Exception {
    List<Path> files;
    try (var found = Files.walk(ControlPlane.repoRoot().resolve("catalogs"))) {
      files =
          found
              .filter(f -> f.getParent().getFileName().toString().equals("sources"))
              .filter(f -> f.toString().endsWith(".yaml"))
              .sorted()
              .toList();
    }
    assertThat(files).hasSizeGreaterThanOrEqualTo(3);
    for (Path file : files) {
      PackageSource source = Serialization.unmarshal(Files.readString(file), PackageSource.class);
      // Server-side apply, dry run: valid whether or not an earlier class created the source.
      assertThat(
              client
                  .resource(source)
                  .dryRun()
                  .fieldManager("cozy-e2e")
                  .forceConflicts()
                  .serverSideApply())
          .as(file.toString())
          .isNotNull();
      assertThat(SourcePaths.problems(source)).as(file.toString()).isEmpty();
    }
  }

  @Test
  void aSourceStoredWithABadPathIsStalledAndGetsNoGenerator() throws Exception {
    createWithoutPathPatterns(
        source(
            "hostile.stored",
            "components: [{name: up, path: ../etc, install: {namespace: hostile-stored}}]"));
    apply(pkg("hostile.stored", ""));

    PackageSource source =
        await()
            .atMost(Duration.ofSeconds(30))
            .until(
                () -> client.resources(PackageSource.class).withName("hostile.stored").get(),
                s ->
                    s.getStatus() != null
                        && s.getStatus().conditions() != null
                        && "InvalidPath"
                            .equals(condition(s.getStatus().conditions(), "Ready").reason()));
    Condition ready = condition(source.getStatus().conditions(), "Ready");
    assertThat(ready.reason()).isEqualTo("InvalidPath");
    assertThat(ready.status()).isEqualTo(ConditionStatus.FALSE);
    assertThat(ready.message())
        .contains("spec.variants[0].components[0].path '../etc' has a \"..\" segment")
        .contains("No ArtifactGenerator is written");
    assertThat(condition(source.getStatus().conditions(), "Stalled").status())
        .isEqualTo(ConditionStatus.TRUE);
    assertThat(source.getStatus().observedGeneration())
        .isEqualTo(source.getMetadata().getGeneration());
    assertThat(
            client
                .resources(ArtifactGenerator.class)
                .inNamespace("cozy-system")
                .withName("hostile.stored")
                .get())
        .isNull();

    Condition pkg = awaitStalled("hostile.stored", "InvalidPath");
    assertThat(pkg.message()).startsWith("PackageSource hostile.stored copies paths outside");
    assertThat(release("hostile-stored", "up")).isEmpty();
  }

  @Test
  void anOverrideOfAComponentTheVariantLacksIsStalledNamingIt() {
    apply(
        source(
            "hostile.typo",
            "components: [{name: web, path: apps/web, install: {namespace: hostile-typo}}]"));
    apply(pkg("hostile.typo", "components: {wbe: {values: {replicas: 3}}}"));

    Condition ready = awaitStalled("hostile.typo", "UnknownComponent");
    assertThat(ready.message())
        .isEqualTo(
            "spec.components names wbe, which is not a component of variant default of"
                + " PackageSource hostile.typo (its components: web); remove the override or"
                + " correct its name");
    assertThat(release("hostile-typo", "web")).isEmpty();
  }

  @Test
  void componentCyclesAreStalledNamingTheMembersAndNothingIsWrittenToFlux() {
    apply(
        source(
            "hostile.loop",
            """
            components:
              - {name: a, path: apps/a, install: {namespace: hostile-loop, dependsOn: [b]}}
              - {name: b, path: apps/b, install: {namespace: hostile-loop, dependsOn: [a]}}
            """));
    apply(
        source(
            "hostile.self",
            "components: [{name: a, path: apps/a, install: {namespace: hostile-self, dependsOn:"
                + " [a]}}]"));
    apply(pkg("hostile.loop", ""));
    apply(pkg("hostile.self", ""));

    assertThat(awaitStalled("hostile.loop", "DependencyCycle").message())
        .contains("(install.dependsOn): a → b → a;");
    assertThat(awaitStalled("hostile.self", "DependencyCycle").message())
        .contains("(install.dependsOn): a → a;");
    assertThat(release("hostile-loop", "a")).isEmpty();
    assertThat(release("hostile-loop", "b")).isEmpty();
    assertThat(release("hostile-self", "a")).isEmpty();
  }

  @Test
  void packageCyclesAreStalledNamingTheMembersNotWaitedOn() {
    apply(dependent("hostile.left", "hostile.right"));
    apply(dependent("hostile.right", "hostile.left"));
    apply(dependent("hostile.narcissus", "hostile.narcissus"));
    apply(pkg("hostile.left", ""));
    apply(pkg("hostile.right", ""));
    apply(pkg("hostile.narcissus", ""));

    assertThat(awaitStalled("hostile.left", "DependencyCycle").message())
        .startsWith(
            "Packages depend on each other in a cycle (variant dependsOn): hostile.left →"
                + " hostile.right → hostile.left;");
    assertThat(awaitStalled("hostile.right", "DependencyCycle").message())
        .contains("hostile.right → hostile.left → hostile.right;");
    assertThat(awaitStalled("hostile.narcissus", "DependencyCycle").message())
        .contains("hostile.narcissus → hostile.narcissus;");
  }

  // --- helpers ---

  /**
   * Creates a PackageSource as one stored before its CRD refused paths leaving the source: the
   * patterns are dropped from the CRD for the create, then the CRD is restored from crds/.
   */
  private static void createWithoutPathPatterns(PackageSource source) throws Exception {
    CustomResourceDefinition installed =
        CrdInstaller.projectCrds().stream()
            .filter(c -> c.getMetadata().getName().equals("packagesources.cozystack.io"))
            .findFirst()
            .orElseThrow();
    CustomResourceDefinition lenient = Serialization.clone(installed);
    dropPatterns(lenient.getSpec().getVersions().get(0).getSchema().getOpenAPIV3Schema());
    try {
      client
          .resource(lenient)
          .fieldManager(CrdInstaller.FIELD_MANAGER)
          .forceConflicts()
          .serverSideApply();
      await("the API server serves the lenient schema")
          .atMost(Duration.ofSeconds(30))
          .ignoreExceptions()
          .until(
              () -> {
                client.resource(source).create();
                return true;
              });
    } finally {
      client
          .resource(installed)
          .fieldManager(CrdInstaller.FIELD_MANAGER)
          .forceConflicts()
          .serverSideApply();
    }
    await("the API server serves the restored schema again")
        .atMost(Duration.ofSeconds(30))
        .until(
            () ->
                catchThrowableOfType(
                        KubernetesClientException.class,
                        () ->
                            client
                                .resource(
                                    source("hostile.probe", "components: [{name: c, path: ../c}]"))
                                .dryRun()
                                .create())
                    != null);
  }

  private static void dropPatterns(JSONSchemaProps schema) {
    if (schema == null) {
      return;
    }
    schema.setPattern(null);
    if (schema.getProperties() != null) {
      schema.getProperties().values().forEach(BadPackageInputIT::dropPatterns);
    }
    if (schema.getItems() != null) {
      dropPatterns(schema.getItems().getSchema());
    }
    if (schema.getAdditionalProperties() != null) {
      dropPatterns(schema.getAdditionalProperties().getSchema());
    }
  }

  @Test
  void aNamespaceOfKubernetesIsMadePrivilegedOnlyOnceHandedOverAndLosesOurLabelsWithItsPackage() {
    String name = "hostile.privileged-default";
    apply(
        source(
            name,
            "components: [{name: c, path: apps/c, install: {namespace: default, releaseName:"
                + " hostile-c, privileged: true}}]"));
    apply(pkg(name, "variant: default"));

    Condition refused = awaitStalled(name, "NamespaceNotHandedOver");
    assertThat(refused.message())
        .contains("component c is privileged and installs into namespace default")
        .contains("kubectl annotate namespace default cozystack.io/namespace-handover=true");
    assertThat(labels("default")).doesNotContainKeys(PSA_ENFORCE, SYSTEM);
    assertThat(release("default", "hostile-c")).as("nothing installed").isEmpty();

    handOver("default", true);
    await("default made privileged once handed over")
        .atMost(Duration.ofSeconds(30))
        .until(() -> "privileged".equals(labels("default").get(PSA_ENFORCE)));
    assertThat(labels("default")).containsEntry(SYSTEM, "true");
    await().atMost(Duration.ofSeconds(30)).until(() -> release("default", "hostile-c").isPresent());

    client.resources(Package.class).withName(name).delete();
    await("the operator's labels leave default with its last Package")
        .atMost(Duration.ofSeconds(30))
        .until(
            () ->
                !labels("default").containsKey(PSA_ENFORCE)
                    && !labels("default").containsKey(SYSTEM));
    assertThat(client.namespaces().withName("default").get().getMetadata().getAnnotations())
        .as("the platform operator's hand-over stays theirs")
        .containsEntry("cozystack.io/namespace-handover", "true");
    handOver("default", false);
  }

  @Test
  void aSourceInstallingIntoKubeSystemStillInstallsAndTakesItsLabelAwayWithIt() {
    String name = "hostile.kube-system";
    apply(
        source(
            name,
            "components: [{name: c, path: apps/c, install: {namespace: kube-system, releaseName:"
                + " hostile-scheduler}}]"));
    apply(pkg(name, "variant: default"));

    await("the release is written, as for Cozystack's cozystack-scheduler")
        .atMost(Duration.ofSeconds(30))
        .until(() -> release("kube-system", "hostile-scheduler").isPresent());
    assertThat(labels("kube-system")).containsEntry(SYSTEM, "true").doesNotContainKey(PSA_ENFORCE);

    client.resources(Package.class).withName(name).delete();
    await("kube-system is left as it was")
        .atMost(Duration.ofSeconds(30))
        .until(() -> !labels("kube-system").containsKey(SYSTEM));
  }

  @Test
  void aVariantSwitchedAwayFromANamespaceTakesItsLabelsAwayAndTheNamespaceStays() {
    String name = "hostile.switch";
    apply(
        Serialization.unmarshal(
            """
            apiVersion: cozystack.io/v1alpha1
            kind: PackageSource
            metadata: {name: %s}
            spec:
              sourceRef: {kind: OCIRepository, name: cozystack-packages, namespace: cozy-system}
              variants:
                - name: a
                  components:
                    - {name: c, path: apps/c, install: {namespace: hostile-switch-a, privileged: true}}
                - name: b
                  components:
                    - {name: c, path: apps/c, install: {namespace: hostile-switch-b}}
            """
                .formatted(name),
            PackageSource.class));
    apply(pkg(name, "variant: a"));
    await("variant a's namespace labelled")
        .atMost(Duration.ofSeconds(30))
        .until(() -> "privileged".equals(labelsIfAny("hostile-switch-a").get(PSA_ENFORCE)));
    assertThat(labels("hostile-switch-a")).containsEntry(SYSTEM, "true");

    apply(pkg(name, "variant: b"));
    await("variant b's namespace labelled and variant a's released")
        .atMost(Duration.ofSeconds(30))
        .until(
            () ->
                "true".equals(labelsIfAny("hostile-switch-b").get(SYSTEM))
                    && !labels("hostile-switch-a").containsKey(SYSTEM)
                    && !labels("hostile-switch-a").containsKey(PSA_ENFORCE));
    assertThat(release("hostile-switch-a", "c")).as("variant a's release removed").isEmpty();
    assertThat(client.namespaces().withName("hostile-switch-a").get())
        .as("the namespace itself is kept, as on a Package's deletion")
        .isNotNull();

    client.resources(Package.class).withName(name).delete();
    await("variant b's namespace released with its Package")
        .atMost(Duration.ofSeconds(30))
        .until(() -> !labels("hostile-switch-b").containsKey(SYSTEM));
  }

  /** The namespace's labels, none while it does not exist yet. */
  private static java.util.Map<String, String> labelsIfAny(String namespace) {
    return client.namespaces().withName(namespace).get() == null
        ? java.util.Map.of()
        : labels(namespace);
  }

  private static java.util.Map<String, String> labels(String namespace) {
    var labels = client.namespaces().withName(namespace).get().getMetadata().getLabels();
    return labels == null ? java.util.Map.of() : labels;
  }

  /** What a platform operator does to hand a namespace over (or take it back). */
  private static void handOver(String namespace, boolean handedOver) {
    var ns =
        new NamespaceBuilder()
            .withNewMetadata()
            .withName(namespace)
            .withAnnotations(
                handedOver
                    ? java.util.Map.of("cozystack.io/namespace-handover", "true")
                    : java.util.Map.of())
            .endMetadata()
            .build();
    client.resource(ns).fieldManager("platform-operator").forceConflicts().serverSideApply();
  }

  /** Source {@code name}, variant {@code default} with the given body, from an OCI source. */
  private static PackageSource source(String name, String variantBody) {
    return Serialization.unmarshal(
        """
        apiVersion: cozystack.io/v1alpha1
        kind: PackageSource
        metadata: {name: %s}
        spec:
          sourceRef: {kind: OCIRepository, name: cozystack-packages, namespace: cozy-system}
          variants:
            - name: default
              %s
        """
            .formatted(name, variantBody.strip().replace("\n", "\n      ")),
        PackageSource.class);
  }

  private static PackageSource dependent(String name, String dependency) {
    return source(
        name,
        "dependsOn: ["
            + dependency
            + "]\ncomponents: [{name: c, path: apps/c, install: {namespace: "
            + name.replace('.', '-')
            + "}}]");
  }

  private static Package pkg(String name, String spec) {
    return Serialization.unmarshal(
        """
        apiVersion: cozystack.io/v1alpha1
        kind: Package
        metadata: {name: %s}
        spec: {%s}
        """
            .formatted(name, spec),
        Package.class);
  }

  private static GenericKubernetesResource yaml(String text) {
    return Serialization.unmarshal(text, GenericKubernetesResource.class);
  }

  /** The API server's refusal of a create (422), its message. */
  private static String refusal(HasMetadata resource) {
    KubernetesClientException e =
        catchThrowableOfType(
            KubernetesClientException.class, () -> client.resource(resource).create());
    assertThat(e).as("the API server must refuse %s", resource.getMetadata().getName()).isNotNull();
    assertThat(e.getCode()).isEqualTo(422);
    return e.getMessage();
  }

  private static <T extends HasMetadata> void apply(T resource) {
    client.resource(resource).fieldManager("cozy-e2e").forceConflicts().serverSideApply();
  }

  private static Condition awaitStalled(String pkg, String reason) {
    Function<Package, List<Condition>> conditions =
        p -> p == null || p.getStatus() == null ? null : p.getStatus().conditions();
    Package stalled =
        await()
            .atMost(Duration.ofSeconds(30))
            .until(
                () -> client.resources(Package.class).withName(pkg).get(),
                p ->
                    conditions.apply(p) != null
                        && reason.equals(condition(conditions.apply(p), "Ready").reason())
                        && condition(conditions.apply(p), "Stalled").status()
                            == ConditionStatus.TRUE);
    assertThat(stalled.getStatus().observedGeneration())
        .isEqualTo(stalled.getMetadata().getGeneration());
    Condition ready = condition(stalled.getStatus().conditions(), "Ready");
    assertThat(ready.status()).isEqualTo(ConditionStatus.FALSE);
    return ready;
  }

  private static Condition condition(List<Condition> conditions, String type) {
    return conditions.stream()
        .filter(c -> c.type().equals(type))
        .findFirst()
        .orElse(new Condition(type, ConditionStatus.UNKNOWN, 0L, "", "", ""));
  }

  private static Optional<HelmRelease> release(String namespace, String name) {
    return Optional.ofNullable(
        client.resources(HelmRelease.class).inNamespace(namespace).withName(name).get());
  }
}
