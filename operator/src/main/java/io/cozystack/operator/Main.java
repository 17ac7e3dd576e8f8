package io.cozystack.operator;

import io.cozystack.operator.backups.credentials.CredentialsSettings;
import io.cozystack.operator.bootstrap.BootstrapException;
import io.cozystack.operator.bootstrap.InvalidFlagException;
import io.cozystack.operator.bootstrap.PlatformBootstrap;
import io.cozystack.operator.bootstrap.PlatformRenderer;
import io.cozystack.operator.bootstrap.PlatformSource;
import io.cozystack.operator.bootstrap.PlatformSourceFlags;
import io.cozystack.operator.observability.HealthServer;
import io.cozystack.operator.packages.CatalogTrust;
import io.cozystack.operator.packages.GoDuration;
import io.cozystack.operator.packages.ReleaseSettings;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * Entrypoint of {@code operator.jar}. Connects to the cluster named by {@code KUBECONFIG} (or the
 * in-cluster configuration), checks that the API server answers, starts every controller and runs
 * until SIGTERM.
 */
@Command(
    name = "operator",
    mixinStandardHelpOptions = true,
    description = "The platform operator: packages, applications, tenant values and backups.")
public final class Main implements Callable<Integer> {
  /** Exit code when the API server cannot be reached or refuses us. */
  static final int EXIT_API_UNREACHABLE = 2;

  /** Exit code when a controller cannot start (e.g. its CRD is not installed). */
  static final int EXIT_START_FAILED = 3;

  /** Exit code when the platform bootstrap ({@code --platform-source-url}) cannot be written. */
  static final int EXIT_BOOTSTRAP_FAILED = 4;

  private static final Logger LOG = LoggerFactory.getLogger(Main.class);

  /** Refuses every write once this replica loses the Lease, until the process exits. */
  private final LeadershipFence fence = new LeadershipFence();

  @Option(
      names = "--api-check-timeout",
      defaultValue = "${env:COZY_API_CHECK_TIMEOUT:-10s}",
      converter = DurationConverter.class,
      description =
          "How long to wait for the API server at start-up (e.g. 10s, 1m). Env:"
              + " COZY_API_CHECK_TIMEOUT. Default: ${DEFAULT-VALUE}.")
  Duration apiCheckTimeout;

  @Option(
      names = "--trusted-catalog-sources",
      split = ",",
      defaultValue =
          "cozystack-platform,cozystack-services,cozystack-virtualization,cozystack-packages",
      description =
          "Flux sources in cozy-system (OCIRepository names) whose catalogs install with"
              + " helm-controller's own rights; every other catalog installs as a ServiceAccount"
              + " holding only the rights it declares. An empty value trusts none; the source"
              + " --platform-source-url creates is always trusted. Default: ${DEFAULT-VALUE}.")
  List<String> trustedCatalogSources;

  @Option(
      names = "--helmrelease-interval",
      defaultValue = "5m",
      description = "HelmRelease spec.interval. Default: ${DEFAULT-VALUE}.")
  String helmReleaseInterval;

  @Option(
      names = "--helmrelease-retry-interval",
      defaultValue = "30s",
      description =
          "Retry interval of the RetryOnFailure install/upgrade strategy. Default: ${DEFAULT-VALUE}.")
  String helmReleaseRetryInterval;

  @Option(
      names = "--helmrelease-install-timeout",
      defaultValue = "10m",
      description = "HelmRelease spec.install.timeout. Default: ${DEFAULT-VALUE}.")
  String helmReleaseInstallTimeout;

  @Option(
      names = "--helmrelease-upgrade-timeout",
      defaultValue = "10m",
      description = "HelmRelease spec.upgrade.timeout. Default: ${DEFAULT-VALUE}.")
  String helmReleaseUpgradeTimeout;

  @Option(
      names = "--helmrelease-max-history",
      defaultValue = "5",
      description = "HelmRelease spec.maxHistory (0 or more). Default: ${DEFAULT-VALUE}.")
  int helmReleaseMaxHistory;

  @Option(
      names = "--metrics-port",
      defaultValue = "${env:COZY_METRICS_PORT:-8080}",
      description =
          "Port of /metrics, /healthz and /readyz (0 picks a free port). Env: COZY_METRICS_PORT."
              + " Default: ${DEFAULT-VALUE}.")
  int metricsPort;

  @Option(
      names = "--reconcile-threads",
      defaultValue =
          "${env:COZY_RECONCILE_THREADS:-" + OperatorRuntime.DEFAULT_RECONCILE_THREADS + "}",
      description =
          "Reconciles of Packages, sources, definitions and backups that run at once (1 or"
              + " more). Env: COZY_RECONCILE_THREADS. Default: ${DEFAULT-VALUE}.")
  int reconcileThreads;

  @CommandLine.Mixin ComputePlaneFlags computePlane = new ComputePlaneFlags();

  @CommandLine.Mixin LeaderElectionFlags leaderElection = new LeaderElectionFlags();

  @CommandLine.Mixin BackupCredentialsFlags backupCredentials = new BackupCredentialsFlags();

  @Option(
      names = PlatformSourceFlags.URL,
      defaultValue = "${env:COZY_PLATFORM_SOURCE_URL:-}",
      description =
          "The platform catalog: oci://... (an OCIRepository) or https://, http://, ssh://... (a"
              + " GitRepository). When set, start-up applies that Flux source in cozy-system, the"
              + " PackageSource cozystack.<name> and, if absent, the Package of that name. Env:"
              + " COZY_PLATFORM_SOURCE_URL.")
  String platformSourceUrl;

  @Option(
      names = PlatformSourceFlags.NAME,
      defaultValue = "${env:COZY_PLATFORM_SOURCE_NAME:-" + PlatformSourceFlags.DEFAULT_NAME + "}",
      description =
          "Name of the Flux source; the PackageSource and Package are cozystack.<name>. Env:"
              + " COZY_PLATFORM_SOURCE_NAME. Default: ${DEFAULT-VALUE}.")
  String platformSourceName;

  @Option(
      names = PlatformSourceFlags.REF,
      defaultValue = "${env:COZY_PLATFORM_SOURCE_REF:-}",
      description =
          "The source's spec.ref as key=value pairs, comma-separated (e.g. tag=v1.0.0 or"
              + " digest=sha256:...). OCI keys: digest, semver, semverFilter, tag. Git keys: branch,"
              + " tag, semver, name, commit. Env: COZY_PLATFORM_SOURCE_REF.")
  String platformSourceRef;

  @Option(
      names = PlatformSourceFlags.SECRET,
      defaultValue = "${env:COZY_PLATFORM_SOURCE_SECRET:-}",
      description =
          "Secret in cozy-system with the source's credentials (spec.secretRef):"
              + " kubernetes.io/dockerconfigjson for OCI; username and password, or identity and"
              + " known_hosts, for Git. Env: COZY_PLATFORM_SOURCE_SECRET.")
  String platformSourceSecret;

  @Option(
      names = PlatformSourceFlags.INSECURE,
      defaultValue = "${env:COZY_PLATFORM_SOURCE_INSECURE:-false}",
      arity = "1",
      description =
          "Pull the OCI artifact over plain HTTP (OCIRepository spec.insecure), e.g. from a"
              + " loopback registry; refused with a Git URL. Env: COZY_PLATFORM_SOURCE_INSECURE."
              + " Default: ${DEFAULT-VALUE}.")
  boolean platformSourceInsecure;

  @picocli.CommandLine.Spec picocli.CommandLine.Model.CommandSpec spec;

  public static void main(String[] args) {
    System.exit(new CommandLine(new Main()).execute(args));
  }

  @Override
  public Integer call() {
    ReleaseSettings releaseSettings = releaseSettings();
    CredentialsSettings credentials = credentialsSettings();
    Optional<PlatformSource> platform = platformSource();
    if (reconcileThreads < 1) {
      throw new CommandLine.ParameterException(
          spec.commandLine(), "--reconcile-threads must be 1 or more, got " + reconcileThreads);
    }
    PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    KubernetesClient client =
        KubeClients.builder(Config.autoConfigure(null), registry, fence).build();
    try {
      ApiServerCheck.verify(client, apiCheckTimeout);
    } catch (ApiServerCheck.UnreachableException e) {
      LOG.error("{}", e.getMessage());
      client.close();
      return EXIT_API_UNREACHABLE;
    }
    // Before any controller starts; idempotent, so every replica does it, leading or not.
    if (platform.isPresent()) {
      try {
        new PlatformBootstrap(client).apply(PlatformRenderer.render(platform.get()));
      } catch (BootstrapException e) {
        LOG.error("{}", e.getMessage());
        client.close();
        return EXIT_BOOTSTRAP_FAILED;
      }
    }
    // The leader callback starts the platform's own backup drivers; it needs the runtime it is
    // part of.
    AtomicReference<OperatorRuntime> leading = new AtomicReference<>();
    OperatorRuntime runtime =
        new OperatorRuntime(
            client,
            Controllers.all(
                client, releaseSettings, credentials, computePlane.settings(), registry),
            Controllers.drivers(),
            true,
            registry,
            leaderElection.configuration(fence, () -> startDrivers(leading.get())),
            reconcileThreads);
    leading.set(runtime);
    try {
      HealthServer health = new HealthServer(metricsPort, registry, runtime::unreadiness);
      LOG.info("Serving /metrics, /healthz and /readyz on port {}", health.port());
    } catch (java.io.IOException e) {
      LOG.error("Cannot listen on --metrics-port {}: {}", metricsPort, e.getMessage());
      return EXIT_START_FAILED;
    }
    // Installed before start: a SIGTERM during start-up must still stop the controllers cleanly.
    CountDownLatch stopped = installShutdownHook(runtime);
    try {
      runtime.start();
    } catch (RuntimeException e) {
      LOG.error("Controllers failed to start: {}", OperatorRuntime.describe(e));
      return EXIT_START_FAILED;
    }
    awaitQuietly(stopped);
    return 0;
  }

  /** Starts the drivers once leading; a driver that cannot start stops the process. */
  private static void startDrivers(OperatorRuntime runtime) {
    try {
      runtime.startDrivers();
    } catch (RuntimeException e) {
      LOG.error("The platform's backup drivers failed to start: {}", OperatorRuntime.describe(e));
      System.exit(EXIT_START_FAILED);
    }
  }

  /** The backup credentials projection: all three names, or none of them. */
  CredentialsSettings credentialsSettings() {
    try {
      return backupCredentials.settings();
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
    }
  }

  /** The platform bootstrap the --platform-source-* flags ask for; empty without a URL. */
  Optional<PlatformSource> platformSource() {
    try {
      return PlatformSourceFlags.parse(
          platformSourceUrl,
          platformSourceName,
          platformSourceRef,
          platformSourceSecret,
          platformSourceInsecure);
    } catch (InvalidFlagException e) {
      throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
    }
  }

  /** Validates the HelmRelease flags (Flux duration syntax, positive) into settings. */
  ReleaseSettings releaseSettings() {
    if (helmReleaseMaxHistory < 0) {
      throw new CommandLine.ParameterException(
          spec.commandLine(),
          "--helmrelease-max-history must be 0 or more, got " + helmReleaseMaxHistory);
    }
    return new ReleaseSettings(
        fluxDuration("--helmrelease-interval", helmReleaseInterval),
        fluxDuration("--helmrelease-retry-interval", helmReleaseRetryInterval),
        fluxDuration("--helmrelease-install-timeout", helmReleaseInstallTimeout),
        fluxDuration("--helmrelease-upgrade-timeout", helmReleaseUpgradeTimeout),
        helmReleaseMaxHistory,
        new CatalogTrust(trustedSources()));
  }

  /** --trusted-catalog-sources, and the platform's own source when the bootstrap creates it. */
  private Set<String> trustedSources() {
    Set<String> sources = new java.util.TreeSet<>();
    if (trustedCatalogSources != null) {
      trustedCatalogSources.stream()
          .map(String::strip)
          .filter(n -> !n.isEmpty())
          .forEach(sources::add);
    }
    if (platformSourceUrl != null && !platformSourceUrl.isBlank() && platformSourceName != null) {
      sources.add(platformSourceName);
    }
    return sources;
  }

  /** The flag's duration as Go writes it (5m → 5m0s); refused unless positive. */
  private String fluxDuration(String flag, String value) {
    if (GoDuration.parse(value).filter(nanos -> nanos > 0).isEmpty()) {
      throw new CommandLine.ParameterException(
          spec.commandLine(),
          flag + " must be a positive duration such as 30s, 5m or 1h30m, got '" + value + "'");
    }
    return GoDuration.canonical(value);
  }

  /** Stops the controllers when the JVM is asked to exit (SIGTERM, SIGINT). */
  private static CountDownLatch installShutdownHook(OperatorRuntime runtime) {
    CountDownLatch stopped = new CountDownLatch(1);
    Runtime.getRuntime()
        .addShutdownHook(
            new Thread(
                () -> {
                  LOG.info("Shutdown requested; stopping controllers");
                  runtime.stop();
                  LOG.info("Operator stopped");
                  stopped.countDown();
                },
                "shutdown"));
    return stopped;
  }

  private static void awaitQuietly(CountDownLatch latch) {
    try {
      latch.await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** Parses {@code 10s}, {@code 2m}, {@code 1h} or an ISO-8601 duration. */
  static final class DurationConverter implements CommandLine.ITypeConverter<Duration> {
    @Override
    public Duration convert(String value) {
      String v = value.trim().toLowerCase(java.util.Locale.ROOT);
      if (v.startsWith("p")) {
        return Duration.parse(value.trim().toUpperCase(java.util.Locale.ROOT));
      }
      if (v.matches("\\d+(ms|s|m|h)")) {
        long n = Long.parseLong(v.replaceAll("\\D", ""));
        return switch (v.replaceAll("\\d", "")) {
          case "ms" -> Duration.ofMillis(n);
          case "s" -> Duration.ofSeconds(n);
          case "m" -> Duration.ofMinutes(n);
          default -> Duration.ofHours(n);
        };
      }
      throw new CommandLine.TypeConversionException(
          "'" + value + "' is not a duration; use e.g. 500ms, 10s, 2m or 1h");
    }
  }
}
