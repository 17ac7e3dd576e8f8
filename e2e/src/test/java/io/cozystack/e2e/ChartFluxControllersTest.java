package io.cozystack.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** How FluxChartIT turns a chart Deployment's arguments into a local process's. */
class ChartFluxControllersTest {

  @Test
  void addressesAndStorageMoveToLoopbackEverythingElseIsKept() {
    List<String> args =
        ChartFluxControllers.localArgs(
            List.of(
                "--watch-all-namespaces=true",
                "--log-encoding=json",
                "--enable-leader-election=false",
                "--health-addr=:9440",
                "--metrics-addr=:8080",
                "--storage-path=/data",
                "--storage-addr=:9090",
                "--storage-adv-addr=source-controller.$(RUNTIME_NAMESPACE).svc.cluster.local.",
                "--events-addr=http://notify.$(RUNTIME_NAMESPACE).svc/"),
            Map.of("RUNTIME_NAMESPACE", "cozy-system"),
            1001,
            1002,
            1003,
            Path.of("/tmp/store"));

    assertThat(args)
        .containsExactly(
            "--watch-all-namespaces=true",
            "--log-encoding=json",
            "--enable-leader-election=false",
            "--health-addr=127.0.0.1:1001",
            "--metrics-addr=127.0.0.1:1002",
            "--storage-path=/tmp/store",
            "--storage-addr=127.0.0.1:1003",
            "--storage-adv-addr=127.0.0.1:1003",
            "--events-addr=http://notify.cozy-system.svc/");
  }
}
