package io.cozystack.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.awaitility.Awaitility.await;

import io.cozystack.api.backups.v1alpha1.BackupJob;
import io.cozystack.api.backups.v1alpha1.Plan;
import io.cozystack.api.meta.Condition;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Plans create one BackupJob per due cron slot, skip old missed slots, and refuse bad cron. */
@ExtendWith(KubernetesExtension.class)
class PlanIT {
  @Kube static KubernetesClient client;
  @Kube static String namespace;
  @Kube static Path kubeconfig;
  static InProcessOperator operator;

  @BeforeAll
  static void start() throws Exception {
    operator = InProcessOperator.start(kubeconfig);
  }

  @AfterAll
  static void stop() {
    if (operator != null) {
      operator.close();
    }
  }

  @Test
  void aDueSlotCreatesOneBackupJobOwnedByThePlan() {
    plan("every-minute", "* * * * *");

    List<BackupJob> jobs =
        await()
            .atMost(Duration.ofSeconds(30))
            .until(() -> jobsOf("every-minute"), l -> !l.isEmpty());
    BackupJob job = jobs.get(0);
    assertThat(job.getSpec().planRef().name()).isEqualTo("every-minute");
    assertThat(job.getSpec().applicationRef().apiGroup()).isEqualTo("apps.cozystack.io");
    assertThat(job.getSpec().backupClassName()).isEqualTo("default");
    assertThat(job.getMetadata().getOwnerReferences())
        .singleElement()
        .satisfies(r -> assertThat(r.getKind()).isEqualTo("Plan"));
    Plan plan =
        await()
            .atMost(Duration.ofSeconds(30))
            .until(
                () -> get("every-minute"),
                p -> p.getStatus() != null && p.getStatus().nextScheduleTime() != null);
    assertThat(plan.getStatus().lastScheduleTime()).isNotNull();
  }

  @Test
  void aSlotMissedLongAgoIsSkippedAndTheNextOneIsShown() {
    plan("new-year", "0 0 1 1 *");

    Plan plan =
        await()
            .atMost(Duration.ofSeconds(30))
            .until(
                () -> get("new-year"),
                p -> p.getStatus() != null && p.getStatus().nextScheduleTime() != null);
    assertThat(plan.getStatus().nextScheduleTime()).endsWith("-01-01T00:00Z");
    assertThat(jobsOf("new-year")).isEmpty();
  }

  @Test
  void aBadCronIsRefusedNamingTheField() {
    plan("broken", "61 * * * *");

    Condition ready =
        await()
            .atMost(Duration.ofSeconds(30))
            .until(
                () ->
                    get("broken").getStatus() == null
                        ? null
                        : get("broken").getStatus().conditions().stream()
                            .filter(c -> c.type().equals("Ready"))
                            .findFirst()
                            .orElse(null),
                c -> c != null);
    assertThat(ready.reason()).isEqualTo("InvalidSchedule");
    assertThat(ready.message())
        .contains("spec.schedule.cron")
        .contains("minute 61 is outside 0-59");
  }

  @Test
  void aNameTooLongForItsJobsIsRefusedByTheApiServer() {
    String name = "p".repeat(Plan.NAME_LIMIT + 1);

    KubernetesClientException refused =
        catchThrowableOfType(KubernetesClientException.class, () -> plan(name, "* * * * *"));

    assertThat(refused).as("a Plan whose slot jobs could never be created").isNotNull();
    assertThat(refused.getCode()).isEqualTo(422);
    assertThat(refused.getMessage())
        .contains("a Plan's name has at most 242 characters")
        .contains("<plan>-<minutes since 1970>");
    plan("p".repeat(Plan.NAME_LIMIT), "0 0 1 1 *");
    assertThat(get("p".repeat(Plan.NAME_LIMIT))).as("the longest name that fits").isNotNull();
  }

  @Test
  void aSlotJobThatCannotBeCreatedInADeletedNamespaceIsShownOnThePlan() {
    String terminating = namespace + "-gone";
    client
        .namespaces()
        .resource(
            new io.fabric8.kubernetes.api.model.NamespaceBuilder()
                .withNewMetadata()
                .withName(terminating)
                .endMetadata()
                .build())
        .create();
    plan(terminating, "yearly", "0 0 1 1 *");
    await()
        .atMost(Duration.ofSeconds(30))
        .until(
            () -> readyOf(terminating, "yearly"), c -> c != null && c.reason().equals("Scheduled"));
    // No namespace controller runs here: the namespace stays Terminating, and refuses new objects.
    client.namespaces().withName(terminating).delete();
    plan(terminating, "yearly", "* * * * *");

    Condition ready =
        await()
            .atMost(Duration.ofSeconds(30))
            .until(
                () -> readyOf(terminating, "yearly"),
                c -> c != null && c.reason().equals("NamespaceTerminating"));
    assertThat(ready.status().name()).isEqualTo("FALSE");
    assertThat(ready.message())
        .isEqualTo(
            "namespace "
                + terminating
                + " is being deleted: no BackupJob can be created in it; the Plan goes with it");
  }

  @Test
  void aPlanWithAnEmptyBackupClassIsRefusedByTheApiServer() {
    KubernetesClientException refused =
        catchThrowableOfType(
            KubernetesClientException.class,
            () ->
                client
                    .resource(
                        Serialization.unmarshal(
                            """
                            apiVersion: backups.cozystack.io/v1alpha1
                            kind: Plan
                            metadata: {name: no-class, namespace: %s}
                            spec:
                              applicationRef: {kind: Postgres, name: db}
                              backupClassName: ""
                              schedule: {cron: "* * * * *"}
                            """
                                .formatted(namespace),
                            Plan.class))
                    .create());

    assertThat(refused).as("its BackupJobs could never be created").isNotNull();
    assertThat(refused.getCode()).isEqualTo(422);
    assertThat(refused.getMessage()).contains("spec.backupClassName");
  }

  private static Condition readyOf(String ns, String name) {
    Plan plan = client.resources(Plan.class).inNamespace(ns).withName(name).get();
    return plan == null || plan.getStatus() == null || plan.getStatus().conditions() == null
        ? null
        : plan.getStatus().conditions().stream()
            .filter(c -> c.type().equals("Ready"))
            .findFirst()
            .orElse(null);
  }

  private static void plan(String name, String cron) {
    plan(namespace, name, cron);
  }

  private static void plan(String ns, String name, String cron) {
    client
        .resource(
            Serialization.unmarshal(
                """
                apiVersion: backups.cozystack.io/v1alpha1
                kind: Plan
                metadata: {name: %s, namespace: %s}
                spec:
                  applicationRef: {kind: Postgres, name: db}
                  backupClassName: default
                  schedule: {cron: "%s"}
                """
                    .formatted(name, ns, cron),
                Plan.class))
        .fieldManager("cozy-e2e")
        .serverSideApply();
  }

  private static Plan get(String name) {
    return client.resources(Plan.class).inNamespace(namespace).withName(name).get();
  }

  private static List<BackupJob> jobsOf(String plan) {
    return client.resources(BackupJob.class).inNamespace(namespace).list().getItems().stream()
        .filter(j -> j.getSpec().planRef() != null && plan.equals(j.getSpec().planRef().name()))
        .toList();
  }
}
