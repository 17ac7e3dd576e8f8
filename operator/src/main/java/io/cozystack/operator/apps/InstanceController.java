package io.cozystack.operator.apps;

import com.fasterxml.jackson.databind.JsonNode;
import io.cozystack.api.meta.Condition;
import io.cozystack.api.meta.ConditionStatus;
import io.cozystack.api.v1alpha1.ApplicationDefinition;
import io.cozystack.api.v1alpha1.AppsApi;
import io.cozystack.api.v1alpha1.PackageStatus.ComponentState;
import io.cozystack.api.v1alpha1.ValuesTransport;
import io.cozystack.contracts.definition.ReservedKeys;
import io.cozystack.contracts.driver.WorkLoop;
import io.cozystack.operator.ReconcileErrors;
import io.cozystack.operator.computeplane.PlaneState;
import io.cozystack.operator.flux.HelmRelease;
import io.cozystack.operator.packages.CatalogTrust;
import io.cozystack.operator.packages.Ownership;
import io.cozystack.operator.packages.ReleaseSettings;
import io.cozystack.operator.packages.ReleaseState;
import io.cozystack.operator.packages.ReleaseWriter;
import io.cozystack.operator.status.Conditions;
import io.cozystack.operator.status.EventRecorder;
import io.cozystack.operator.values.ValuesBoard;
import io.cozystack.operator.values.ValuesCheck;
import io.cozystack.operator.values.ValuesTransports;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.informers.ResourceEventHandler;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;
import io.fabric8.kubernetes.client.informers.cache.Cache;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.MDC;

/**
 * Reconciles the instances of one served application kind: each renders its HelmRelease behind the
 * ownership guard, mirrors the release's readiness into its status, and removes the release when it
 * is deleted (finalizer). Started and stopped at runtime as definitions come and go.
 */
final class InstanceController implements AutoCloseable {
  static final String FIELD_MANAGER = "cozystack-application-controller";

  /** Condition type and event reason: the spec holds reserved keys the release does not get. */
  static final String RESERVED_KEYS_DROPPED = "ReservedKeysDropped";

  private static final Logger LOG = LoggerFactory.getLogger(InstanceController.class);
  private static final Duration SCHEMA_SETTLE = Duration.ofSeconds(5);

  private final KubernetesClient client;
  private final AtomicReference<ApplicationDefinition> definition;
  private final AtomicReference<JsonNode> valuesSchema;
  private final ReleaseSettings settings;
  private final Function<String, Optional<HelmRelease>> releases;
  private final Clock clock;
  private final WorkLoop<String> queue;
  private volatile SharedIndexInformer<GenericKubernetesResource> instances;
  private final KindMetrics metrics;
  private final InstanceEvents events;
  private final ValuesBoard values;
  private final AtomicReference<Optional<CatalogTrust.Verdict>> catalog;
  private final PlacementGate placement;

  InstanceController(
      KubernetesClient client,
      ApplicationDefinition definition,
      JsonNode valuesSchema,
      ReleaseSettings settings,
      Function<String, Optional<HelmRelease>> releases,
      ValuesBoard values,
      PlacementGate placement,
      Clock clock,
      MeterRegistry registry) {
    this.values = values;
    this.placement = placement;
    this.client = client;
    this.definition = new AtomicReference<>(definition);
    this.valuesSchema = new AtomicReference<>(valuesSchema);
    this.catalog =
        new AtomicReference<>(DefinitionCatalog.of(definition, client, settings.trust()));
    this.settings = settings;
    this.releases = releases;
    this.clock = clock;
    this.metrics = new KindMetrics(registry, kind());
    this.events = new InstanceEvents(new EventRecorder(client, clock));
    // One worker: an instance's reconciles and the kind's relist never run beside each other.
    this.queue = new WorkLoop<>("apps-" + kind(), 1, this::reconcileTimed, this::failed);
    this.instances = inform();
    startAndWait(instances);
    values.onTransportChange(() -> instances.getStore().listKeys().forEach(queue::enqueue));
    metrics.instances(() -> instances.getStore().list().size());
    LOG.info("Serving application kind {} ({})", kind(), AppsApi.API_VERSION);
  }

  String kind() {
    return definition.get().getSpec().application().kind();
  }

  /**
   * A changed definition re-renders every instance at once (rendering applies the new schema's
   * defaults itself), and again from a fresh list once the API server serves the new schema: until
   * it swaps the kind's storage, its watch still prunes objects with the old schema, so a copy
   * cached in that window may lack fields the new schema allows.
   */
  void update(ApplicationDefinition changed, JsonNode changedSchema) {
    valuesSchema.set(changedSchema);
    catalog.set(DefinitionCatalog.of(changed, client, settings.trust()));
    definition.set(changed);
    instances.getStore().listKeys().forEach(queue::enqueue);
    queue.later(this::relist, SCHEMA_SETTLE);
  }

  private void relist() {
    SharedIndexInformer<GenericKubernetesResource> old = instances;
    instances = inform();
    startAndWait(instances);
    old.close();
    instances.getStore().listKeys().forEach(queue::enqueue);
  }

  /**
   * A started informer of the kind's instances. It is assigned before it starts, so an event for an
   * instance that already exists never reaches a reconcile that cannot see the informer.
   */
  private SharedIndexInformer<GenericKubernetesResource> inform() {
    SharedIndexInformer<GenericKubernetesResource> informer =
        client
            .genericKubernetesResources(AppsApi.API_VERSION, kind())
            .inAnyNamespace()
            .runnableInformer(0);
    informer.addEventHandler(new Enqueuer());
    return informer;
  }

  private void startAndWait(SharedIndexInformer<GenericKubernetesResource> informer) {
    informer.run();
  }

  void enqueue(String namespace, String name) {
    queue.enqueue(namespace + "/" + name);
  }

  int instanceCount() {
    return instances.getStore().list().size();
  }

  /** Reconciles with the instance in the logging context, as the framework does for its kinds. */
  private Optional<Duration> reconcileTimed(String key) {
    metrics.timed(() -> reconcileLogged(key));
    return Optional.empty();
  }

  private void reconcileLogged(String key) {
    int slash = key.indexOf('/');
    MDC.put("resource.kind", kind());
    MDC.put("resource.namespace", key.substring(0, slash));
    MDC.put("resource.name", key.substring(slash + 1));
    try {
      reconcile(key);
    } finally {
      MDC.remove("resource.kind");
      MDC.remove("resource.namespace");
      MDC.remove("resource.name");
    }
  }

  private void reconcile(String key) {
    GenericKubernetesResource cached = instances.getStore().getByKey(key);
    if (cached == null) {
      return;
    }
    if (cached.getMetadata().getDeletionTimestamp() != null) {
      removeReleaseAndLetGo(cached);
      return;
    }
    GenericKubernetesResource instance =
        InstanceFinalizer.has(cached) ? cached : InstanceFinalizer.add(client, cached);
    events.announceReservedKeys(instance);
    ApplicationDefinition ad = definition.get();
    ValuesTransport platform = values.transport().orElse(null);
    ValuesTransport transport = ValuesTransports.of(ad.getMetadata(), platform);
    Optional<List<Condition>> waiting =
        valuesBlock(instance, key, transport, platform)
            .or(() -> placementBlock(ad, instance, key, transport));
    if (waiting.isPresent()) {
      InstanceStatus.write(
          client, instance, InstanceStatus.of(instance, null, null, waiting.get(), transport));
      return;
    }
    HelmRelease desired =
        ApplicationReleaseRenderer.render(ad, valuesSchema.get(), instance, settings, transport);
    // A ComputePlane-placed release is applied in the tenant's own cluster with its kubeconfig; the
    // catalog's ServiceAccount bounds what it may do on the management cluster, where it does
    // nothing.
    catalog
        .get()
        .filter(c -> desired.getSpec().kubeConfig() == null)
        .ifPresent(c -> desired.setSpec(desired.getSpec().boundTo(c.serviceAccount(), null)));
    String releaseKey =
        desired.getMetadata().getNamespace() + "/" + desired.getMetadata().getName();
    // The shared informer sees only application releases; one it does not see may still exist
    // (created by someone else), so a miss is confirmed with the API server before creating.
    Optional<HelmRelease> existing =
        releases
            .apply(releaseKey)
            .or(
                () ->
                    Optional.ofNullable(
                        client
                            .resources(HelmRelease.class)
                            .inNamespace(desired.getMetadata().getNamespace())
                            .withName(desired.getMetadata().getName())
                            .get()));
    Map<String, Object> status;
    Optional<String> holder = existing.flatMap(r -> Ownership.foreignHolder(r, instance));
    if (holder.isPresent()) {
      status =
          InstanceStatus.of(
              instance, releaseKey, null, conflict(instance, releaseKey, holder.get()), transport);
      events.announce(
          instance,
          metrics.state(key, ComponentState.CONFLICT),
          ComponentState.CONFLICT,
          holder.get());
    } else {
      HelmRelease actual =
          existing.isPresent() && ReleaseWriter.upToDate(existing.get(), desired)
              ? existing.get()
              : client
                  .resource(DefinitionCatalog.bind(desired, catalog.get(), client))
                  .fieldManager(FIELD_MANAGER)
                  .forceConflicts()
                  .serverSideApply();
      status =
          InstanceStatus.of(instance, releaseKey, actual, readiness(instance, actual), transport);
    }
    InstanceStatus.write(client, instance, status);
  }

  /**
   * A failed reconcile, shown on the instance while the queue retries it: Ready=False {@value
   * ReconcileErrors#RECONCILE_ERROR} with the attempt and the API server's message, and a Warning
   * event at the first failure of a streak.
   */
  private void failed(String key, int attempt, Exception e) {
    GenericKubernetesResource instance = instances.getStore().getByKey(key);
    if (instance == null || instance.getMetadata().getDeletionTimestamp() != null) {
      return;
    }
    String message = ReconcileErrors.retrying(attempt, e);
    if (attempt == 1) {
      events.warnOnce(instance, ReconcileErrors.RECONCILE_ERROR, message);
    }
    List<Condition> conditions =
        conditions(instance).waiting(ReconcileErrors.RECONCILE_ERROR, message).build();
    InstanceStatus.write(client, instance, InstanceStatus.failed(instance, conditions));
  }

  /**
   * Conditions that keep the release from being written: the namespace does not carry current
   * values yet, or a value the definition requires is missing or empty. The instance is woken when
   * its namespace's values change.
   */
  private Optional<List<Condition>> valuesBlock(
      GenericKubernetesResource instance,
      String key,
      ValuesTransport transport,
      ValuesTransport platform) {
    String namespace = instance.getMetadata().getNamespace();
    ValuesCheck check =
        values.checkInstance(
            namespace,
            definition.get().getSpec().release().requiredValues(),
            transport,
            platform,
            () -> queue.enqueue(key));
    if (check.ready()) {
      return Optional.empty();
    }
    Conditions conditions = conditions(instance);
    if (check.state() == ValuesCheck.State.MISSING) {
      events.announce(
          instance,
          metrics.state(key, ComponentState.VALUES_MISSING),
          ComponentState.VALUES_MISSING,
          check.message());
      return Optional.of(conditions.stalled("ValuesMissing", check.message()).build());
    }
    metrics.state(key, ComponentState.WAITING_FOR_VALUES);
    return Optional.of(conditions.waiting("WaitingForValues", check.message()).build());
  }

  /**
   * Conditions that keep a ComputePlane-placed release from being written (an existing one is left
   * as it is): the tenant has no ComputePlane, or its cluster does not answer.
   */
  private Optional<List<Condition>> placementBlock(
      ApplicationDefinition ad,
      GenericKubernetesResource instance,
      String key,
      ValuesTransport transport) {
    return placement
        .check(ad, instance.getMetadata().getNamespace(), key, transport, () -> queue.enqueue(key))
        .map(
            held -> {
              metrics.state(
                  key, held.stalled() ? ComponentState.FAILED : ComponentState.PROGRESSING);
              events.warnOnce(instance, held.reason(), held.message());
              Conditions conditions = conditions(instance);
              return (held.stalled()
                      ? conditions.stalled(held.reason(), held.message())
                      : conditions.waiting(held.reason(), held.message()))
                  .build();
            });
  }

  private List<Condition> conflict(
      GenericKubernetesResource instance, String release, String holder) {
    return conditions(instance)
        .stalled(
            "OwnershipConflict",
            "HelmRelease "
                + release
                + " exists and is controlled by "
                + holder
                + "; it is left untouched. Remove it or choose another name.")
        .build();
  }

  private List<Condition> readiness(GenericKubernetesResource instance, HelmRelease release) {
    ReleaseState state = ReleaseState.of(release);
    String key = Cache.metaNamespaceKeyFunc(instance);
    Optional<PlaneState> cluster =
        state.state() == ComponentState.READY
            ? placement
                .ownCluster(
                    definition.get(),
                    instance.getMetadata().getNamespace(),
                    key,
                    () -> queue.enqueue(key))
                .filter(plane -> !plane.ready())
            : Optional.empty();
    if (cluster.isPresent()) {
      metrics.state(key, ComponentState.PROGRESSING);
      events.warnOnce(instance, cluster.get().reason(), cluster.get().message());
      // Not Reconciling: installed as asked. The Tenant release that rendered this ComputePlane
      // reads that as current (its definition's health check), so it does not wait (and time
      // out) on a cluster that takes long to provision.
      return conditions(instance).notReady(cluster.get().reason(), cluster.get().message()).build();
    }
    events.announce(
        instance,
        metrics.state(Cache.metaNamespaceKeyFunc(instance), state.state()),
        state.state(),
        state.message());
    Conditions conditions = conditions(instance);
    switch (state.state()) {
      case READY -> conditions.ready("ReleaseReady", state.message());
      case FAILED -> conditions.stalled(state.reason(), state.message());
      case RETRYING -> conditions.waiting(state.reason(), state.message());
      default -> conditions.progressing("Progressing", state.message());
    }
    return conditions.build();
  }

  /**
   * Starts the instance's conditions; every status carries {@value #RESERVED_KEYS_DROPPED} while
   * the spec holds reserved keys, whatever else it says.
   */
  private Conditions conditions(GenericKubernetesResource instance) {
    long generation = Optional.ofNullable(instance.getMetadata().getGeneration()).orElse(0L);
    Conditions conditions =
        Conditions.from(StatusCodec.conditions(instance), generation, clock.instant());
    List<String> dropped = ReservedKeys.of(instance);
    if (!dropped.isEmpty()) {
      conditions.set(
          RESERVED_KEYS_DROPPED,
          ConditionStatus.TRUE,
          RESERVED_KEYS_DROPPED,
          ReservedKeys.droppedMessage(dropped));
    }
    return conditions;
  }

  /** Deletes the release this instance controls, then lets the instance go. */
  private void removeReleaseAndLetGo(GenericKubernetesResource instance) {
    metrics.forget(Cache.metaNamespaceKeyFunc(instance));
    if (InstanceFinalizer.has(instance)) {
      String release =
          instance.getMetadata().getNamespace()
              + "/"
              + ApplicationReleaseRenderer.releaseName(
                  definition.get(), instance.getMetadata().getName());
      releases
          .apply(release)
          .filter(r -> Ownership.isControlledBy(r, instance))
          .ifPresent(
              r -> {
                LOG.info(
                    "Deleting HelmRelease {} of deleted {} {}",
                    release,
                    kind(),
                    Cache.metaNamespaceKeyFunc(instance));
                client.resource(r).delete();
              });
      InstanceFinalizer.remove(client, instance);
    }
  }

  @Override
  public void close() {
    instances.close();
    queue.close();
    metrics.close();
    LOG.info("Stopped serving application kind {}", kind());
  }

  private final class Enqueuer implements ResourceEventHandler<GenericKubernetesResource> {
    @Override
    public void onAdd(GenericKubernetesResource r) {
      queue.enqueue(Cache.metaNamespaceKeyFunc(r));
    }

    @Override
    public void onUpdate(GenericKubernetesResource old, GenericKubernetesResource r) {
      queue.enqueue(Cache.metaNamespaceKeyFunc(r));
    }

    @Override
    public void onDelete(GenericKubernetesResource r, boolean unknownFinalState) {
      // The finalizer already removed its release.
    }
  }
}
