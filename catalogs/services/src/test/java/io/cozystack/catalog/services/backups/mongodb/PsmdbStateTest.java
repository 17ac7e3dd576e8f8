package io.cozystack.catalog.services.backups.mongodb;

import static org.assertj.core.api.Assertions.assertThat;

import io.cozystack.catalog.services.backups.Json;
import org.junit.jupiter.api.Test;

/** The operator's status.state, as the driver reads it. */
class PsmdbStateTest {

  @Test
  void readyIsSuccessErrorAndRejectedAreFailuresTheRestIsRunning() {
    assertThat(PsmdbState.of("ready", "").phase()).isEqualTo(PsmdbState.Phase.SUCCEEDED);
    assertThat(PsmdbState.of("error", "x").phase()).isEqualTo(PsmdbState.Phase.FAILED);
    assertThat(PsmdbState.of("rejected", "").phase()).isEqualTo(PsmdbState.Phase.FAILED);
    for (String running : new String[] {"", "waiting", "requested", "running"}) {
      assertThat(PsmdbState.of(running, "").phase())
          .as(running)
          .isEqualTo(PsmdbState.Phase.RUNNING);
    }
  }

  @Test
  void onlyAnObjectTheOperatorHasTakenAndNotFinishedIsUnderWay() {
    assertThat(PsmdbState.of("", "").underWay()).isFalse();
    assertThat(PsmdbState.of("waiting", "").underWay()).isTrue();
    assertThat(PsmdbState.of("running", "").underWay()).isTrue();
    assertThat(PsmdbState.of("ready", "").underWay()).isFalse();
    assertThat(PsmdbState.of("error", "").underWay()).isFalse();
  }

  @Test
  void itIsReadFromTheStatusAndDescribedForMessages() {
    PsmdbState failed =
        PsmdbState.of(
            Json.object(
                "{apiVersion: psmdb.percona.com/v1, kind: PerconaServerMongoDBBackup,"
                    + " metadata: {name: b}, status: {state: error, error: 'starting deadline"
                    + " exceeded'}}"));
    assertThat(failed.errorOrDescription()).isEqualTo("starting deadline exceeded");
    assertThat(PsmdbState.of("rejected", "").errorOrDescription()).isEqualTo("state=rejected");
    assertThat(
            PsmdbState.of(
                    Json.object(
                        "{apiVersion: psmdb.percona.com/v1, kind: PerconaServerMongoDBBackup,"
                            + " metadata: {name: b}}"))
                .describe())
        .isEqualTo("no state observed yet");
  }
}
