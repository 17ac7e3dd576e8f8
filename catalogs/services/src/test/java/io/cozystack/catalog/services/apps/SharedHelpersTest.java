package io.cozystack.catalog.services.apps;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every application chart carries the same {@code templates/_common.tpl} (the K1 labels, resource
 * presets, passwords, quantities): each chart is installed alone, so each has its copy, and the
 * copies may not drift apart.
 */
class SharedHelpersTest {
  @Test
  void everyChartsCommonHelpersAreTheSame() throws IOException {
    List<Path> copies;
    try (Stream<Path> charts = Files.list(Path.of("charts"))) {
      copies =
          charts
              .map(c -> c.resolve("templates/_common.tpl"))
              .filter(Files::isRegularFile)
              .sorted()
              .toList();
    }
    assertThat(copies).hasSizeGreaterThanOrEqualTo(2);
    String first = Files.readString(copies.get(0));
    for (Path copy : copies) {
      assertThat(Files.readString(copy)).as(copy + " equals " + copies.get(0)).isEqualTo(first);
    }
  }
}
