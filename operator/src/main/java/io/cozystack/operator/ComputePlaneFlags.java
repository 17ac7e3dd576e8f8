package io.cozystack.operator;

import io.cozystack.operator.computeplane.ComputePlaneSettings;
import java.time.Duration;
import picocli.CommandLine.Option;

/** The flags of ComputePlane probing. */
final class ComputePlaneFlags {
  @Option(
      names = "--computeplane-probe-interval",
      defaultValue = "${env:COZY_COMPUTEPLANE_PROBE_INTERVAL:-30s}",
      converter = Main.DurationConverter.class,
      description =
          "How often a Ready ComputePlane cluster's /readyz is probed, and the longest wait"
              + " between probes of one that does not answer (those back off from 2s). Env:"
              + " COZY_COMPUTEPLANE_PROBE_INTERVAL. Default: ${DEFAULT-VALUE}.")
  Duration interval;

  @Option(
      names = "--computeplane-probe-timeout",
      defaultValue = "${env:COZY_COMPUTEPLANE_PROBE_TIMEOUT:-5s}",
      converter = Main.DurationConverter.class,
      description =
          "How long one probe of a ComputePlane cluster may take. Env:"
              + " COZY_COMPUTEPLANE_PROBE_TIMEOUT. Default: ${DEFAULT-VALUE}.")
  Duration timeout;

  ComputePlaneSettings settings() {
    return new ComputePlaneSettings(interval, timeout);
  }
}
