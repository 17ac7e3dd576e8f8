package io.cozystack.e2e;

import static org.awaitility.Awaitility.await;

import io.cozystack.api.v1alpha1.ApplicationDefinition;
import io.cozystack.api.v1alpha1.Package;
import io.cozystack.api.v1alpha1.PackageSource;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.Watch;
import io.fabric8.kubernetes.client.informers.ResourceEventHandler;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * The footprint benchmark's workload on the bare control plane: N Packages whose PackageSources
 * have Cozystack's shape (application sources: a source-only chart and an {@code -rd} release in
 * cozy-system; system packages: one to three releases in their own namespace, ordered by component
 * {@code dependsOn}, a second variant, and a dependency on one of ten base packages, as Cozystack's
 * networking and cert-manager are), T tenants (each with the namespace its chart would create) and
 * I Postgres-like instances of a test ApplicationDefinition spread over the tenants. The stand-in
 * marks every HelmRelease Ready for its generation, as helm-controller would.
 */
final class FootprintWorkload {
  static final String LABEL = "e2e.cozystack.io/footprint";
  static final String APPS = "apps.cozystack.io/v1alpha1";
  static final String DB_KIND = "FootprintDb";
  static final String FIELD_MANAGER = "cozy-e2e-footprint";
  private static final Duration STAND_IN_RESYNC = Duration.ofSeconds(3);

  final int packages;
  final int tenants;
  final int instances;
  private final KubernetesClient client;

  FootprintWorkload(KubernetesClient client, int packages, int tenants, int instances) {
    this.client = client;
    this.packages = packages;
    this.tenants = tenants;
    this.instances = instances;
  }

  /** What stays between runs: values, namespaces, the two definitions. */
  void prepare() {
    PlatformValues.ensure(client);
    PlatformValues.system(client, "cozy-system");
    namespace("tenant-root", Map.of());
    for (int i = 0; i < packages; i++) {
      if (!isApplication(i)) {
        namespace("cozy-fp" + i, Map.of("cozystack.io/system", "true"));
      }
    }
    for (int t = 0; t < tenants; t++) {
      namespace("tenant-t" + t, Map.of());
    }
    apply(
        ExampleSources.example(
            "06-applicationdefinition-tenant.yaml", ApplicationDefinition.class));
    apply(Serialization.unmarshal(DB_DEFINITION, ApplicationDefinition.class));
  }

  /** HelmReleases the workload converges to. */
  int releases() {
    int releases = tenants + instances;
    for (int i = 0; i < packages; i++) {
      releases += isApplication(i) ? 1 : components(i);
    }
    return releases;
  }

  /** Writes every PackageSource and Package, then the tenants, then the instances. */
  void create() {
    for (int i = 0; i < packages; i++) {
      applyPackage(i, "default");
    }
    awaitKind("Tenant");
    for (int t = 0; t < tenants; t++) {
      applyTenant(t, Map.of());
    }
    awaitKind(DB_KIND);
    for (int i = 0; i < instances; i++) {
      applyInstance(i, dbSpec(i));
    }
  }

  /** PackageSource {@code i} and its Package with {@code variant} ("default" or "hosted"). */
  void applyPackage(int i, String variant) {
    apply(Serialization.unmarshal(source(i), PackageSource.class));
    apply(Serialization.unmarshal(pkg(i, variant), Package.class));
  }

  void deletePackage(int i) {
    client.resources(Package.class).withName(packageName(i)).delete();
  }

  /** Tenant {@code t} in tenant-root, whose namespace is {@code tenant-t<t>}. */
  void applyTenant(int t, Map<String, Object> spec) {
    apply(instance("Tenant", "tenant-root", "t" + t, spec));
  }

  /** Instance {@code db<i>} of the Postgres-like kind, in tenant {@code i % tenants}. */
  void applyInstance(int i, Map<String, Object> spec) {
    apply(instance(DB_KIND, instanceNamespace(i), "db" + i, spec));
  }

  void deleteInstance(int i) {
    client
        .genericKubernetesResources(APPS, DB_KIND)
        .inNamespace(instanceNamespace(i))
        .withName("db" + i)
        .delete();
  }

  String instanceNamespace(int i) {
    return "tenant-t" + (i % tenants);
  }

  static String packageName(int i) {
    return "cozystack.fp" + i;
  }

  /** Every release Ready for its generation, every Package, Tenant and instance Ready. */
  boolean converged() {
    List<GenericKubernetesResource> releases =
        client
            .genericKubernetesResources("helm.toolkit.fluxcd.io/v2", "HelmRelease")
            .inAnyNamespace()
            .list()
            .getItems();
    return releases.size() == releases()
        && releases.stream().allMatch(FootprintWorkload::readyForGeneration)
        && allReady(
            client
                .genericKubernetesResources("cozystack.io/v1alpha1", "Package")
                .withLabel(LABEL)
                .list()
                .getItems(),
            packages)
        && allReady(instances("Tenant"), tenants)
        && allReady(instances(DB_KIND), instances);
  }

  /** Deletes the instances; returns once they and their releases are gone. */
  void deleteInstances(Duration limit) {
    instances(DB_KIND).forEach(r -> client.resource(r).delete());
    await("instances and their releases deleted")
        .atMost(limit)
        .pollInterval(Duration.ofMillis(500))
        .until(() -> instances(DB_KIND).isEmpty() && releaseCount() == releases() - instances);
  }

  /** Deletes tenants, Packages and PackageSources; returns once every release is gone. */
  void deleteRest(Duration limit) {
    instances("Tenant").forEach(r -> client.resource(r).delete());
    client.resources(Package.class).withLabel(LABEL).delete();
    client.resources(PackageSource.class).withLabel(LABEL).delete();
    await("tenants, Packages and their releases deleted")
        .atMost(limit)
        .pollInterval(Duration.ofMillis(500))
        .until(
            () ->
                releaseCount() == 0
                    && instances("Tenant").isEmpty()
                    && client.resources(Package.class).withLabel(LABEL).list().getItems().isEmpty()
                    && client
                        .resources(PackageSource.class)
                        .withLabel(LABEL)
                        .list()
                        .getItems()
                        .isEmpty());
  }

  /**
   * With the operator stopped, removes what only a garbage collector (absent here) or a new
   * operator would: ArtifactGenerators owned by deleted sources, projected values, the Lease; so
   * the next run starts from the same state.
   */
  void resetAfterStop() {
    client
        .genericKubernetesResources("source.extensions.fluxcd.io/v1beta1", "ArtifactGenerator")
        .inAnyNamespace()
        .withLabel("cozystack.io/packagesource")
        .delete();
    client.configMaps().inAnyNamespace().withLabel("values.cozystack.io/projected").delete();
    client.secrets().inAnyNamespace().withLabel("values.cozystack.io/projected").delete();
    client.leases().inNamespace("cozy-system").withName("cozy-operator-leader").delete();
  }

  /**
   * Marks every HelmRelease Ready for its generation the moment it is written or changed. An
   * informer, not a watch: it lists again after an API-server outage, and its resync answers a
   * release whose answer failed (the server away, or the release changed meanwhile).
   */
  static Watch answerReleases(KubernetesClient client) {
    FakeHelmController helm = new FakeHelmController(client);
    ExecutorService pool = Executors.newFixedThreadPool(4);
    Set<String> pending = ConcurrentHashMap.newKeySet();
    SharedIndexInformer<GenericKubernetesResource> informer =
        client
            .genericKubernetesResources("helm.toolkit.fluxcd.io/v2", "HelmRelease")
            .inAnyNamespace()
            .inform(
                new ResourceEventHandler<>() {
                  @Override
                  public void onAdd(GenericKubernetesResource release) {
                    answer(release);
                  }

                  @Override
                  public void onUpdate(
                      GenericKubernetesResource old, GenericKubernetesResource release) {
                    answer(release);
                  }

                  @Override
                  public void onDelete(GenericKubernetesResource release, boolean unknown) {}

                  private void answer(GenericKubernetesResource release) {
                    if (readyForGeneration(release)) {
                      return;
                    }
                    String ns = release.getMetadata().getNamespace();
                    String name = release.getMetadata().getName();
                    if (pending.add(ns + "/" + name)) {
                      pool.submit(
                          () -> {
                            pending.remove(ns + "/" + name);
                            try {
                              helm.reportReady(ns, name);
                            } catch (RuntimeException gone) {
                              // deleted, changed meanwhile or the server away: a later event or
                              // the resync answers it
                            }
                          });
                    }
                  }
                },
                STAND_IN_RESYNC.toMillis());
    return () -> {
      informer.close();
      pool.shutdownNow();
    };
  }

  static boolean readyForGeneration(GenericKubernetesResource release) {
    FluxStatusView status = FluxStatusView.of(release);
    return status.is("Ready", "True")
        && status.path("observedGeneration").asLong(-1) == release.getMetadata().getGeneration();
  }

  private static boolean allReady(List<GenericKubernetesResource> objects, int expected) {
    return objects.size() == expected
        && objects.stream().allMatch(o -> FluxStatusView.of(o).is("Ready", "True"));
  }

  private int releaseCount() {
    return client
        .genericKubernetesResources("helm.toolkit.fluxcd.io/v2", "HelmRelease")
        .inAnyNamespace()
        .list()
        .getItems()
        .size();
  }

  private List<GenericKubernetesResource> instances(String kind) {
    return client.genericKubernetesResources(APPS, kind).inAnyNamespace().list().getItems();
  }

  private void awaitKind(String kind) {
    await("kind " + kind + " served")
        .atMost(Duration.ofMinutes(2))
        .pollInterval(Duration.ofMillis(100))
        .ignoreExceptions()
        .until(() -> client.genericKubernetesResources(APPS, kind).inAnyNamespace().list() != null);
  }

  private void apply(HasMetadata object) {
    client.resource(object).fieldManager(FIELD_MANAGER).forceConflicts().serverSideApply();
  }

  private void namespace(String name, Map<String, String> labels) {
    apply(
        new NamespaceBuilder()
            .withNewMetadata()
            .withName(name)
            .withLabels(labels)
            .endMetadata()
            .build());
  }

  /** Every third source serves an application (Cozystack's {@code *-application} sources). */
  static boolean isApplication(int i) {
    return i % 3 == 0;
  }

  /** Releases of system package {@code i}'s default variant; its "hosted" variant has the first. */
  static int components(int i) {
    return 1 + i % 3;
  }

  /** The packages a package depends on: ten base packages depend on the first, the rest on one. */
  private static String dependsOn(int i) {
    if (i == 0) {
      return "[]";
    }
    return "[cozystack.fp" + (i < 10 ? 0 : i % 10) + "]";
  }

  private static String source(int i) {
    String variants;
    if (isApplication(i)) {
      variants =
          """
            - name: default
              dependsOn: %2$s
              libraries: [{name: cozy-lib, path: library/cozy-lib}]
              components:
                - {name: fp%1$d, path: apps/fp%1$d, libraries: [cozy-lib]}
                - name: fp%1$d-rd
                  path: system/fp%1$d-rd
                  install: {namespace: cozy-system, releaseName: fp%1$d-rd}
          """
              .formatted(i, dependsOn(i));
    } else {
      StringBuilder all = new StringBuilder();
      StringBuilder hosted = new StringBuilder();
      for (int c = 0; c < components(i); c++) {
        String component =
            "        - name: c%2$d\n          path: system/fp%1$d/c%2$d\n          install:"
                    .formatted(i, c)
                + " {namespace: cozy-fp%1$d, releaseName: fp%1$d-c%2$d%3$s}\n"
                    .formatted(i, c, c == 0 ? "" : ", dependsOn: [c" + (c - 1) + "]");
        all.append(component);
        if (c == 0) {
          hosted.append(component);
        }
      }
      variants =
          """
            - name: default
              dependsOn: %1$s
              components:
          %2$s  - name: hosted
              components:
          %3$s"""
              .formatted(dependsOn(i), all, hosted);
    }
    return """
        apiVersion: cozystack.io/v1alpha1
        kind: PackageSource
        metadata: {name: cozystack.fp%d, labels: {%s: "true"}}
        spec:
          sourceRef: {kind: OCIRepository, name: cozystack-packages, namespace: cozy-system, path: /}
          variants:
        %s"""
        .formatted(i, LABEL, variants);
  }

  private static String pkg(int i, String variant) {
    return """
        apiVersion: cozystack.io/v1alpha1
        kind: Package
        metadata: {name: cozystack.fp%d, labels: {%s: "true"}}
        spec: {variant: %s}
        """
        .formatted(i, LABEL, variant);
  }

  private static GenericKubernetesResource instance(
      String kind, String namespace, String name, Map<String, Object> spec) {
    GenericKubernetesResource r = new GenericKubernetesResource();
    r.setApiVersion(APPS);
    r.setKind(kind);
    r.setMetadata(new ObjectMetaBuilder().withName(name).withNamespace(namespace).build());
    r.setAdditionalProperty("spec", spec);
    return r;
  }

  static Map<String, Object> dbSpec(int i) {
    return Map.of(
        "replicas",
        2,
        "size",
        (10 + i % 5) + "Gi",
        "storageClass",
        "replicated",
        "resourcesPreset",
        "micro",
        "postgresql",
        Map.of("parameters", Map.of("max_connections", 100 + i % 50)),
        "users",
        Map.of("app", Map.of("replication", false)),
        "databases",
        Map.of("app", Map.of("roles", Map.of("admin", List.of("app")))));
  }

  /** A Postgres-like kind: the fields, defaults and shape of Cozystack's Postgres values. */
  private static final String DB_DEFINITION =
      """
      apiVersion: cozystack.io/v1alpha1
      kind: ApplicationDefinition
      metadata: {name: footprintdb}
      spec:
        application:
          kind: FootprintDb
          plural: footprintdbs
          singular: footprintdb
          openAPISchema: |-
            {"title":"Chart Values","type":"object","properties":{
             "replicas":{"description":"Number of Postgres replicas.","type":"integer","default":2},
             "size":{"description":"Persistent Volume Claim size.","type":"string","default":"10Gi"},
             "storageClass":{"description":"StorageClass used to store the data.","type":"string","default":""},
             "external":{"description":"Enable external access from outside the cluster.","type":"boolean","default":false},
             "resourcesPreset":{"description":"Default sizing preset.","type":"string","default":"micro","enum":["nano","micro","small","medium","large","xlarge","2xlarge"]},
             "postgresql":{"type":"object","default":{},"properties":{"parameters":{"type":"object","default":{},"properties":{"max_connections":{"type":"integer","default":100}}}}},
             "quorum":{"type":"object","default":{},"properties":{"minSyncReplicas":{"type":"integer","default":0},"maxSyncReplicas":{"type":"integer","default":0}}},
             "users":{"type":"object","default":{},"additionalProperties":{"type":"object","properties":{"password":{"type":"string"},"replication":{"type":"boolean"}}}},
             "databases":{"type":"object","default":{},"additionalProperties":{"type":"object","properties":{"roles":{"type":"object","properties":{"admin":{"type":"array","items":{"type":"string"}},"readonly":{"type":"array","items":{"type":"string"}}}},"extensions":{"type":"array","items":{"type":"string"}}}}},
             "backup":{"type":"object","default":{},"properties":{"enabled":{"type":"boolean","default":false},"schedule":{"type":"string","default":"0 2 * * * *"},"retentionPolicy":{"type":"string","default":"30d"},"destinationPath":{"type":"string","default":"s3://bucket/path/to/folder/"},"endpointURL":{"type":"string","default":"http://minio-gateway-service:9000"}}}}}
        release:
          prefix: fdb-
          labels: {sharding.fluxcd.io/key: tenants}
          chartRef: {kind: ExternalArtifact, name: cozystack-footprintdb-application-default-footprintdb, namespace: cozy-system}
      """;

  /** One line: what the workload holds. */
  String describe() {
    int packageReleases = releases() - tenants - instances;
    return "%d Packages (%d HelmReleases), %d tenants, %d instances: %d HelmReleases"
        .formatted(packages, packageReleases, tenants, instances, releases());
  }
}
