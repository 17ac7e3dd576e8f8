package io.cozystack.e2e;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.ThreadLocalRandom;

/**
 * A test catalog's -rd chart: it installs the ApplicationDefinition of one kind, Gizmo<suffix>
 * (plural gizmo<suffix>s), as every catalog's -rd chart installs its kinds' definitions.
 */
final class GizmoCatalog {
  private GizmoCatalog() {}

  /** {@code n} random lowercase letters. */
  static String letters(int n) {
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < n; i++) {
      out.append((char) ('a' + ThreadLocalRandom.current().nextInt(26)));
    }
    return out.toString();
  }

  /** The kind's singular for {@code suffix} (lowercase letters). */
  static String singular(String suffix) {
    return "gizmo" + suffix;
  }

  /** Writes the chart under {@code dir} and returns its path. */
  static Path rdChart(Path dir, String suffix) throws IOException {
    Path chart = dir.resolve("gizmo-rd");
    Files.createDirectories(chart.resolve("templates"));
    Files.writeString(
        chart.resolve("Chart.yaml"),
        "apiVersion: v2\nname: gizmo-rd\nversion: 0.1.0\ntype: application\n");
    String kind = "Gizmo" + Character.toUpperCase(suffix.charAt(0)) + suffix.substring(1);
    Files.writeString(
        chart.resolve("templates/definition.yaml"),
        """
        apiVersion: cozystack.io/v1alpha1
        kind: ApplicationDefinition
        metadata:
          name: %1$s
          annotations: {}
        spec:
          application:
            kind: %2$s
            singular: %1$s
            plural: %1$ss
            openAPISchema: '{"type":"object","properties":{}}'
          release:
            prefix: "%1$s-"
            chartRef:
              kind: ExternalArtifact
              name: e2e-%1$s
              namespace: cozy-system
        """
            .formatted(singular(suffix), kind));
    return chart;
  }
}
