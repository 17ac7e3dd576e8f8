package io.cozystack.operator.backups;

import io.cozystack.api.backups.v1alpha1.BackupDriver;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.coordination.v1.Lease;
import io.javaoperatorsdk.operator.api.config.informer.InformerEventSourceConfiguration;
import io.javaoperatorsdk.operator.api.reconciler.EventSourceContext;
import io.javaoperatorsdk.operator.processing.event.ResourceID;
import io.javaoperatorsdk.operator.processing.event.source.EventSource;
import io.javaoperatorsdk.operator.processing.event.source.informer.InformerEventSource;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The driver registry as a job controller sees it: registrations and heartbeat Leases as event
 * sources that wake every job still waiting for a decision, and the current resolution.
 */
final class DriverRegistryView<P extends HasMetadata> {
  private final InformerEventSource<BackupDriver, P> drivers;
  private final InformerEventSource<Lease, P> leases;

  DriverRegistryView(EventSourceContext<P> context, Class<P> jobs) {
    this.drivers =
        new InformerEventSource<>(
            InformerEventSourceConfiguration.from(BackupDriver.class, jobs)
                .withName("backupdrivers")
                .withSecondaryToPrimaryMapper((BackupDriver d) -> every(context))
                .build(),
            context);
    this.leases =
        new InformerEventSource<>(
            InformerEventSourceConfiguration.from(Lease.class, jobs)
                .withName("backupdriver-leases")
                .withNamespaces(BackupDriver.LEASE_NAMESPACE)
                .withSecondaryToPrimaryMapper(
                    (Lease l) ->
                        l.getMetadata().getName().startsWith(BackupDriver.LEASE_PREFIX)
                            ? every(context)
                            : Set.of())
                .build(),
            context);
  }

  private static <P extends HasMetadata> Set<ResourceID> every(EventSourceContext<P> context) {
    return context
        .getPrimaryCache()
        .list()
        .map(ResourceID::fromResource)
        .collect(Collectors.toSet());
  }

  List<EventSource<?, P>> sources() {
    return List.of(drivers, leases);
  }

  DriverClaims.Resolution resolve(Instant now) {
    return DriverClaims.resolve(drivers.list().toList(), heartbeats(), now);
  }

  /** The last renew time of every driver's Lease, by driver name. */
  Map<String, Instant> heartbeats() {
    return heartbeats(leases.list());
  }

  /** The last renew time of every driver's Lease among {@code leases}, by driver name. */
  static Map<String, Instant> heartbeats(Stream<Lease> leases) {
    Map<String, Instant> heartbeats = new HashMap<>();
    leases
        .filter(l -> l.getMetadata().getName().startsWith(BackupDriver.LEASE_PREFIX))
        .filter(l -> l.getSpec() != null && l.getSpec().getRenewTime() != null)
        .forEach(
            l ->
                heartbeats.put(
                    l.getMetadata().getName().substring(BackupDriver.LEASE_PREFIX.length()),
                    l.getSpec().getRenewTime().toInstant()));
    return heartbeats;
  }
}
