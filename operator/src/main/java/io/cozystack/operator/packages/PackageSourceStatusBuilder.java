package io.cozystack.operator.packages;

import io.cozystack.api.meta.Condition;
import io.cozystack.api.meta.ConditionStatus;
import io.cozystack.api.v1alpha1.PackageSource;
import io.cozystack.api.v1alpha1.PackageSourceStatus;
import io.cozystack.api.v1alpha1.Variant;
import io.cozystack.operator.flux.ArtifactGenerator;
import io.cozystack.operator.status.Conditions;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The one place a PackageSource's status is computed (Cozystack's table, plus refused paths and
 * collisions).
 */
public final class PackageSourceStatusBuilder {
  private PackageSourceStatusBuilder() {}

  /** What the reconciler found, as plain data. */
  public record Observed(
      List<String> invalidPaths,
      Optional<ArtifactGenerator> generator,
      Optional<ArtifactNameClaims.Collision> collision,
      Optional<String> foreignOwner,
      PackageCompatibility.Verdict compatibility) {}

  public static PackageSourceStatus build(PackageSource source, Observed observed, Instant now) {
    String name = source.getMetadata().getName();
    long generation = Optional.ofNullable(source.getMetadata().getGeneration()).orElse(0L);
    Conditions conditions =
        Conditions.from(
            source.getStatus() == null ? null : source.getStatus().conditions(), generation, now);
    if (!observed.invalidPaths().isEmpty()) {
      conditions.stalled(
          SourcePaths.INVALID_PATH,
          String.join("; ", observed.invalidPaths())
              + ". No ArtifactGenerator is written until the paths are corrected.");
    } else if (observed.collision().isPresent()) {
      conditions.stalled("NameCollision", observed.collision().get().message(name));
    } else if (observed.foreignOwner().isPresent()) {
      conditions.stalled(
          "OwnershipConflict",
          "ArtifactGenerator "
              + Naming.SYSTEM_NAMESPACE
              + "/"
              + name
              + " is controlled by "
              + observed.foreignOwner().get()
              + "; it is left untouched. Delete it or that owner to let this PackageSource manage it.");
    } else if (source.getSpec() == null || source.getSpec().sourceRef() == null) {
      conditions.progressing(PackagePlanner.SOURCE_REF_NOT_SET, "SourceRef is not configured");
    } else if (observed.generator().isEmpty()) {
      conditions.progressing(
          "ArtifactGeneratorNotFound",
          "ArtifactGenerator " + Naming.SYSTEM_NAMESPACE + "/" + name + " not found");
    } else {
      mirror(observed.generator().get(), conditions);
    }
    // Informational here: the artifacts are harmless; the Package is what installs (or refuses).
    PackageStatusBuilder.compatible(observed.compatibility(), conditions);
    return new PackageSourceStatus(generation, variantNames(source), conditions.build());
  }

  /** The generator's Ready condition, copied (Cozystack's rule), with kstatus companions. */
  private static void mirror(ArtifactGenerator generator, Conditions conditions) {
    Optional<Condition> ready =
        generator.getStatus() == null ? Optional.empty() : generator.getStatus().condition("Ready");
    if (ready.isEmpty()) {
      conditions.progressing(
          "ArtifactGeneratorNotReady", "ArtifactGenerator has not reported readiness yet");
      return;
    }
    Condition c = ready.get();
    if (c.status() == ConditionStatus.TRUE) {
      conditions.ready(c.reason(), c.message());
    } else if (c.status() == ConditionStatus.UNKNOWN) {
      conditions.progressing(c.reason(), c.message());
    } else {
      conditions.waiting(c.reason(), c.message());
    }
  }

  static String variantNames(PackageSource source) {
    List<Variant> variants = ArtifactGeneratorRenderer.variants(source);
    return variants.stream().map(Variant::name).collect(Collectors.joining(","));
  }
}
