package io.cozystack.operator.apps;

import com.fasterxml.jackson.databind.JsonNode;
import io.cozystack.api.v1alpha1.ApplicationDefinition;
import io.cozystack.api.v1alpha1.AppsApi;
import io.cozystack.operator.computeplane.ComputePlanes;
import io.cozystack.operator.flux.HelmRelease;
import io.cozystack.operator.packages.ReleaseSettings;
import io.cozystack.operator.values.ValuesBoard;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.informers.ResourceEventHandler;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The application kinds served right now, one {@link InstanceController} per definition, started
 * and stopped at runtime; and the one HelmRelease informer they share.
 */
public final class ApplicationKinds implements AutoCloseable {
  private final KubernetesClient client;
  private final ReleaseSettings settings;
  private final Clock clock;
  private final Map<String, InstanceController> byDefinition = new ConcurrentHashMap<>();
  private final Map<String, Long> servedGeneration = new ConcurrentHashMap<>();
  private SharedIndexInformer<HelmRelease> releases;
  private boolean closed;

  private final MeterRegistry registry;
  private final ValuesBoard values;
  private final ComputePlanes planes;
  private final PlacementGate placement;

  public ApplicationKinds(
      KubernetesClient client,
      ReleaseSettings settings,
      ValuesBoard values,
      ComputePlanes planes,
      Clock clock,
      MeterRegistry registry) {
    this.client = client;
    this.values = values;
    this.planes = planes;
    this.placement = new PlacementGate(values, planes);
    this.settings = settings;
    this.clock = clock;
    this.registry = registry;
  }

  /** Starts serving the definition's kind, or hands a changed definition to its controller. */
  public synchronized void serve(ApplicationDefinition definition, JsonNode valuesSchema) {
    if (closed) {
      return;
    }
    String name = definition.getMetadata().getName();
    InstanceController running = byDefinition.get(name);
    if (running != null && !running.kind().equals(definition.getSpec().application().kind())) {
      stop(name);
      running = null;
    }
    if (running == null) {
      byDefinition.put(
          name,
          new InstanceController(
              client,
              definition,
              valuesSchema,
              settings,
              this::release,
              values,
              placement,
              clock,
              registry));
    } else if (!Objects.equals(
        servedGeneration.get(name), definition.getMetadata().getGeneration())) {
      running.update(definition, valuesSchema);
    }
    servedGeneration.put(name, definition.getMetadata().getGeneration());
  }

  public synchronized void stop(String definition) {
    InstanceController controller = byDefinition.remove(definition);
    servedGeneration.remove(definition);
    if (controller != null) {
      controller.close();
    }
  }

  public boolean serves(String definition) {
    return byDefinition.containsKey(definition);
  }

  public int instances(String definition) {
    InstanceController controller = byDefinition.get(definition);
    return controller == null ? 0 : controller.instanceCount();
  }

  private Optional<HelmRelease> release(String key) {
    return Optional.ofNullable(releases().getStore().getByKey(key));
  }

  private synchronized SharedIndexInformer<HelmRelease> releases() {
    if (releases == null) {
      releases =
          client
              .resources(HelmRelease.class)
              .inAnyNamespace()
              .withLabel(AppsApi.GROUP_LABEL, AppsApi.GROUP)
              .inform(new ReleaseEvents(), 0);
    }
    return releases;
  }

  @Override
  public synchronized void close() {
    closed = true;
    byDefinition.keySet().stream().toList().forEach(this::stop);
    if (releases != null) {
      releases.close();
    }
    planes.close();
  }

  /** A release changed: wake the instance it belongs to (by its application labels). */
  private final class ReleaseEvents implements ResourceEventHandler<HelmRelease> {
    @Override
    public void onAdd(HelmRelease r) {
      wake(r);
    }

    @Override
    public void onUpdate(HelmRelease old, HelmRelease r) {
      wake(r);
    }

    @Override
    public void onDelete(HelmRelease r, boolean unknownFinalState) {
      wake(r);
    }

    private void wake(HelmRelease release) {
      Map<String, String> labels = release.getMetadata().getLabels();
      String kind = labels.get(AppsApi.KIND_LABEL);
      String name = labels.get(AppsApi.NAME_LABEL);
      if (kind == null || name == null) {
        return;
      }
      byDefinition.values().stream()
          .filter(c -> c.kind().equals(kind))
          .forEach(c -> c.enqueue(release.getMetadata().getNamespace(), name));
    }
  }
}
