package io.cozystack.operator.backups;

import static org.assertj.core.api.Assertions.assertThat;

import io.cozystack.api.backups.v1alpha1.RunPhase;
import io.cozystack.api.meta.Condition;
import io.cozystack.api.meta.ConditionStatus;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Job gauges by driver, kind and phase; jobs awaiting a driver; run durations. */
class BackupMetricsTest {
  private static final Condition AWAITING =
      new Condition(
          "Dispatched", ConditionStatus.FALSE, 1L, "2026-11-30T00:00:00Z", "AwaitingDriver", "m");
  private static final Instant START = Instant.parse("2026-11-30T10:00:00Z");

  static BackupMetrics.JobView job(String uid, RunPhase phase, String started, String completed) {
    return new BackupMetrics.JobView(uid, "cnpg", "CNPG", phase, started, completed, null);
  }

  @Test
  void jobsAreCountedByDriverKindAndPhaseAndAnEmptiedCombinationDropsToZero() {
    SimpleMeterRegistry registry = new SimpleMeterRegistry();
    BackupMetrics metrics = new BackupMetrics(registry, START);

    metrics.recount(
        "BackupJob",
        List.of(
            job("a", RunPhase.RUNNING, null, null),
            job("b", RunPhase.RUNNING, null, null),
            new BackupMetrics.JobView(
                "c", null, "MariaDB", RunPhase.PENDING, null, null, List.of(AWAITING))));

    assertThat(gauge(registry, "cnpg", "CNPG", "Running")).isEqualTo(2);
    assertThat(gauge(registry, "none", "MariaDB", "Pending")).isEqualTo(1);
    assertThat(registry.get(BackupMetrics.AWAITING).tag("type", "BackupJob").gauge().value())
        .isEqualTo(1);

    metrics.recount(
        "BackupJob",
        List.of(job("a", RunPhase.SUCCEEDED, "2026-11-30T10:01:00Z", "2026-11-30T10:03:30Z")));

    assertThat(gauge(registry, "cnpg", "CNPG", "Running")).isZero();
    assertThat(gauge(registry, "cnpg", "CNPG", "Succeeded")).isEqualTo(1);
    assertThat(registry.get(BackupMetrics.AWAITING).tag("type", "BackupJob").gauge().value())
        .isZero();
  }

  @Test
  void eachFinishedJobIsTimedOnceAndHistoryBeforeStartIsNot() {
    SimpleMeterRegistry registry = new SimpleMeterRegistry();
    BackupMetrics metrics = new BackupMetrics(registry, START);
    List<BackupMetrics.JobView> jobs =
        List.of(
            job("a", RunPhase.SUCCEEDED, "2026-11-30T10:01:00Z", "2026-11-30T10:03:30Z"),
            job("b", RunPhase.FAILED, "2026-11-30T10:00:00Z", "2026-11-30T10:00:10Z"),
            job("old", RunPhase.SUCCEEDED, "2026-11-30T09:00:00Z", "2026-11-30T09:05:00Z"),
            job("running", RunPhase.RUNNING, "2026-11-30T10:00:00Z", null));

    metrics.recount("BackupJob", jobs);
    metrics.recount("BackupJob", jobs);

    Timer succeeded = timer(registry, "Succeeded");
    assertThat(succeeded.count()).isEqualTo(1);
    assertThat(succeeded.totalTime(TimeUnit.SECONDS)).isEqualTo(150);
    assertThat(timer(registry, "Failed").totalTime(TimeUnit.SECONDS)).isEqualTo(10);
  }

  private static Timer timer(SimpleMeterRegistry registry, String outcome) {
    return registry
        .get(BackupMetrics.DURATION)
        .tags("type", "BackupJob", "driver", "cnpg", "kind", "CNPG", "outcome", outcome)
        .timer();
  }

  private static double gauge(
      SimpleMeterRegistry registry, String driver, String kind, String phase) {
    return registry
        .get(BackupMetrics.JOBS)
        .tags("type", "BackupJob", "driver", driver, "kind", kind, "phase", phase)
        .gauge()
        .value();
  }
}
