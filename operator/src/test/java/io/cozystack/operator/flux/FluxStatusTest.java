package io.cozystack.operator.flux;

import static org.assertj.core.api.Assertions.assertThat;

import io.cozystack.api.meta.ConditionStatus;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Statuses written by Flux's controllers are read leniently: no shape stops an informer. */
class FluxStatusTest {

  @Test
  void helmControllersInventoryObjectIsRead() throws IOException {
    HelmRelease release =
        Serialization.unmarshal(fixture("flux/helmrelease-install-failed.yaml"), HelmRelease.class);

    FluxStatus status = release.getStatus();
    assertThat(status.observedGeneration()).isEqualTo(2L);
    assertThat(status.inventory()).hasSize(1);
    assertThat(status.lastAttemptedReleaseAction()).isEqualTo("install");
    assertThat(status.installFailures()).isEqualTo(3L);
    assertThat(status.condition("Ready").orElseThrow().reason()).isEqualTo("InstallFailed");
  }

  @Test
  void sourceWatchersInventoryListIsRead() throws IOException {
    ArtifactGenerator generator =
        Serialization.unmarshal(
            fixture("flux/artifactgenerator-ready.yaml"), ArtifactGenerator.class);

    assertThat(generator.getStatus().inventory())
        .singleElement()
        .satisfies(
            e -> {
              assertThat(e.name()).isEqualTo("cozystack-postgres-application-default-postgres");
              assertThat(e.filename()).isEqualTo("3187254211.tar.gz");
            });
    assertThat(generator.getStatus().isTrue("Ready")).isTrue();
  }

  @Test
  void fieldsOfAnUnexpectedShapeAreDroppedNotThrownOn() {
    HelmRelease release =
        Serialization.unmarshal(
            """
            apiVersion: helm.toolkit.fluxcd.io/v2
            kind: HelmRelease
            metadata: {name: r, namespace: n}
            status:
              observedGeneration: "seven"
              inventory: "not a list"
              lastAttemptedRevision: {nested: true}
              conditions:
                - {type: Ready, status: Maybe, reason: R, message: m}
                - "not a condition"
                - {status: "True"}
              somethingNew: [1, 2]
            """,
            HelmRelease.class);

    FluxStatus status = release.getStatus();
    assertThat(status.observedGeneration()).isNull();
    assertThat(status.inventory()).isNull();
    assertThat(status.lastAttemptedRevision()).isNull();
    assertThat(status.conditions())
        .singleElement()
        .satisfies(c -> assertThat(c.status()).isEqualTo(ConditionStatus.UNKNOWN));
  }

  @Test
  void aStatusThatIsNotAnObjectReadsAsEmpty() {
    HelmRelease release =
        Serialization.unmarshal(
            "{\"apiVersion\":\"helm.toolkit.fluxcd.io/v2\",\"kind\":\"HelmRelease\","
                + "\"metadata\":{\"name\":\"r\"},\"status\":[1]}",
            HelmRelease.class);

    assertThat(release.getStatus().conditions()).isNull();
  }

  private static String fixture(String path) throws IOException {
    try (InputStream in = FluxStatusTest.class.getClassLoader().getResourceAsStream(path)) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }
}
