package io.cozystack.e2e.chart;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The chart's copies of Flux's CRDs ({@code files/flux-crds/}) are, byte for byte, the files of the
 * Go modules {@code e2e/control-plane/versions.env} pins, as {@code e2e/bin/control-plane crds
 * flux} fetches them (the module proxy, verified against the checksum database): moving a Flux
 * version without the chart fails here.
 */
class FluxCrdsTest {
  private static final Path ROOT = Path.of(System.getProperty("repo.root", "..")).toAbsolutePath();

  @Test
  void theChartsFluxCrdsAreThePinnedModulesFiles() throws Exception {
    Map<String, String> pinned = new TreeMap<>();
    for (String line : pinnedFiles()) {
      Path file = Path.of(line);
      pinned.put(file.getFileName().toString(), sha256(Files.readAllBytes(file)));
    }
    Map<String, String> chart = new TreeMap<>();
    try (Stream<Path> files = Files.list(FluxChartTest.CRD_FILES)) {
      for (Path file : files.toList()) {
        chart.put(file.getFileName().toString(), sha256(Files.readAllBytes(file)));
      }
    }
    String fix =
        "; copy them again: rm charts/cozy-operator/files/flux-crds/* && cp $(e2e/bin/control-plane"
            + " crds flux) charts/cozy-operator/files/flux-crds/";
    assertThat(chart.keySet()).as("the files" + fix).isEqualTo(pinned.keySet());
    pinned.forEach((name, digest) -> assertThat(chart.get(name)).as(name + fix).isEqualTo(digest));
  }

  private static String sha256(byte[] bytes) throws java.security.NoSuchAlgorithmException {
    return "sha256:"
        + java.util.HexFormat.of()
            .formatHex(java.security.MessageDigest.getInstance("SHA-256").digest(bytes));
  }

  private static List<String> pinnedFiles() throws Exception {
    Process p =
        new ProcessBuilder("bash", ROOT.resolve("e2e/bin/control-plane").toString(), "crds", "flux")
            .redirectError(ProcessBuilder.Redirect.INHERIT)
            .start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (!p.waitFor(10, TimeUnit.MINUTES) || p.exitValue() != 0) {
      throw new AssertionError(
          "`e2e/bin/control-plane crds flux` fetches Flux's CRDs from the pinned Go modules (needs"
              + " Go; .ci/run has it), and failed");
    }
    return out.lines().filter(l -> !l.isBlank()).toList();
  }
}
