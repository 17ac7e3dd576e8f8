package io.cozystack.e2e;

import io.cozystack.contracts.validation.ChartRender;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/** The platform catalog's tenant chart as the platform packages it: cozy-lib vendored. */
final class TenantCharts {
  static final Path CHART = ControlPlane.repoRoot().resolve("catalogs/platform/charts/tenant");

  private TenantCharts() {}

  /** A copy of the tenant chart under {@code work}, with the platform's cozy-lib vendored. */
  static Path vendored(Path work) throws IOException {
    Path copy = work.resolve(CHART.getFileName().toString());
    try (Stream<Path> walk = Files.walk(CHART)) {
      for (Path p : walk.toList()) {
        Path target = copy.resolve(CHART.relativize(p).toString());
        if (Files.isDirectory(p)) {
          Files.createDirectories(target);
        } else {
          Files.copy(p, target);
        }
      }
    }
    for (var file : ChartRender.cozyLib().entrySet()) {
      Path out = copy.resolve("charts/cozy-lib").resolve(file.getKey());
      Files.createDirectories(out.getParent());
      Files.write(out, file.getValue());
    }
    return copy;
  }
}
