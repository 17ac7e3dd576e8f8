package io.cozystack.e2e;

import io.fabric8.kubernetes.client.utils.Serialization;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * The JVM as the operator's chart runs it: its {@code operator.jvmOptions} (which the image and
 * {@code operator/bin/run} carry too), and its memory limit as the JVM's memory ({@code
 * -XX:MaxRAM}, what the container's limit tells the JVM in a pod).
 */
final class OperatorJvm {
  private OperatorJvm() {}

  /** The chart's {@code operator.jvmOptions}, split. */
  static List<String> options() {
    Object options = ((Map<?, ?>) values().get("operator")).get("jvmOptions");
    return options == null || options.toString().isBlank()
        ? List.of()
        : Arrays.asList(options.toString().trim().split("\\s+"));
  }

  /** The chart's memory limit as a JVM size ({@code 384Mi} → {@code 384m}). */
  static String memoryLimit() {
    Map<?, ?> limits = (Map<?, ?>) ((Map<?, ?>) values().get("resources")).get("limits");
    return limits.get("memory").toString().replace("Mi", "m").replace("Gi", "g");
  }

  /** The flags that start the operator's JVM as in the chart's pod. */
  static List<String> flags() {
    List<String> flags = new ArrayList<>();
    flags.add("-XX:MaxRAM=" + memoryLimit());
    flags.addAll(options());
    return flags;
  }

  private static Map<?, ?> values() {
    try {
      return Serialization.unmarshal(
          Files.readString(ControlPlane.repoRoot().resolve("charts/cozy-operator/values.yaml")),
          Map.class);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
