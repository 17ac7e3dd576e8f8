package io.cozystack.operator.packages;

import io.cozystack.api.v1alpha1.PackageSource;
import io.cozystack.api.v1alpha1.PackageSourceStatus;
import io.cozystack.api.v1alpha1.PlatformProperties;
import io.cozystack.operator.ReconcileErrors;
import io.cozystack.operator.flux.ArtifactGenerator;
import io.cozystack.operator.status.Conditions;
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
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * PackageSource → one Flux ArtifactGenerator in cozy-system, and its readiness mirrored back.
 * Refuses a source that copies paths outside its Flux source or whose derived artifact names
 * collide with an older source's, and never touches a generator another owner controls.
 */
public final class PackageSourceReconciler implements Reconciler<PackageSource> {
  /** Field manager of every ArtifactGenerator write (Cozystack's name). */
  public static final String FIELD_MANAGER = "cozystack-packagesource-controller";

  private static final Logger LOG = LoggerFactory.getLogger(PackageSourceReconciler.class);
  private final Clock clock;
  private InformerEventSource<ArtifactGenerator, PackageSource> generators;

  private InformerEventSource<PlatformProperties, PackageSource> platform;

  public PackageSourceReconciler(Clock clock) {
    this.clock = clock;
  }

  @Override
  public UpdateControl<PackageSource> reconcile(PackageSource source, Context<PackageSource> ctx) {
    List<String> invalidPaths = SourcePaths.problems(source);
    var claims = claims(ctx.getPrimaryCache().list().toList());
    var collision = claims.collisionOf(source.getMetadata().getName());
    Optional<ArtifactGenerator> existing = ctx.getSecondaryResource(ArtifactGenerator.class);
    Optional<String> foreignOwner = existing.flatMap(ag -> Ownership.foreignHolder(ag, source));
    Optional<ArtifactGenerator> current = existing;
    if (invalidPaths.isEmpty() && collision.isEmpty() && foreignOwner.isEmpty()) {
      current = converge(source, existing, ctx.getClient());
    }
    var compatibility =
        PackageCompatibility.ofSource(
            Optional.of(source), platform.get(new ResourceID(PlatformProperties.NAME)));
    var observed =
        new PackageSourceStatusBuilder.Observed(
            invalidPaths, current, collision, foreignOwner, compatibility);
    PackageSourceStatus status =
        PackageSourceStatusBuilder.build(source, observed, clock.instant());
    return statusUpdate(source, status);
  }

  /** Applies the desired generator, or deletes ours when the source no longer yields any. */
  private Optional<ArtifactGenerator> converge(
      PackageSource source, Optional<ArtifactGenerator> existing, KubernetesClient client) {
    Optional<ArtifactGenerator> desired = ArtifactGeneratorRenderer.render(source);
    if (desired.isEmpty()) {
      existing.ifPresent(
          stale -> {
            LOG.info("Deleting stale ArtifactGenerator of PackageSource {}", name(source));
            client.resource(stale).delete();
          });
      return Optional.empty();
    }
    ArtifactGenerator generator = desired.get();
    if (existing.isPresent() && upToDate(existing.get(), generator)) {
      return existing;
    }
    generator.getMetadata().setOwnerReferences(List.of(Ownership.controllerReference(source)));
    LOG.info("Applying ArtifactGenerator for PackageSource {}", name(source));
    return Optional.of(
        client.resource(generator).fieldManager(FIELD_MANAGER).forceConflicts().serverSideApply());
  }

  private static boolean upToDate(ArtifactGenerator existing, ArtifactGenerator desired) {
    return Objects.equals(existing.getSpec(), desired.getSpec())
        && existing
            .getMetadata()
            .getLabels()
            .entrySet()
            .containsAll(desired.getMetadata().getLabels().entrySet());
  }

  static UpdateControl<PackageSource> statusUpdate(
      PackageSource source, PackageSourceStatus status) {
    if (status.equals(source.getStatus())) {
      return UpdateControl.noUpdate();
    }
    PackageSource patch = new PackageSource();
    patch.setMetadata(
        new io.fabric8.kubernetes.api.model.ObjectMetaBuilder()
            .withName(source.getMetadata().getName())
            .build());
    patch.setStatus(status);
    return UpdateControl.patchStatus(patch);
  }

  /** A failed write (e.g. cozy-system missing) is shown in status while the framework retries. */
  @Override
  public ErrorStatusUpdateControl<PackageSource> updateErrorStatus(
      PackageSource source, Context<PackageSource> ctx, Exception e) {
    ReconcileErrors.announce(ctx, source, e);
    long generation = Optional.ofNullable(source.getMetadata().getGeneration()).orElse(0L);
    var conditions =
        Conditions.from(
                source.getStatus() == null ? null : source.getStatus().conditions(),
                generation,
                clock.instant())
            .waiting(ReconcileErrors.RECONCILE_ERROR, ReconcileErrors.retrying(ctx, e));
    PackageSourceStatus status =
        new PackageSourceStatus(
            generation, PackageSourceStatusBuilder.variantNames(source), conditions.build());
    UpdateControl<PackageSource> update = statusUpdate(source, status);
    return update.isPatchStatus()
        ? ErrorStatusUpdateControl.patchStatus(update.getResource().orElseThrow())
        : ErrorStatusUpdateControl.defaultErrorProcessing();
  }

  @Override
  public List<EventSource<?, PackageSource>> prepareEventSources(
      EventSourceContext<PackageSource> context) {
    var generatorConfig =
        InformerEventSourceConfiguration.from(ArtifactGenerator.class, PackageSource.class)
            .withName("artifactgenerators")
            .withNamespaces(Naming.SYSTEM_NAMESPACE)
            .withSecondaryToPrimaryMapper(
                ag ->
                    Optional.ofNullable(ag.getMetadata().getLabels())
                        .map(l -> l.get(ArtifactGeneratorRenderer.PACKAGE_SOURCE_LABEL))
                        .map(n -> Set.of(new ResourceID(n)))
                        .orElse(Set.of(new ResourceID(ag.getMetadata().getName()))))
            .withPrimaryToSecondaryMapper(
                (PackageSource ps) ->
                    Set.of(new ResourceID(ps.getMetadata().getName(), Naming.SYSTEM_NAMESPACE)))
            .build();
    // Sources that derive a shared artifact name are re-checked when one of them changes.
    var neighbours =
        InformerEventSourceConfiguration.from(PackageSource.class, PackageSource.class)
            .withName("colliding-packagesources")
            .withSecondaryToPrimaryMapper(
                (PackageSource changed) ->
                    claims(context.getPrimaryCache().list().toList())
                        .sourcesSharingNamesWith(changed)
                        .stream()
                        .map(ResourceID::new)
                        .collect(Collectors.toSet()))
            .build();
    this.generators = new InformerEventSource<>(generatorConfig, context);
    this.platform =
        new InformerEventSource<>(
            InformerEventSourceConfiguration.from(PlatformProperties.class, PackageSource.class)
                .withName("platformproperties")
                .withSecondaryToPrimaryMapper(
                    (PlatformProperties p) ->
                        context
                            .getPrimaryCache()
                            .list()
                            .filter(ps -> ps.getSpec() != null && ps.getSpec().catalog() != null)
                            .map(ResourceID::fromResource)
                            .collect(Collectors.toSet()))
                .build(),
            context);
    return List.of(this.generators, new InformerEventSource<>(neighbours, context), this.platform);
  }

  /** Claims of every source; those whose generator exists (and is ours) claim first. */
  private ArtifactNameClaims claims(List<PackageSource> sources) {
    Set<String> generating =
        generators
            .list()
            .map(ag -> ag.getMetadata().getLabels())
            .filter(Objects::nonNull)
            .map(labels -> labels.get(ArtifactGeneratorRenderer.PACKAGE_SOURCE_LABEL))
            .filter(Objects::nonNull)
            .collect(Collectors.toSet());
    return ArtifactNameClaims.of(sources, generating);
  }

  private static String name(PackageSource source) {
    return source.getMetadata().getName();
  }
}
