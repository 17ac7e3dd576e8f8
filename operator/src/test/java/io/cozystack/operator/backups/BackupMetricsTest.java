package io.cozystack.operator.backups;

import static org.assertj.core.api.Assertions.assertThat;

import io.cozystack.api.backups.v1alpha1.RunPhase;
import io.cozystack.api.meta.Condition;
import io.cozystack.api.meta.ConditionStatus;
import io.cozystack.operator.observability.StateGauges;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Job gauges by driver and phase, and jobs awaiting a driver. */
class BackupMetricsTest {
  private static final Condition AWAITING =
      new Condition(
          "Dispatched", ConditionStatus.FALSE, 1L, "2026-11-30T00:00:00Z", "AwaitingDriver", "m");

  @Test
  void jobsAreCountedByDriverAndPhaseAndAnEmptiedCombinationDropsToZero() {
    SimpleMeterRegistry registry = new SimpleMeterRegistry();
    BackupMetrics metrics = new BackupMetrics(new StateGauges(registry));

    metrics.recount(
        "BackupJob",
        List.of(
            new BackupMetrics.JobView("cnpg", RunPhase.RUNNING, null),
            new BackupMetrics.JobView("cnpg", RunPhase.RUNNING, null),
            new BackupMetrics.JobView(null, RunPhase.PENDING, List.of(AWAITING))));

    assertThat(gauge(registry, "cnpg", "Running")).isEqualTo(2);
    assertThat(registry.get(BackupMetrics.AWAITING).tag("type", "BackupJob").gauge().value())
        .isEqualTo(1);

    metrics.recount(
        "BackupJob", List.of(new BackupMetrics.JobView("cnpg", RunPhase.SUCCEEDED, null)));

    assertThat(gauge(registry, "cnpg", "Running")).isZero();
    assertThat(gauge(registry, "cnpg", "Succeeded")).isEqualTo(1);
    assertThat(registry.get(BackupMetrics.AWAITING).tag("type", "BackupJob").gauge().value())
        .isZero();
  }

  private static double gauge(SimpleMeterRegistry registry, String driver, String phase) {
    return registry
        .get(BackupMetrics.JOBS)
        .tags("type", "BackupJob", "driver", driver, "phase", phase)
        .gauge()
        .value();
  }
}
