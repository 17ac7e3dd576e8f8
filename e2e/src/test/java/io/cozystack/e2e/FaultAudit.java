package io.cozystack.e2e;

import io.cozystack.api.meta.Condition;
import io.cozystack.api.meta.ConditionStatus;
import io.cozystack.api.v1alpha1.AppsApi;
import io.cozystack.api.v1alpha1.ClusterValues;
import io.cozystack.api.v1alpha1.Package;
import io.cozystack.api.v1alpha1.PackageSource;
import io.cozystack.operator.flux.ArtifactGenerator;
import io.cozystack.operator.flux.HelmRelease;
import io.cozystack.operator.flux.HelmReleaseSpec;
import io.cozystack.operator.packages.ArtifactGeneratorRenderer;
import io.cozystack.operator.packages.HelmReleaseRenderer;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.OwnerReference;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.IntStream;

/**
 * The fault workload's objects judged against what their inputs ask for, read from the cluster
 * (never from what the test meant to write, so a change the operator saw half of is judged by what
 * was stored): each HelmRelease and ArtifactGenerator the operator wrote has a live owner (no
 * orphan), each owner has exactly the releases its spec asks for (no duplicate, none missing), and
 * each release and values object carries what its inputs say (no wrong spec).
 */
final class FaultAudit {
  private static final String TENANT = "Tenant";
  private static final String PACKAGES = "cozystack.fp";
  private static final String OWN_NAMESPACES = "cozy-fp\\d+|tenant-t\\d+";

  /**
   * What one audit found, and how many objects of each kind are as they should be; clean when the
   * workload converged with nothing wrong.
   */
  record Findings(
      List<String> orphans,
      List<String> duplicates,
      List<String> wrongSpecs,
      List<String> missing,
      List<String> pending,
      Map<String, Integer> right) {
    static Findings empty() {
      return new Findings(
          new ArrayList<>(),
          new ArrayList<>(),
          new ArrayList<>(),
          new ArrayList<>(),
          new ArrayList<>(),
          new TreeMap<>());
    }

    boolean clean() {
      return orphans.isEmpty()
          && duplicates.isEmpty()
          && wrongSpecs.isEmpty()
          && missing.isEmpty()
          && pending.isEmpty();
    }

    String counts() {
      return "orphans %d, duplicates %d, wrong specs %d, missing %d, not yet converged %d"
          .formatted(
              orphans.size(), duplicates.size(), wrongSpecs.size(), missing.size(), pending.size());
    }
  }

  /** An object that owns releases: the keys (namespace/name) its spec asks for. */
  private record Owner(
      String description,
      Set<String> releases,
      boolean terminating,
      Map<?, ?> spec,
      Long generation) {}

  private final KubernetesClient client;
  private final FootprintWorkload workload;

  FaultAudit(KubernetesClient client, FootprintWorkload workload) {
    this.client = client;
    this.workload = workload;
  }

  Findings audit() {
    Findings f = Findings.empty();
    ClusterValues values = client.resources(ClusterValues.class).withName("cozystack").get();
    f.right().put("HelmReleases", auditReleases(f, owners(f), ValuesAudit.transport(values)));
    f.right().put("ArtifactGenerators", auditGenerators(f));
    f.right()
        .put("namespaces' values", new ValuesAudit(client, workload).audit(f, values, tenants()));
    return f;
  }

  /**
   * Whether the operator writes {@code object} for the workload: a release of its Packages,
   * instances or tenants (or any release in its namespaces), a generator of its sources, or values
   * in a namespace it projects to.
   */
  static boolean inScope(HasMetadata object) {
    String ns = Optional.ofNullable(object.getMetadata().getNamespace()).orElse("");
    Map<String, String> labels =
        Optional.ofNullable(object.getMetadata().getLabels()).orElse(Map.of());
    return switch (object.getKind()) {
      case "HelmRelease" ->
          ns.matches(OWN_NAMESPACES)
              || labels.getOrDefault(HelmReleaseRenderer.PACKAGE_LABEL, "").startsWith(PACKAGES)
              || FootprintWorkload.DB_KIND.equals(labels.get(AppsApi.KIND_LABEL))
              || TENANT.equals(labels.get(AppsApi.KIND_LABEL))
                  && labels.getOrDefault(AppsApi.NAME_LABEL, "").matches("t\\d+");
      case "ArtifactGenerator" ->
          labels
              .getOrDefault(ArtifactGeneratorRenderer.PACKAGE_SOURCE_LABEL, "")
              .startsWith(PACKAGES);
      default -> ns.matches(OWN_NAMESPACES) || ns.equals("tenant-root") || ns.equals("cozy-system");
    };
  }

  /** The workload's HelmReleases by namespace/name. */
  Map<String, HelmRelease> releases() {
    Map<String, HelmRelease> byKey = new TreeMap<>();
    for (HelmRelease r : client.resources(HelmRelease.class).inAnyNamespace().list().getItems()) {
      if (inScope(r)) {
        byKey.put(key(r), r);
      }
    }
    return byKey;
  }

  /**
   * What each release's spec follows from, for comparing two runs: its owner's uid and generation
   * and the values transport.
   */
  Map<String, String> releaseInputs() {
    String transport =
        ValuesAudit.transport(client.resources(ClusterValues.class).withName("cozystack").get());
    Map<String, Owner> owners = owners(Findings.empty());
    Map<String, String> inputs = new TreeMap<>();
    releases()
        .forEach(
            (key, r) ->
                controller(r)
                    .filter(ref -> owners.containsKey(ref.getUid()))
                    .ifPresent(
                        ref -> {
                          Owner owner = owners.get(ref.getUid());
                          inputs.put(
                              key, ref.getUid() + "/" + owner.generation() + "/" + transport);
                        }));
    return inputs;
  }

  private Map<String, Owner> owners(Findings f) {
    Map<String, Owner> byUid = new HashMap<>();
    for (Package pkg : packages()) {
      Set<String> wanted = packageReleases(pkg);
      byUid.put(pkg.getMetadata().getUid(), owner(f, pkg, "Package", wanted, null));
      boolean current =
          pkg.getStatus() != null
              && Objects.equals(
                  pkg.getStatus().observedGeneration(), pkg.getMetadata().getGeneration())
              && ready(pkg.getStatus().conditions());
      pendingUnless(f, current, pkg);
    }
    for (GenericKubernetesResource db : instances(FootprintWorkload.DB_KIND)) {
      byUid.put(db.getMetadata().getUid(), instanceOwner(f, db, "fdb-"));
    }
    for (GenericKubernetesResource tenant : tenants()) {
      byUid.put(tenant.getMetadata().getUid(), instanceOwner(f, tenant, "tenant-"));
    }
    return byUid;
  }

  private Owner instanceOwner(Findings f, GenericKubernetesResource instance, String prefix) {
    Map<?, ?> spec = (Map<?, ?>) instance.getAdditionalProperties().getOrDefault("spec", Map.of());
    Owner owner =
        owner(
            f,
            instance,
            instance.getKind(),
            Set.of(
                instance.getMetadata().getNamespace()
                    + "/"
                    + prefix
                    + instance.getMetadata().getName()),
            spec);
    pendingUnless(f, FootprintWorkload.readyForGeneration(instance), instance);
    return owner;
  }

  private static Owner owner(
      Findings f, HasMetadata object, String kind, Set<String> releases, Map<?, ?> spec) {
    String description = kind + " " + key(object);
    boolean terminating = object.getMetadata().getDeletionTimestamp() != null;
    if (terminating) {
      f.pending().add(description + " is still terminating");
    }
    return new Owner(
        description, releases, terminating, spec, object.getMetadata().getGeneration());
  }

  /** The releases a Package's variant asks for. */
  private static Set<String> packageReleases(Package pkg) {
    int i = Integer.parseInt(pkg.getMetadata().getName().substring("cozystack.fp".length()));
    if (FootprintWorkload.isApplication(i)) {
      return Set.of("cozy-system/fp" + i + "-rd");
    }
    boolean hosted = pkg.getSpec() != null && "hosted".equals(pkg.getSpec().variant());
    int count = hosted ? 1 : FootprintWorkload.components(i);
    Set<String> keys = new HashSet<>();
    IntStream.range(0, count).forEach(c -> keys.add("cozy-fp" + i + "/fp" + i + "-c" + c));
    return keys;
  }

  /** Classifies every release of the workload; returns how many matched an owner's wish. */
  private int auditReleases(Findings f, Map<String, Owner> owners, String transport) {
    Set<String> matched = new HashSet<>();
    for (HelmRelease release : releases().values()) {
      String key = key(release);
      Optional<OwnerReference> ref = controller(release);
      Owner owner = ref.map(r -> owners.get(r.getUid())).orElse(null);
      if (owner == null) {
        f.orphans().add("HelmRelease %s: its owner %s is gone".formatted(key, describe(ref)));
      } else if (owner.terminating()) {
        f.pending().add("HelmRelease " + key + " of terminating " + owner.description());
      } else if (!owner.releases().contains(key)) {
        f.duplicates()
            .add(
                "HelmRelease %s of %s, which asks for %s"
                    .formatted(key, owner.description(), owner.releases()));
      } else {
        matched.add(key);
        checkRelease(f, release, owner, transport);
      }
    }
    owners.values().stream()
        .filter(o -> !o.terminating())
        .forEach(
            o ->
                o.releases().stream()
                    .filter(k -> !matched.contains(k))
                    .forEach(k -> f.missing().add("HelmRelease " + k + " of " + o.description())));
    return matched.size();
  }

  /** The spec follows the owner: its values transport, and an instance's size. */
  private static void checkRelease(Findings f, HelmRelease release, Owner owner, String transport) {
    String key = key(release);
    HelmReleaseSpec spec = release.getSpec();
    if (spec.valuesFrom() != null) {
      spec.valuesFrom().stream()
          .filter(v -> "cozystack-values".equals(v.name()) && !transport.equals(v.kind()))
          .forEach(
              v ->
                  f.wrongSpecs()
                      .add(
                          "HelmRelease %s reads values from a %s, the transport is %s"
                              .formatted(key, v.kind(), transport)));
    }
    if (owner.spec() != null && owner.spec().get("size") != null) {
      String size = spec.values() == null ? null : spec.values().path("size").asText(null);
      if (!owner.spec().get("size").equals(size)) {
        f.wrongSpecs()
            .add(
                "HelmRelease %s has size %s, %s asks for %s"
                    .formatted(key, size, owner.description(), owner.spec().get("size")));
      }
    }
    FluxStatusView status = FluxStatusView.of(release);
    boolean ready =
        status.is("Ready", "True")
            && status.path("observedGeneration").asLong(-1)
                == release.getMetadata().getGeneration();
    if (!ready) {
      f.pending().add("HelmRelease " + key + " is not Ready for its generation yet");
    }
  }

  /** One ArtifactGenerator per PackageSource, owned by it. */
  private int auditGenerators(Findings f) {
    Map<String, String> sources = new HashMap<>();
    client
        .resources(PackageSource.class)
        .withLabel(FootprintWorkload.LABEL)
        .list()
        .getItems()
        .forEach(s -> sources.put(s.getMetadata().getUid(), s.getMetadata().getName()));
    Set<String> seen = new HashSet<>();
    for (ArtifactGenerator g :
        client.resources(ArtifactGenerator.class).inAnyNamespace().list().getItems()) {
      if (!inScope(g)) {
        continue;
      }
      Optional<OwnerReference> ref = controller(g);
      String source = ref.map(r -> sources.get(r.getUid())).orElse(null);
      if (source == null) {
        f.orphans()
            .add("ArtifactGenerator %s: its owner %s is gone".formatted(key(g), describe(ref)));
      } else if (!seen.add(source) || !("cozy-system/" + source).equals(key(g))) {
        f.duplicates().add("ArtifactGenerator " + key(g) + " of PackageSource " + source);
      }
    }
    sources.values().stream()
        .filter(s -> !seen.contains(s))
        .forEach(s -> f.missing().add("ArtifactGenerator cozy-system/" + s));
    return seen.size();
  }

  private List<Package> packages() {
    return client.resources(Package.class).withLabel(FootprintWorkload.LABEL).list().getItems();
  }

  private List<GenericKubernetesResource> instances(String kind) {
    return client
        .genericKubernetesResources(FootprintWorkload.APPS, kind)
        .inAnyNamespace()
        .list()
        .getItems();
  }

  /** The workload's tenants: t0, t1, ... in tenant-root. */
  List<GenericKubernetesResource> tenants() {
    return client
        .genericKubernetesResources(FootprintWorkload.APPS, TENANT)
        .inNamespace("tenant-root")
        .list()
        .getItems()
        .stream()
        .filter(t -> t.getMetadata().getName().matches("t\\d+"))
        .filter(t -> Integer.parseInt(t.getMetadata().getName().substring(1)) < workload.tenants)
        .toList();
  }

  private static void pendingUnless(Findings f, boolean current, HasMetadata object) {
    if (!current && object.getMetadata().getDeletionTimestamp() == null) {
      FluxStatusView status = FluxStatusView.of(object);
      f.pending()
          .add(
              "%s %s is not Ready for its generation %d yet (status of generation %s: Ready %s %s)"
                  .formatted(
                      object.getKind(),
                      key(object),
                      object.getMetadata().getGeneration(),
                      status.path("observedGeneration").asText("?"),
                      status.reason("Ready"),
                      status.message("Ready")));
    }
  }

  private static boolean ready(List<Condition> conditions) {
    return conditions != null
        && conditions.stream()
            .anyMatch(c -> "Ready".equals(c.type()) && c.status() == ConditionStatus.TRUE);
  }

  static Optional<OwnerReference> controller(HasMetadata object) {
    List<OwnerReference> refs = object.getMetadata().getOwnerReferences();
    return refs == null
        ? Optional.empty()
        : refs.stream().filter(r -> Boolean.TRUE.equals(r.getController())).findFirst();
  }

  private static String describe(Optional<OwnerReference> ref) {
    return ref.map(r -> r.getKind() + " " + r.getName() + " (uid " + r.getUid() + ")")
        .orElse("(none: no controller reference)");
  }

  static String key(HasMetadata object) {
    String ns = object.getMetadata().getNamespace();
    return ns == null ? object.getMetadata().getName() : ns + "/" + object.getMetadata().getName();
  }
}
