package io.cozystack.contracts.driver;

import io.cozystack.api.backups.driver.DriverRegistrationSpec.StrategyKind;
import io.cozystack.api.backups.v1alpha1.BackupClass;
import io.cozystack.api.meta.TypedLocalObjectReference;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.informers.ResourceEventHandler;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The strategy objects of the driver's claimed kinds (cluster-scoped, cached by informers whose
 * changes wake the driver's waiting jobs), and the rules for an application a job names.
 */
final class StrategyLookup implements AutoCloseable {
  /** How long a job waits for its strategy object before failing (as in Cozystack). */
  static final Duration STRATEGY_DEADLINE = Duration.ofMinutes(30);

  private final KubernetesClient client;
  private final List<StrategyKind> kinds;
  private final List<SharedIndexInformer<GenericKubernetesResource>> informers = new ArrayList<>();
  private SharedIndexInformer<BackupClass> backupClasses;

  StrategyLookup(KubernetesClient client, List<StrategyKind> kinds) {
    this.client = client;
    this.kinds = kinds;
  }

  /**
   * Starts one informer per claimed kind (failing, naming the kind, if its CRD is not served) and
   * one on BackupClasses, which every backup reads twice.
   */
  void start(Runnable onChange) {
    backupClasses = client.resources(BackupClass.class).inform();
    for (StrategyKind kind : kinds) {
      try {
        informers.add(
            client
                .genericKubernetesResources(kind.apiGroup() + "/v1alpha1", kind.kind())
                .inform(wakeOn(onChange), 0));
      } catch (RuntimeException e) {
        throw new IllegalStateException(
            "strategy kind "
                + kind.apiGroup()
                + "/"
                + kind.kind()
                + " is not served; install its CRD with the driver's catalog ("
                + e.getMessage()
                + ")",
            e);
      }
    }
  }

  /** A BackupClass by name, from the cache. */
  Optional<BackupClass> backupClass(String name) {
    return Optional.ofNullable(backupClasses.getStore().getByKey(name));
  }

  boolean claims(TypedLocalObjectReference ref) {
    return ref != null
        && kinds.stream()
            .anyMatch(k -> k.apiGroup().equals(ref.apiGroup()) && k.kind().equals(ref.kind()));
  }

  Optional<GenericKubernetesResource> strategy(TypedLocalObjectReference ref) {
    for (int i = 0; i < kinds.size(); i++) {
      StrategyKind k = kinds.get(i);
      if (k.apiGroup().equals(ref.apiGroup()) && k.kind().equals(ref.kind())) {
        return Optional.ofNullable(informers.get(i).getStore().getByKey(ref.name()));
      }
    }
    return Optional.empty();
  }

  /** A missing strategy: wait (it may be installed with the catalog) until the deadline. */
  static Progress missing(TypedLocalObjectReference ref, Instant startedAt, Instant now) {
    String what = ref.kind() + " strategy " + ref.name();
    if (Duration.between(startedAt, now).compareTo(STRATEGY_DEADLINE) >= 0) {
      return Progress.failed(
          "StrategyNotReady",
          what + " was not created within " + STRATEGY_DEADLINE.toMinutes() + "m; create it");
    }
    return Progress.working("StrategyNotReady", what + " not found; waiting for it to be created")
        .recheckAfter(STRATEGY_DEADLINE.minus(Duration.between(startedAt, now)));
  }

  /** The live application, if it exists (apps are served at version v1alpha1). */
  Optional<GenericKubernetesResource> application(String namespace, TypedLocalObjectReference app) {
    return Optional.ofNullable(
        client
            .genericKubernetesResources(BackupClassRoute.group(app) + "/v1alpha1", app.kind())
            .inNamespace(namespace)
            .withName(app.name())
            .get());
  }

  private static ResourceEventHandler<GenericKubernetesResource> wakeOn(Runnable onChange) {
    return new ResourceEventHandler<>() {
      @Override
      public void onAdd(GenericKubernetesResource obj) {
        onChange.run();
      }

      @Override
      public void onUpdate(GenericKubernetesResource oldObj, GenericKubernetesResource newObj) {
        onChange.run();
      }

      @Override
      public void onDelete(GenericKubernetesResource obj, boolean deletedFinalStateUnknown) {}
    };
  }

  @Override
  public void close() {
    informers.forEach(SharedIndexInformer::close);
    if (backupClasses != null) {
      backupClasses.close();
    }
  }
}
