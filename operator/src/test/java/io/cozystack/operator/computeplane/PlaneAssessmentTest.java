package io.cozystack.operator.computeplane;

import static org.assertj.core.api.Assertions.assertThat;

import io.cozystack.api.v1alpha1.PackageStatus.ComponentState;
import io.cozystack.operator.packages.ReleaseState;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** A ComputePlane is Ready only when its release, its kubeconfig and its API server all are. */
class PlaneAssessmentTest {
  private static final Optional<ReleaseState> READY =
      Optional.of(new ReleaseState(ComponentState.READY, "installed"));
  private static final Instant NOW = Instant.parse("2026-12-01T00:00:00Z");

  @Test
  void eachMissingStepIsNamedInTheOrderTheClusterComesUp() {
    assertThat(PlaneAssessment.assess("tenant-a", Optional.empty(), true, answered()))
        .satisfies(s -> assertThat(s.ready()).isFalse())
        .satisfies(s -> assertThat(s.reason()).isEqualTo(PlaneState.RELEASE_NOT_READY))
        .satisfies(s -> assertThat(s.message()).contains("computeplane-cluster", "tenant-a"));
    assertThat(
            PlaneAssessment.assess(
                    "tenant-a",
                    Optional.of(new ReleaseState(ComponentState.PROGRESSING, "installing")),
                    true,
                    answered())
                .message())
        .contains("installing");
    assertThat(PlaneAssessment.assess("tenant-a", READY, false, answered()))
        .satisfies(s -> assertThat(s.reason()).isEqualTo(PlaneState.KUBECONFIG_MISSING))
        .satisfies(
            s ->
                assertThat(s.message())
                    .contains("computeplane-cluster-admin-kubeconfig", "super-admin.svc"));
    assertThat(PlaneAssessment.assess("tenant-a", READY, true, Optional.empty()).reason())
        .isEqualTo(PlaneState.PROBING);
    assertThat(
            PlaneAssessment.assess(
                "tenant-a",
                READY,
                true,
                Optional.of(ProbeOutcome.failed("ConnectException: Connection refused", NOW))))
        .satisfies(s -> assertThat(s.ready()).isFalse())
        .satisfies(s -> assertThat(s.reason()).isEqualTo(PlaneState.UNREACHABLE))
        .satisfies(s -> assertThat(s.message()).contains("Connection refused"));
  }

  @Test
  void readyOnlyWhenTheClusterAnswered() {
    assertThat(PlaneAssessment.assess("tenant-a", READY, true, answered()).ready()).isTrue();
  }

  @Test
  void aClusterThatDoesNotAnswerIsAskedAgainSoonThenLessOften() {
    ComputePlaneSettings settings =
        new ComputePlaneSettings(Duration.ofSeconds(30), Duration.ofSeconds(5));

    assertThat(settings.nextProbe(0)).isEqualTo(Duration.ofSeconds(30));
    assertThat(settings.nextProbe(1)).isEqualTo(Duration.ofSeconds(2));
    assertThat(settings.nextProbe(2)).isEqualTo(Duration.ofSeconds(4));
    assertThat(settings.nextProbe(4)).isEqualTo(Duration.ofSeconds(16));
    assertThat(settings.nextProbe(5)).isEqualTo(Duration.ofSeconds(30));
    assertThat(settings.nextProbe(500)).isEqualTo(Duration.ofSeconds(30));
  }

  private static Optional<ProbeOutcome> answered() {
    return Optional.of(ProbeOutcome.answered(NOW));
  }
}
