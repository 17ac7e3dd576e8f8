package io.cozystack.operator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.LoggerFactory;
import picocli.CommandLine;

/** The entrypoint's refusal to start without a usable API server, and its flag parsing. */
class MainTest {
  @TempDir Path dir;
  private final ListAppender<ILoggingEvent> logs = new ListAppender<>();

  @AfterEach
  void restore() {
    System.clearProperty("kubeconfig");
    ((Logger) LoggerFactory.getLogger(Main.class)).detachAppender(logs);
  }

  @Test
  void unreachableApiServerExitsWithCode2AndNamesTheServer() throws IOException {
    int closedPort = freePort();
    Path kubeconfig = dir.resolve("kubeconfig");
    Files.writeString(
        kubeconfig,
        """
        apiVersion: v1
        kind: Config
        clusters: [{name: c, cluster: {server: "https://127.0.0.1:%d"}}]
        users: [{name: u, user: {token: t}}]
        contexts: [{name: x, context: {cluster: c, user: u}}]
        current-context: x
        """
            .formatted(closedPort));
    System.setProperty("kubeconfig", kubeconfig.toString());
    logs.start();
    ((Logger) LoggerFactory.getLogger(Main.class)).addAppender(logs);

    int exit = new CommandLine(new Main()).execute("--api-check-timeout=5s");

    assertThat(exit).isEqualTo(Main.EXIT_API_UNREACHABLE);
    assertThat(logs.list)
        .extracting(ILoggingEvent::getFormattedMessage)
        .anyMatch(
            m ->
                m.startsWith(
                        "Cannot reach the Kubernetes API server at https://127.0.0.1:" + closedPort)
                    && m.contains("Point KUBECONFIG at a reachable cluster"));
  }

  @Test
  void durationsAcceptUnitsAndIso8601() {
    Main.DurationConverter converter = new Main.DurationConverter();
    assertThat(converter.convert("500ms")).isEqualTo(Duration.ofMillis(500));
    assertThat(converter.convert("10s")).isEqualTo(Duration.ofSeconds(10));
    assertThat(converter.convert("2m")).isEqualTo(Duration.ofMinutes(2));
    assertThat(converter.convert("1h")).isEqualTo(Duration.ofHours(1));
    assertThat(converter.convert("PT30S")).isEqualTo(Duration.ofSeconds(30));
    assertThatThrownBy(() -> converter.convert("soon"))
        .hasMessageContaining("'soon' is not a duration");
  }

  @Test
  void aBadFlagValueIsRefusedWithUsage() {
    var err = new java.io.StringWriter();
    CommandLine cli = new CommandLine(new Main()).setErr(new java.io.PrintWriter(err));

    int exit = cli.execute("--api-check-timeout=soon");

    assertThat(exit).isEqualTo(CommandLine.ExitCode.USAGE);
    assertThat(err.toString()).contains("--api-check-timeout").contains("'soon' is not a duration");
  }

  @Test
  void aHalfConfiguredCredentialsProjectionIsRefusedNamingTheMissingFlags() {
    var err = new java.io.StringWriter();
    CommandLine cli = new CommandLine(new Main()).setErr(new java.io.PrintWriter(err));

    int exit =
        cli.execute(
            "--backup-storage-secret-namespace=cozy-system", "--backup-storage-secret-name=bucket");

    assertThat(exit).isEqualTo(CommandLine.ExitCode.USAGE);
    assertThat(err.toString())
        .contains("half configured")
        .contains("--backup-storage-creds-secret-name");
  }

  @Test
  void reconcileThreadsMustBePositive() {
    var err = new java.io.StringWriter();
    CommandLine cli = new CommandLine(new Main()).setErr(new java.io.PrintWriter(err));

    int exit = cli.execute("--reconcile-threads=0");

    assertThat(exit).isEqualTo(CommandLine.ExitCode.USAGE);
    assertThat(err.toString()).contains("--reconcile-threads must be 1 or more, got 0");
  }

  @Test
  void trustedCatalogSourcesDefaultToThePlatformsAndAddTheBootstrappedSource() {
    Main defaults = new Main();
    new CommandLine(defaults).parseArgs();
    assertThat(defaults.releaseSettings().trust().trustedSources())
        .containsExactlyInAnyOrder(
            "cozystack-platform",
            "cozystack-services",
            "cozystack-virtualization",
            "cozystack-packages");

    Main none = new Main();
    new CommandLine(none)
        .parseArgs(
            "--trusted-catalog-sources=",
            "--platform-source-url=oci://registry.example.com/catalogs/platform",
            "--platform-source-name=my-platform");
    assertThat(none.releaseSettings().trust().trustedSources()).containsExactly("my-platform");
  }

  private static int freePort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    }
  }
}
