package io.cozystack.catalog.services.backups.foundationdb;

import static org.assertj.core.api.Assertions.assertThat;

import io.cozystack.catalog.services.backups.Json;
import org.junit.jupiter.api.Test;

/** What a FoundationDBRestore's status says: fdbrestore's state and whether it was started. */
class RestoreStateTest {

  @Test
  void completedSucceedsAndAbortedFails() {
    assertThat(state("{state: completed, running: true}").phase())
        .isEqualTo(RestoreState.Phase.SUCCEEDED);
    assertThat(state("{state: aborted, running: true}").phase())
        .isEqualTo(RestoreState.Phase.FAILED);
    assertThat(state("{state: aborted, running: true}").underWay()).isFalse();
  }

  @Test
  void aStartedOrQueuedRestoreIsUnderWayOneTheOperatorCouldNotStartIsNot() {
    assertThat(state("{state: running, running: true}").underWay()).isTrue();
    assertThat(state("{state: queued}").underWay()).isTrue();
    RestoreState unknown = state("{state: Unknown}");
    assertThat(unknown.phase()).isEqualTo(RestoreState.Phase.RUNNING);
    assertThat(unknown.underWay()).isFalse();
    assertThat(unknown.describe()).isEqualTo("state=Unknown running=false");
    assertThat(state(null).describe()).isEqualTo("no status observed yet");
  }

  private static RestoreState state(String status) {
    return RestoreState.of(
        Json.object(
            "{apiVersion: apps.foundationdb.org/v1beta2, kind: FoundationDBRestore,"
                + " metadata: {name: back-x, namespace: tenant-a}"
                + (status == null ? "" : ", status: " + status)
                + "}"));
  }
}
