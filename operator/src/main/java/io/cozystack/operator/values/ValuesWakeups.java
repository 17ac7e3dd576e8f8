package io.cozystack.operator.values;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.javaoperatorsdk.operator.health.Status;
import io.javaoperatorsdk.operator.processing.event.Event;
import io.javaoperatorsdk.operator.processing.event.ResourceID;
import io.javaoperatorsdk.operator.processing.event.source.AbstractEventSource;
import java.util.Set;

/**
 * Wakes a consumer that waits for its namespace's values: an event source the consumer registers,
 * whose wake-ups it hands to {@link ValuesBoard#await}.
 */
public final class ValuesWakeups<P extends HasMetadata> extends AbstractEventSource<ConfigMap, P> {

  public ValuesWakeups() {
    super(ConfigMap.class, "values-wakeups");
  }

  /** A wake-up that reconciles {@code primary}. */
  public Runnable of(ResourceID primary) {
    return () -> {
      if (isRunning()) {
        getEventHandler().handleEvent(new Event(primary));
      }
    };
  }

  @Override
  public Set<ConfigMap> getSecondaryResources(P primary) {
    return Set.of();
  }

  @Override
  public Status getStatus() {
    return Status.HEALTHY;
  }
}
