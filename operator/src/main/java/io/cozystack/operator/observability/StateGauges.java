package io.cozystack.operator.observability;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Gauges whose value the operator sets when it computes a status (a package's readiness, its
 * conflicts), one time series per set of tags; removed with the object.
 */
public final class StateGauges {
  private final MeterRegistry registry;
  private final Map<String, AtomicLong> values = new ConcurrentHashMap<>();
  private final Map<String, Gauge> gauges = new ConcurrentHashMap<>();

  public StateGauges(MeterRegistry registry) {
    this.registry = registry;
  }

  public void set(String name, String description, Tags tags, long value) {
    String key = name + tags;
    values
        .computeIfAbsent(
            key,
            k -> {
              AtomicLong holder = new AtomicLong();
              gauges.put(
                  k,
                  Gauge.builder(name, holder, AtomicLong::get)
                      .description(description)
                      .tags(tags)
                      .register(registry));
              return holder;
            })
        .set(value);
  }

  public void remove(String name, Tags tags) {
    String key = name + tags;
    values.remove(key);
    Gauge gauge = gauges.remove(key);
    if (gauge != null) {
      registry.remove(gauge);
    }
  }
}
