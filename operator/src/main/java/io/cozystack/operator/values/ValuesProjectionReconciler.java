package io.cozystack.operator.values;

import io.cozystack.api.v1alpha1.ClusterValues;
import io.cozystack.api.v1alpha1.ClusterValuesSpec;
import io.cozystack.api.v1alpha1.ClusterValuesStatus;
import io.cozystack.api.v1alpha1.ValuesTransport;
import io.cozystack.api.values.ValuesKeys;
import io.cozystack.operator.ReconcileErrors;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Namespace;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.javaoperatorsdk.operator.api.config.informer.InformerEventSourceConfiguration;
import io.javaoperatorsdk.operator.api.reconciler.Context;
import io.javaoperatorsdk.operator.api.reconciler.ErrorStatusUpdateControl;
import io.javaoperatorsdk.operator.api.reconciler.EventSourceContext;
import io.javaoperatorsdk.operator.api.reconciler.Reconciler;
import io.javaoperatorsdk.operator.api.reconciler.UpdateControl;
import io.javaoperatorsdk.operator.processing.event.ResourceID;
import io.javaoperatorsdk.operator.processing.event.source.EventSource;
import io.javaoperatorsdk.operator.processing.event.source.informer.InformerEventSource;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * ClusterValues → {@code cozystack-values} in every tenant and system namespace: the one writer of
 * the K2 values. Each reconcile derives every namespace's document from the cluster values and the
 * tenant tree, writes only the namespaces whose object differs (so a change costs each namespace at
 * most one write per object, and a hand edit or deletion is undone), tells consumers what each
 * namespace carries, and reports the namespaces that lag.
 */
public final class ValuesProjectionReconciler implements Reconciler<ClusterValues>, AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(ValuesProjectionReconciler.class);
  private static final Duration RETRY_LAGGING = Duration.ofSeconds(15);
  private static final Set<ResourceID> THE_ONE = Set.of(new ResourceID(ClusterValues.NAME));

  private final ValuesBoard board;
  private final Clock clock;
  private final ExecutorService writers = writers();
  private InformerEventSource<Namespace, ClusterValues> namespaces;
  private InformerEventSource<ConfigMap, ClusterValues> configMaps;
  private InformerEventSource<Secret, ClusterValues> secrets;
  private TenantSource tenants;

  /** Eight writers at most, each ending after a minute without work. */
  private static ExecutorService writers() {
    ThreadPoolExecutor pool =
        new ThreadPoolExecutor(
            8,
            8,
            1,
            TimeUnit.MINUTES,
            new LinkedBlockingQueue<>(),
            r -> {
              Thread t = new Thread(r, "values-writer");
              t.setDaemon(true);
              return t;
            });
    pool.allowCoreThreadTimeOut(true);
    return pool;
  }

  public ValuesProjectionReconciler(ValuesBoard board, Clock clock) {
    this.board = board;
    this.clock = clock;
  }

  @Override
  public List<EventSource<?, ClusterValues>> prepareEventSources(
      EventSourceContext<ClusterValues> context) {
    namespaces = informer(context, Namespace.class, "namespaces", null);
    configMaps =
        informer(
            context,
            ConfigMap.class,
            "values-configmaps",
            ProjectionWriter.PROJECTED_LABEL + "=true");
    secrets =
        informer(
            context, Secret.class, "values-secrets", ProjectionWriter.PROJECTED_LABEL + "=true");
    tenants = new TenantSource(context.getClient());
    return List.of(namespaces, configMaps, secrets, tenants);
  }

  private static <R extends HasMetadata> InformerEventSource<R, ClusterValues> informer(
      EventSourceContext<ClusterValues> context, Class<R> type, String name, String selector) {
    var config =
        InformerEventSourceConfiguration.from(type, ClusterValues.class)
            .withName(name)
            .withWatchAllNamespaces()
            .withSecondaryToPrimaryMapper((R any) -> THE_ONE);
    if (selector != null) {
      config.withLabelSelector(selector);
    }
    return new InformerEventSource<>(config.build(), context);
  }

  @Override
  public UpdateControl<ClusterValues> reconcile(ClusterValues values, Context<ClusterValues> ctx) {
    ClusterValuesSpec spec = values.getSpec();
    long generation = Optional.ofNullable(values.getMetadata().getGeneration()).orElse(0L);
    ProjectionPlan.Plan plan =
        ProjectionPlan.plan(
            spec, kubeRootCa(ctx.getClient()), namespaces.list().toList(), tenants.tenants());
    List<ProjectionWriter.Outcome> outcomes =
        write(ctx.getClient(), plan, spec.transport() == ValuesTransport.Secret, generation);
    withdraw(ctx.getClient(), plan);
    publish(plan, outcomes, spec.transport());
    ClusterValuesStatus status =
        ProjectionStatusBuilder.build(values, plan, outcomes, clock.instant());
    UpdateControl<ClusterValues> update;
    if (status.equals(values.getStatus())) {
      update = UpdateControl.noUpdate();
    } else {
      values.setStatus(status);
      update = UpdateControl.patchStatus(values);
    }
    return status.projected() < status.total() ? update.rescheduleAfter(RETRY_LAGGING) : update;
  }

  /** A projection that failed as a whole (the API server away): shown, and retried with backoff. */
  @Override
  public ErrorStatusUpdateControl<ClusterValues> updateErrorStatus(
      ClusterValues values, Context<ClusterValues> ctx, Exception e) {
    ReconcileErrors.announce(ctx, values, e);
    long generation = Optional.ofNullable(values.getMetadata().getGeneration()).orElse(0L);
    ClusterValuesStatus previous = values.getStatus();
    values.setStatus(
        new ClusterValuesStatus(
            generation,
            ReconcileErrors.conditions(
                previous == null ? null : previous.conditions(),
                generation,
                clock.instant(),
                ctx,
                e),
            previous == null ? null : previous.projected(),
            previous == null ? null : previous.total(),
            previous == null ? null : previous.namespaces()));
    return ErrorStatusUpdateControl.patchStatus(values);
  }

  private List<ProjectionWriter.Outcome> write(
      KubernetesClient client, ProjectionPlan.Plan plan, boolean secretWanted, long generation) {
    ProjectionWriter writer = new ProjectionWriter(client);
    List<Future<ProjectionWriter.Outcome>> pending = new ArrayList<>();
    for (ProjectionPlan.Target target : plan.targets().values()) {
      ConfigMap cm = cached(configMaps, target.namespace());
      Secret secret = cached(secrets, target.namespace());
      pending.add(writers.submit(() -> writer.write(target, cm, secret, secretWanted, generation)));
    }
    List<ProjectionWriter.Outcome> outcomes = new ArrayList<>();
    int writes = 0;
    for (Future<ProjectionWriter.Outcome> f : pending) {
      try {
        ProjectionWriter.Outcome outcome = f.get();
        writes += outcome.writes();
        outcomes.add(outcome);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("interrupted while projecting values", e);
      } catch (ExecutionException e) {
        throw new IllegalStateException(e.getCause());
      }
    }
    if (writes > 0) {
      LOG.info(
          "Projected cozystack-values: {} write(s) over {} namespace(s)", writes, outcomes.size());
    }
    return outcomes;
  }

  /** Deletes our values where a namespace stopped being a system namespace. */
  private void withdraw(KubernetesClient client, ProjectionPlan.Plan plan) {
    configMaps.list().forEach(cm -> withdraw(client, plan, cm, ProjectionWriter.configMapText(cm)));
    secrets.list().forEach(s -> withdraw(client, plan, s, ProjectionWriter.secretText(s)));
  }

  private void withdraw(
      KubernetesClient client, ProjectionPlan.Plan plan, HasMetadata values, String text) {
    if (withdrawable(values, plan, text)) {
      LOG.info(
          "Namespace {} is no longer a system namespace: removing its cozystack-values {}",
          values.getMetadata().getNamespace(),
          values.getKind());
      client.resource(values).delete();
      board.forget(values.getMetadata().getNamespace());
    }
  }

  private boolean withdrawable(HasMetadata object, ProjectionPlan.Plan plan, String text) {
    String ns = object.getMetadata().getNamespace();
    boolean live =
        namespaces
            .get(new ResourceID(ns))
            .filter(n -> n.getMetadata().getDeletionTimestamp() == null)
            .isPresent();
    return live
        && ValuesKeys.OBJECT_NAME.equals(object.getMetadata().getName())
        && ProjectionWriter.isOurs(object)
        && ProjectionPlan.withdrawn(plan, ns, text);
  }

  private static <R extends HasMetadata> R cached(
      InformerEventSource<R, ClusterValues> source, String namespace) {
    return source.get(new ResourceID(ValuesKeys.OBJECT_NAME, namespace)).orElse(null);
  }

  /** Tells consumers what each namespace carries now. */
  private void publish(
      ProjectionPlan.Plan plan,
      List<ProjectionWriter.Outcome> outcomes,
      ValuesTransport transport) {
    for (ProjectionWriter.Outcome outcome : outcomes) {
      String ns = outcome.target().namespace();
      if (outcome.configMap()) {
        board.carried(ns, outcome.target().document(), true, outcome.secret());
      } else {
        board.lagging(ns, Objects.requireNonNullElse(outcome.message(), "not projected"));
      }
    }
    plan.awaitingNamespace().forEach(board::forget);
    board.misplaced(plan.misplaced());
    board.uncovered(plan.uncovered());
    board.transport(transport);
  }

  private static String kubeRootCa(KubernetesClient client) {
    ConfigMap ca =
        client.configMaps().inNamespace("kube-system").withName("kube-root-ca.crt").get();
    String pem = ca == null || ca.getData() == null ? null : ca.getData().get("ca.crt");
    return pem == null
        ? null
        : java.util.Base64.getEncoder()
            .encodeToString(pem.getBytes(java.nio.charset.StandardCharsets.UTF_8));
  }

  @Override
  public void close() {
    writers.shutdownNow();
  }
}
