package io.cozystack.catalog.services.backups.mariadb;

import static org.assertj.core.api.Assertions.assertThat;

import io.cozystack.catalog.services.backups.Json;
import io.cozystack.catalog.services.backups.mariadb.CompleteCondition.State;
import org.junit.jupiter.api.Test;

/** mariadb-operator's Complete condition, including a failed Job's Complete=True/JobFailed. */
class CompleteConditionTest {

  @Test
  void trueJobCompleteIsSuccess() {
    CompleteCondition c = CompleteCondition.of(withComplete("True", "JobComplete", "Success"));

    assertThat(c.state()).isEqualTo(State.SUCCEEDED);
    assertThat(c.describe()).isEqualTo("Complete=True/JobComplete");
  }

  @Test
  void jobFailedIsAFailureEvenThoughTheOperatorSaysCompleteTrue() {
    CompleteCondition c =
        CompleteCondition.of(withComplete("True", "JobFailed", "mariadb-dump exited 2"));

    assertThat(c.state()).isEqualTo(State.FAILED);
    assertThat(c.messageOrDescription()).isEqualTo("mariadb-dump exited 2");
    assertThat(CompleteCondition.of("False", "JobFailed", null).state()).isEqualTo(State.FAILED);
    assertThat(CompleteCondition.of("True", "JobFailed", "").messageOrDescription())
        .isEqualTo("Complete=True/JobFailed");
  }

  @Test
  void runningSuspendedOrUnknownStatesAreStillRunning() {
    assertThat(CompleteCondition.of(withComplete("False", "JobRunning", "Running")).state())
        .isEqualTo(State.RUNNING);
    assertThat(CompleteCondition.of("False", "JobSuspended", "").state()).isEqualTo(State.RUNNING);
    assertThat(CompleteCondition.of("True", "SomethingElse", "").state()).isEqualTo(State.RUNNING);
    assertThat(CompleteCondition.of("False", "JobComplete", "").state()).isEqualTo(State.RUNNING);
  }

  @Test
  void noConditionAtAllIsRunningAndSaysSo() {
    CompleteCondition c =
        CompleteCondition.of(
            Json.object(
                """
                apiVersion: k8s.mariadb.com/v1alpha1
                kind: Backup
                metadata: {name: b, namespace: n}
                status:
                  conditions:
                    - {type: Ready, status: "True", reason: Other, message: m}
                """));

    assertThat(c.state()).isEqualTo(State.RUNNING);
    assertThat(c.describe()).isEqualTo("no Complete condition observed");
  }

  static io.fabric8.kubernetes.api.model.GenericKubernetesResource withComplete(
      String status, String reason, String message) {
    return Json.object(
        """
        apiVersion: k8s.mariadb.com/v1alpha1
        kind: Backup
        metadata: {name: b, namespace: n}
        status:
          conditions:
            - {type: Ready, status: "False", reason: Other, message: other}
            - {type: Complete, status: "%s", reason: %s, message: "%s"}
        """
            .formatted(status, reason, message));
  }
}
