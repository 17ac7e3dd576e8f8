package io.cozystack.operator.packages;

import static org.assertj.core.api.Assertions.assertThat;

import io.cozystack.api.v1alpha1.PackageStatus.ComponentState;
import io.cozystack.operator.flux.HelmRelease;
import org.junit.jupiter.api.Test;

class ReleaseStateTest {

  @Test
  void aFailedInstallUnderRetryOnFailureIsRetryingWithHelmControllersMessage() {
    HelmRelease release =
        Fixtures.resource("flux/helmrelease-install-failed.yaml", HelmRelease.class);

    ReleaseState state = ReleaseState.of(release);

    assertThat(state.state()).isEqualTo(ComponentState.RETRYING);
    assertThat(state.message())
        .startsWith("InstallFailed: Helm install failed for release tenant-a/postgres-db")
        .contains("nil pointer evaluating")
        .endsWith("helm-controller is retrying after 30s");
  }

  @Test
  void aMissingArtifactIsAFailureNotProgress() {
    ReleaseState state =
        ReleaseState.of(
            release(
                1,
                """
                - {type: Ready, status: "False", observedGeneration: 1, reason: ArtifactFailed, message: "ExternalArtifact cozy-system/x not found", lastTransitionTime: "2026-12-01T04:00:00Z"}
                """));

    assertThat(state.state()).isEqualTo(ComponentState.RETRYING);
    assertThat(state.message()).startsWith("ArtifactFailed: ExternalArtifact cozy-system/x");
  }

  @Test
  void waitingForADependencyIsProgressNotFailure() {
    ReleaseState state =
        ReleaseState.of(
            release(
                1,
                """
                - {type: Ready, status: "False", observedGeneration: 1, reason: DependencyNotReady, message: "dependency 'cozy-system/a' is not ready", lastTransitionTime: "2026-12-01T04:00:00Z"}
                """));

    assertThat(state.state()).isEqualTo(ComponentState.PROGRESSING);
  }

  @Test
  void aFailureOfAnOlderGenerationIsNotReportedForTheNewOne() {
    ReleaseState state =
        ReleaseState.of(
            release(
                3,
                """
                - {type: Ready, status: "False", observedGeneration: 2, reason: UpgradeFailed, message: "old failure", lastTransitionTime: "2026-12-01T04:00:00Z"}
                """));

    assertThat(state.state()).isEqualTo(ComponentState.PROGRESSING);
    assertThat(state.message()).endsWith("(generation 3 not observed yet)");
  }

  @Test
  void stalledIsATerminalFailureAndReadyOfTheCurrentGenerationIsReady() {
    assertThat(
            ReleaseState.of(
                    release(
                        1,
                        """
                        - {type: Stalled, status: "True", observedGeneration: 1, reason: RetriesExceeded, message: "Failed to install after 3 attempt(s)", lastTransitionTime: "2026-12-01T04:00:00Z"}
                        """))
                .state())
        .isEqualTo(ComponentState.FAILED);
    assertThat(
            ReleaseState.of(
                    release(
                        1,
                        """
                        - {type: Ready, status: "True", observedGeneration: 1, reason: InstallSucceeded, message: "Helm install succeeded", lastTransitionTime: "2026-12-01T04:00:00Z"}
                        """))
                .state())
        .isEqualTo(ComponentState.READY);
  }

  private static HelmRelease release(long generation, String conditions) {
    return Fixtures.yaml(
        """
        apiVersion: helm.toolkit.fluxcd.io/v2
        kind: HelmRelease
        metadata: {name: r, namespace: n, generation: %d}
        status:
          observedGeneration: %d
          conditions:
        %s"""
            .formatted(generation, generation, conditions.indent(4)),
        HelmRelease.class);
  }
}
