package io.cozystack.operator.backups;

import io.cozystack.api.backups.driver.StrategyHandoff;
import io.cozystack.operator.backups.credentials.CredentialsProjector;
import io.cozystack.operator.backups.credentials.SystemCredentials;
import io.cozystack.operator.status.Conditions;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Secret;
import io.javaoperatorsdk.operator.api.config.informer.FieldSelector;
import io.javaoperatorsdk.operator.api.config.informer.InformerEventSourceConfiguration;
import io.javaoperatorsdk.operator.api.reconciler.EventSourceContext;
import io.javaoperatorsdk.operator.processing.event.ResourceID;
import io.javaoperatorsdk.operator.processing.event.source.EventSource;
import io.javaoperatorsdk.operator.processing.event.source.informer.InformerEventSource;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;
import java.util.stream.Collectors;

/**
 * Before a job is dispatched, the platform's bucket credentials are projected into its namespace
 * (Cozystack §3.5), for the strategy kinds the platform knows only (its own and those it handed to
 * a catalog): a third party's kind never receives them. A missing source holds the job as {@code
 * CredentialsProjectionPending} until the source Secret appears (an event source on that one
 * Secret); a malformed source or a foreign target Secret fails it.
 */
public final class CredentialsGate implements AutoCloseable {
  static final List<String> PLATFORM_KINDS = List.of("Job", "Etcd");

  private final CredentialsProjector projector;
  private final SystemCredentials system;

  public CredentialsGate(CredentialsProjector projector) {
    this.projector = projector;
    this.system = new SystemCredentials(projector);
  }

  /** Starts keeping the system namespaces' credentials (see {@link SystemCredentials}). */
  void startSystemNamespaces(io.fabric8.kubernetes.client.KubernetesClient client) {
    system.start(client);
  }

  @Override
  public void close() {
    system.close();
  }

  /** Whether jobs of strategy kind {@code <group>/<Kind>} get the credentials. */
  static boolean covers(String kind) {
    int slash = kind.indexOf('/');
    String group = kind.substring(0, Math.max(slash, 0));
    String name = kind.substring(slash + 1);
    return StrategyHandoff.STRATEGY_GROUP.equals(group)
        && (PLATFORM_KINDS.contains(name) || StrategyHandoff.of(group, name).isPresent());
  }

  /** The status for a decision: a dispatch waits for the credentials to be projected first. */
  DispatchStatus status(
      Dispatch.Decision decision,
      String kind,
      String namespace,
      Conditions conditions,
      Instant now) {
    if (decision.state() == Dispatch.State.DISPATCHED) {
      Optional<DispatchStatus> held = hold(kind, namespace, conditions, now);
      if (held.isPresent()) {
        return held.get();
      }
    }
    return DispatchStatus.of(decision, conditions, now);
  }

  /** The status that holds the job back, if projection does not let it through. */
  private Optional<DispatchStatus> hold(
      String kind, String namespace, Conditions conditions, Instant now) {
    if (!projector.settings().enabled() || !covers(kind)) {
      return Optional.empty();
    }
    CredentialsProjector.Outcome outcome = projector.project(namespace);
    if (outcome instanceof CredentialsProjector.Pending p) {
      return Optional.of(
          DispatchStatus.waiting("CredentialsProjectionPending", p.message(), conditions));
    }
    if (outcome instanceof CredentialsProjector.Refused r) {
      return Optional.of(
          DispatchStatus.failed(
              r.reason(), "cannot project backup credentials: " + r.message(), conditions, now));
    }
    return Optional.empty();
  }

  /** Wakes the jobs {@code waiting} selects when the source Secret changes (none when off). */
  <P extends HasMetadata> List<EventSource<?, P>> sources(
      EventSourceContext<P> context, Class<P> jobs, Predicate<P> waiting) {
    if (!projector.settings().enabled()) {
      return List.of();
    }
    return List.of(
        new InformerEventSource<>(
            InformerEventSourceConfiguration.from(Secret.class, jobs)
                .withName("backup-credentials-source")
                .withNamespaces(projector.settings().sourceNamespace())
                .withFieldSelector(
                    new FieldSelector(
                        new FieldSelector.Field(
                            "metadata.name", projector.settings().sourceName())))
                .withSecondaryToPrimaryMapper((Secret s) -> waitingJobs(context, waiting))
                .build(),
            context));
  }

  private static <P extends HasMetadata> Set<ResourceID> waitingJobs(
      EventSourceContext<P> context, Predicate<P> waiting) {
    return context
        .getPrimaryCache()
        .list(waiting)
        .map(ResourceID::fromResource)
        .collect(Collectors.toSet());
  }
}
