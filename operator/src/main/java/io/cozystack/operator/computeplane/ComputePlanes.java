package io.cozystack.operator.computeplane;

import io.cozystack.operator.flux.HelmRelease;
import io.cozystack.operator.packages.ReleaseState;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.informers.ResourceEventHandler;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The state of every tenant's ComputePlane cluster, kept current from its release and kubeconfig
 * Secret (informers) and a {@code /readyz} probe through that kubeconfig on its own thread, never
 * inside a reconcile. Consumers read a namespace's state and leave a wake-up that runs when it
 * changes. Informers start on first use, so a platform without ComputePlanes pays nothing.
 */
public final class ComputePlanes implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(ComputePlanes.class);

  private final KubernetesClient client;
  private final ClusterProbe probe;
  private final ComputePlaneSettings settings;
  private final Map<String, PlaneState> states = new ConcurrentHashMap<>();
  private final Map<String, Probing> probing = new ConcurrentHashMap<>();
  private final Map<String, Map<String, Runnable>> waiters = new ConcurrentHashMap<>();
  private final Object startLock = new Object();
  private volatile boolean started;
  private volatile boolean closed;
  private ScheduledExecutorService prober;
  private SharedIndexInformer<HelmRelease> releases;
  private SharedIndexInformer<Secret> kubeconfigs;

  /** What is known of one cluster's probing: for which kubeconfig, its outcome, its next probe. */
  private record Probing(
      String kubeconfigVersion, ProbeOutcome last, int failures, ScheduledFuture<?> next) {}

  public ComputePlanes(KubernetesClient client, ClusterProbe probe, ComputePlaneSettings settings) {
    this.client = client;
    this.probe = probe;
    this.settings = settings;
  }

  /**
   * The ComputePlane state of {@code namespace}; {@code wake} runs once when it next changes (one
   * wake-up per {@code waiter}, the latest kept).
   */
  public PlaneState state(String namespace, String waiter, Runnable wake) {
    start();
    waiters.computeIfAbsent(namespace, k -> new ConcurrentHashMap<>()).put(waiter, wake);
    return states.computeIfAbsent(namespace, this::assess);
  }

  /**
   * Starts the probe thread and both informers, once. Their handlers run only after both have
   * synced (before that {@link #refresh} returns), then every namespace they know is assessed.
   */
  private void start() {
    if (started) {
      return;
    }
    synchronized (startLock) {
      if (started || closed) {
        return;
      }
      prober =
          Executors.newSingleThreadScheduledExecutor(
              r -> {
                Thread t = new Thread(r, "computeplane-probe");
                t.setDaemon(true);
                return t;
              });
      releases =
          client
              .resources(HelmRelease.class)
              .inAnyNamespace()
              .withField("metadata.name", ComputePlaneCluster.RELEASE)
              .runnableInformer(0);
      kubeconfigs =
          client
              .secrets()
              .inAnyNamespace()
              .withField("metadata.name", ComputePlaneCluster.KUBECONFIG_SECRET)
              .runnableInformer(0);
      releases.addEventHandler(new Refresh<>());
      kubeconfigs.addEventHandler(new Refresh<>());
      releases.run();
      kubeconfigs.run();
      started = true;
    }
    releases.getStore().list().forEach(r -> refresh(r.getMetadata().getNamespace()));
    kubeconfigs.getStore().list().forEach(r -> refresh(r.getMetadata().getNamespace()));
  }

  private PlaneState assess(String namespace) {
    Optional<ReleaseState> release =
        Optional.ofNullable(
                releases.getStore().getByKey(key(namespace, ComputePlaneCluster.RELEASE)))
            .map(ReleaseState::of);
    boolean kubeconfig = kubeconfig(namespace).isPresent();
    Optional<ProbeOutcome> last =
        Optional.ofNullable(probing.get(namespace))
            .filter(p -> p.kubeconfigVersion().equals(kubeconfigVersion(namespace)))
            .map(Probing::last);
    return PlaneAssessment.assess(namespace, release, kubeconfig, last);
  }

  /** Re-assesses a namespace, probes it when it can be probed, and wakes its waiters on change. */
  private synchronized void refresh(String namespace) {
    if (closed || !started) {
      return;
    }
    boolean probeable =
        Optional.ofNullable(
                    releases.getStore().getByKey(key(namespace, ComputePlaneCluster.RELEASE)))
                .map(r -> ReleaseState.of(r).state())
                .filter(s -> s == io.cozystack.api.v1alpha1.PackageStatus.ComponentState.READY)
                .isPresent()
            && kubeconfig(namespace).isPresent();
    Probing current = probing.get(namespace);
    if (!probeable) {
      cancel(current);
      probing.remove(namespace);
    } else if (current == null
        || !current.kubeconfigVersion().equals(kubeconfigVersion(namespace))) {
      cancel(current);
      String version = kubeconfigVersion(namespace);
      probing.put(
          namespace,
          new Probing(
              version,
              null,
              0,
              prober.schedule(() -> probe(namespace, version), 0, TimeUnit.MILLISECONDS)));
    }
    PlaneState now = assess(namespace);
    PlaneState before = states.put(namespace, now);
    if (!now.equals(before)) {
      LOG.info("ComputePlane of {}: {} ({})", namespace, now.reason(), now.message());
      Map<String, Runnable> woken = waiters.remove(namespace);
      if (woken != null) {
        woken.values().forEach(Runnable::run);
      }
    }
  }

  private void probe(String namespace, String version) {
    Optional<String> kubeconfig = kubeconfig(namespace);
    if (kubeconfig.isEmpty()) {
      return;
    }
    ProbeOutcome outcome = probe.probe(kubeconfig.get());
    synchronized (this) {
      Probing current = probing.get(namespace);
      if (closed || current == null || !current.kubeconfigVersion().equals(version)) {
        return;
      }
      int failures = outcome.answered() ? 0 : current.failures() + 1;
      ScheduledFuture<?> next =
          prober.schedule(
              () -> probe(namespace, version),
              settings.nextProbe(failures).toMillis(),
              TimeUnit.MILLISECONDS);
      probing.put(namespace, new Probing(version, outcome, failures, next));
    }
    refresh(namespace);
  }

  private Optional<String> kubeconfig(String namespace) {
    Secret secret =
        kubeconfigs.getStore().getByKey(key(namespace, ComputePlaneCluster.KUBECONFIG_SECRET));
    if (secret == null || secret.getData() == null) {
      return Optional.empty();
    }
    return Optional.ofNullable(secret.getData().get(ComputePlaneCluster.KUBECONFIG_KEY))
        .map(v -> new String(Base64.getDecoder().decode(v), StandardCharsets.UTF_8))
        .filter(v -> !v.isBlank());
  }

  private String kubeconfigVersion(String namespace) {
    Secret secret =
        kubeconfigs.getStore().getByKey(key(namespace, ComputePlaneCluster.KUBECONFIG_SECRET));
    return secret == null ? "" : secret.getMetadata().getResourceVersion();
  }

  private static void cancel(Probing probing) {
    if (probing != null && probing.next() != null) {
      probing.next().cancel(false);
    }
  }

  private static String key(String namespace, String name) {
    return namespace + "/" + name;
  }

  @Override
  public void close() {
    synchronized (startLock) {
      closed = true;
      if (started) {
        releases.close();
        kubeconfigs.close();
        prober.shutdownNow();
      }
    }
  }

  /** Any change of a cluster release or kubeconfig Secret re-assesses its namespace. */
  private final class Refresh<T extends HasMetadata> implements ResourceEventHandler<T> {
    @Override
    public void onAdd(T obj) {
      refresh(obj.getMetadata().getNamespace());
    }

    @Override
    public void onUpdate(T old, T obj) {
      refresh(obj.getMetadata().getNamespace());
    }

    @Override
    public void onDelete(T obj, boolean unknownFinalState) {
      refresh(obj.getMetadata().getNamespace());
    }
  }
}
