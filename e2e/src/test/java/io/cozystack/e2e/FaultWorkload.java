package io.cozystack.e2e;

import io.cozystack.api.v1alpha1.Package;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.TreeMap;

/**
 * The fault suite's workload: {@link FootprintWorkload}'s Packages, tenants and instances, and
 * seeded random changes to them (so a run can be replayed from its seed): instances created,
 * deleted and resized, an instance or a leaf Package created and deleted a moment later, a leaf
 * Package deleted or added back, a system Package switching variant (which removes or adds
 * releases), a tenant's values changed, the cluster's root host or values transport changed. Every
 * change is a write the operator has to follow with its own writes.
 */
final class FaultWorkload {
  /** Packages from this index on are leaves: no other Package depends on them. */
  private static final int FIRST_LEAF = 10;

  final FootprintWorkload base;
  private final KubernetesClient client;
  private final Random random;
  private final Map<String, Integer> applied = new TreeMap<>();
  private int nextInstance;
  private int hostChanges;
  private String host = "example.org";
  private boolean secretTransport;

  FaultWorkload(KubernetesClient client, int packages, int tenants, int instances, long seed) {
    if (packages <= FIRST_LEAF) {
      throw new IllegalArgumentException("more than " + FIRST_LEAF + " Packages, for leaves");
    }
    this.client = client;
    this.base = new FootprintWorkload(client, packages, tenants, instances);
    this.random = new Random(seed);
    this.nextInstance = instances;
  }

  /** What each kind of change was applied, how often. */
  Map<String, Integer> applied() {
    return applied;
  }

  int changes() {
    return applied.values().stream().mapToInt(Integer::intValue).sum();
  }

  /** One random change; returns what it did. */
  String change() {
    int pick = random.nextInt(100);
    String done;
    if (pick < 16) {
      done = createInstance();
    } else if (pick < 30) {
      done = deleteInstance();
    } else if (pick < 46) {
      done = resizeInstance();
    } else if (pick < 54) {
      done = flashInstance();
    } else if (pick < 62) {
      done = toggleLeafPackage();
    } else if (pick < 68) {
      done = flashPackage();
    } else if (pick < 80) {
      done = switchVariant();
    } else {
      done = pick < 90 ? changeTenant() : changeValues();
    }
    applied.merge(done.substring(0, done.indexOf(' ')), 1, Integer::sum);
    return done;
  }

  /** The cluster values back at the suite's usual ones. */
  void restoreValues() {
    PlatformValues.ensure(client);
    secretTransport = false;
    host = "example.org";
  }

  private String createInstance() {
    int i = nextInstance++;
    base.applyInstance(i, FootprintWorkload.dbSpec(i));
    return "create-instance db" + i;
  }

  /**
   * An instance created and deleted a moment later: its release may be written after the delete, or
   * be on its way into the operator's cache when the finalizer runs.
   */
  private String flashInstance() {
    int i = nextInstance++;
    base.applyInstance(i, FootprintWorkload.dbSpec(i));
    long after = pause();
    base.deleteInstance(i);
    return "flash-instance db" + i + " deleted after " + after + " ms";
  }

  /** An absent leaf Package added and deleted a moment later (its releases, as the instance's). */
  private String flashPackage() {
    int i = FIRST_LEAF + random.nextInt(base.packages - FIRST_LEAF);
    if (pkg(i).isPresent()) {
      return toggleLeafPackage();
    }
    base.applyPackage(i, "default");
    long after = pause();
    base.deletePackage(i);
    return "flash-package " + FootprintWorkload.packageName(i) + " deleted after " + after + " ms";
  }

  /** Up to 400 ms. */
  private long pause() {
    long ms = random.nextInt(400);
    try {
      Thread.sleep(ms);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    return ms;
  }

  private String deleteInstance() {
    return pickInstance()
        .map(
            i -> {
              base.deleteInstance(i);
              return "delete-instance db" + i;
            })
        .orElseGet(this::createInstance);
  }

  private String resizeInstance() {
    return pickInstance()
        .map(
            i -> {
              Map<String, Object> spec = new HashMap<>(FootprintWorkload.dbSpec(i));
              spec.put("size", (1 + random.nextInt(64)) + "Gi");
              base.applyInstance(i, spec);
              return "resize-instance db" + i + " to " + spec.get("size");
            })
        .orElseGet(this::createInstance);
  }

  /** Deletes a leaf Package, or applies it again once its deletion finished. */
  private String toggleLeafPackage() {
    int i = FIRST_LEAF + random.nextInt(base.packages - FIRST_LEAF);
    Optional<Package> pkg = pkg(i);
    if (pkg.isEmpty()) {
      base.applyPackage(i, "default");
      return "add-package " + FootprintWorkload.packageName(i);
    }
    if (pkg.get().getMetadata().getDeletionTimestamp() == null) {
      base.deletePackage(i);
      return "delete-package " + FootprintWorkload.packageName(i);
    }
    return resizeInstance();
  }

  /** A system leaf Package between its variants: "hosted" has only the first of its releases. */
  private String switchVariant() {
    List<Integer> system =
        java.util.stream.IntStream.range(FIRST_LEAF, base.packages)
            .filter(i -> !FootprintWorkload.isApplication(i))
            .boxed()
            .toList();
    int i = system.get(random.nextInt(system.size()));
    Optional<Package> pkg = pkg(i).filter(p -> p.getMetadata().getDeletionTimestamp() == null);
    if (pkg.isEmpty()) {
      return toggleLeafPackage();
    }
    String variant = "hosted".equals(pkg.get().getSpec().variant()) ? "default" : "hosted";
    base.applyPackage(i, variant);
    return "switch-variant " + FootprintWorkload.packageName(i) + " to " + variant;
  }

  /** A tenant running its own etcd, or not: its namespace's values change. */
  private String changeTenant() {
    int t = random.nextInt(base.tenants);
    boolean etcd = random.nextBoolean();
    base.applyTenant(t, Map.of("etcd", etcd));
    return "change-tenant t" + t + " etcd=" + etcd;
  }

  /** The root host (every namespace's values), now and then the transport (every release). */
  private String changeValues() {
    if (random.nextInt(3) == 0) {
      secretTransport = !secretTransport;
    }
    host = "r" + ++hostChanges + ".example.org";
    return "change-values " + applyValues();
  }

  /** The other values transport: every release that reads values is written again. */
  String flipTransport() {
    secretTransport = !secretTransport;
    return "flip-transport " + applyValues();
  }

  /** The values transport as at the start (ConfigMap), the root host as it is. */
  String configMapTransport() {
    secretTransport = false;
    return "configmap-transport " + applyValues();
  }

  private String applyValues() {
    String transport = secretTransport ? "Secret" : "ConfigMap";
    PlatformValues.apply(client, "{rootHost: " + host + ", transport: " + transport + "}");
    return "rootHost=" + host + " transport=" + transport;
  }

  /** A live (not terminating) instance's index, chosen at random. */
  private Optional<Integer> pickInstance() {
    List<Integer> live =
        client
            .genericKubernetesResources(FootprintWorkload.APPS, FootprintWorkload.DB_KIND)
            .inAnyNamespace()
            .list()
            .getItems()
            .stream()
            .filter(r -> r.getMetadata().getDeletionTimestamp() == null)
            .map(GenericKubernetesResource::getMetadata)
            .map(m -> Integer.parseInt(m.getName().substring(2)))
            .sorted()
            .toList();
    return live.isEmpty() ? Optional.empty() : Optional.of(live.get(random.nextInt(live.size())));
  }

  private Optional<Package> pkg(int i) {
    return Optional.ofNullable(
        client.resources(Package.class).withName(FootprintWorkload.packageName(i)).get());
  }
}
