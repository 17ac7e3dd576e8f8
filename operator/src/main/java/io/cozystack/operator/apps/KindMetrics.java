package io.cozystack.operator.apps;

import io.cozystack.api.v1alpha1.PackageStatus.ComponentState;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.IntSupplier;

/**
 * Metrics of one served kind, tagged {@code kind}: instances, ready instances, ownership conflicts,
 * and reconcile duration. Removed when the kind stops being served.
 */
final class KindMetrics implements AutoCloseable {
  private final MeterRegistry registry;
  private final String kind;
  private final Map<String, ComponentState> states = new ConcurrentHashMap<>();
  private final List<Meter> meters = new ArrayList<>();
  private final Timer reconciles;

  KindMetrics(MeterRegistry registry, String kind) {
    this.registry = registry;
    this.kind = kind;
    meters.add(
        Gauge.builder(
                "cozy_application_instances_ready", states, s -> count(s, ComponentState.READY))
            .description("Instances whose HelmRelease is Ready")
            .tag("kind", kind)
            .register(registry));
    meters.add(
        Gauge.builder("cozy_application_conflicts", states, s -> count(s, ComponentState.CONFLICT))
            .description("Instances refused a HelmRelease they do not own")
            .tag("kind", kind)
            .register(registry));
    reconciles =
        Timer.builder("cozy_application_reconcile")
            .description("Instance reconciles")
            .tag("kind", kind)
            .register(registry);
    meters.add(reconciles);
  }

  void instances(IntSupplier count) {
    meters.add(
        Gauge.builder("cozy_application_instances", count, c -> c.getAsInt())
            .description("Instances of the kind")
            .tag("kind", kind)
            .register(registry));
  }

  void timed(Runnable reconcile) {
    reconciles.record(reconcile);
  }

  /** Records an instance's state; returns the previous one (null when new). */
  ComponentState state(String instance, ComponentState state) {
    return states.put(instance, state);
  }

  void forget(String instance) {
    states.remove(instance);
  }

  private static double count(Map<String, ComponentState> states, ComponentState state) {
    return states.values().stream().filter(s -> s == state).count();
  }

  @Override
  public void close() {
    meters.forEach(registry::remove);
  }
}
