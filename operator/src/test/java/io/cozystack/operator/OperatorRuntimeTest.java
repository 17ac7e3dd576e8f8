package io.cozystack.operator;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.cozystack.operator.packages.ReleaseSettings;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/** Start-up and shutdown of every controller, on the fabric8 mock server (no SSA there). */
@EnableKubernetesMockClient(crud = true)
class OperatorRuntimeTest {
  static KubernetesClient client;

  @Test
  void logsOneLinePerControllerAndStops() {
    ListAppender<ILoggingEvent> logs = new ListAppender<>();
    logs.start();
    Logger logger = (Logger) LoggerFactory.getLogger(OperatorRuntime.class);
    logger.addAppender(logs);
    OperatorRuntime runtime =
        new OperatorRuntime(
            client,
            Controllers.all(client, ReleaseSettings.defaults(), new SimpleMeterRegistry()),
            false,
            new SimpleMeterRegistry());
    try {
      runtime.start();
    } finally {
      runtime.stop();
      logger.detachAppender(logs);
    }

    assertThat(logs.list)
        .extracting(ILoggingEvent::getFormattedMessage)
        .filteredOn(m -> m.startsWith("Started controller "))
        .containsExactly(
            "Started controller clustervalues for ClusterValues (cozystack.io/v1alpha1)",
            "Started controller platformproperties for PlatformProperties (cozystack.io/v1alpha1)",
            "Started controller packagesource for PackageSource (cozystack.io/v1alpha1)",
            "Started controller package for Package (cozystack.io/v1alpha1)",
            "Started controller applicationdefinition for ApplicationDefinition"
                + " (cozystack.io/v1alpha1)",
            "Started controller backupclass for BackupClass (backups.cozystack.io/v1alpha1)",
            "Started controller backupjob for BackupJob (backups.cozystack.io/v1alpha1)",
            "Started controller backup for Backup (backups.cozystack.io/v1alpha1)",
            "Started controller restorejob-legacy-finalizers for RestoreJob"
                + " (backups.cozystack.io/v1alpha1)",
            "Started controller restorejob for RestoreJob (backups.cozystack.io/v1alpha1)",
            "Started controller plan for Plan (backups.cozystack.io/v1alpha1)",
            "Started controller backupdriver for BackupDriver (backups.cozystack.io/v1alpha1)",
            "Started controller job for Job (strategy.backups.cozystack.io/v1alpha1)");
  }

  @Test
  void theReconcilePoolIsBoundedAndItsIdleThreadsEnd() throws Exception {
    var pool = (java.util.concurrent.ThreadPoolExecutor) OperatorRuntime.reconcilers(3);
    try {
      assertThat(pool.getMaximumPoolSize()).isEqualTo(3);
      assertThat(pool.allowsCoreThreadTimeOut()).isTrue();
      assertThat(pool.submit(() -> Thread.currentThread().getName()).get())
          .startsWith("reconciler-");
    } finally {
      pool.shutdownNow();
    }
  }
}
