package io.cozystack.operator;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.fabric8.kubernetes.api.model.StatusBuilder;
import io.fabric8.kubernetes.client.VersionInfo;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.LoggerFactory;
import picocli.CommandLine;

/**
 * The {@code --platform-source-*} flags at start-up: a bad value stops before any API request
 * (usage exit code 2, the message naming the flag); a bootstrap the API server refuses stops before
 * any controller starts (exit code 4, the message saying what to install).
 */
@EnableKubernetesMockClient
class PlatformBootstrapStartTest {
  KubernetesMockServer server;
  @TempDir Path dir;
  private final ListAppender<ILoggingEvent> logs = new ListAppender<>();

  @AfterEach
  void restore() {
    System.clearProperty("kubeconfig");
    ((Logger) LoggerFactory.getLogger(Main.class)).detachAppender(logs);
  }

  @Test
  void aBadRefIsRefusedAtStartNamingTheFlagAndKey() {
    StringWriter err = new StringWriter();
    CommandLine cli = new CommandLine(new Main()).setErr(new PrintWriter(err));

    int exit =
        cli.execute(
            "--platform-source-url=oci://r.local/platform", "--platform-source-ref=branch=main");

    assertThat(exit).isEqualTo(CommandLine.ExitCode.USAGE).isEqualTo(2);
    assertThat(err.toString())
        .contains("--platform-source-ref key branch is not valid for an OCI URL")
        .contains("valid keys: digest, semver, semverFilter, tag");
  }

  @Test
  void insecureWithAGitUrlIsRefusedAtStart() {
    StringWriter err = new StringWriter();
    CommandLine cli = new CommandLine(new Main()).setErr(new PrintWriter(err));

    int exit =
        cli.execute(
            "--platform-source-url=https://github.com/acme/platform",
            "--platform-source-insecure=true");

    assertThat(exit).isEqualTo(CommandLine.ExitCode.USAGE);
    assertThat(err.toString()).contains("--platform-source-insecure applies to an OCI registry");
  }

  @Test
  void fluxNotInstalledStopsStartUpWithExitCode4() throws Exception {
    server
        .expect()
        .get()
        .withPath("/version")
        .andReturn(200, new VersionInfo.Builder().withGitVersion("v1.36.0").build())
        .always();
    server
        .expect()
        .post()
        .withPath("/api/v1/namespaces")
        .andReturn(409, new StatusBuilder().withCode(409).withReason("AlreadyExists").build())
        .once();
    // Nothing else is expected: the OCIRepository patch gets the mock's 404, as from an API server
    // that does not serve source.toolkit.fluxcd.io.
    Path kubeconfig = dir.resolve("kubeconfig");
    Files.writeString(
        kubeconfig,
        """
        apiVersion: v1
        kind: Config
        clusters: [{name: c, cluster: {server: "%s", insecure-skip-tls-verify: true}}]
        users: [{name: u, user: {token: t}}]
        contexts: [{name: x, context: {cluster: c, user: u}}]
        current-context: x
        """
            .formatted(server.url("/").replaceAll("/$", "")));
    System.setProperty("kubeconfig", kubeconfig.toString());
    logs.start();
    ((Logger) LoggerFactory.getLogger(Main.class)).addAppender(logs);

    int exit =
        new CommandLine(new Main())
            .execute("--platform-source-url=oci://r.local/platform", "--metrics-port=0");

    assertThat(exit).isEqualTo(Main.EXIT_BOOTSTRAP_FAILED).isEqualTo(4);
    assertThat(logs.list)
        .extracting(ILoggingEvent::getFormattedMessage)
        .anyMatch(
            m ->
                m.startsWith("Cannot bootstrap the platform: writing OCIRepository")
                    && m.contains("Install Flux"));
    assertThat(logs.list)
        .extracting(ILoggingEvent::getFormattedMessage)
        .noneMatch(m -> m.startsWith("Serving /metrics"));
  }
}
