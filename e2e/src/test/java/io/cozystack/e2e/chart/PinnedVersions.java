package io.cozystack.e2e.chart;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/** The versions {@code e2e/control-plane/versions.env} pins (KEY=value lines, # comments). */
public final class PinnedVersions {
  static final Path FILE =
      Path.of(System.getProperty("repo.root", "..")).resolve("e2e/control-plane/versions.env");

  private PinnedVersions() {}

  /** The value of {@code key}, unquoted; fails naming the key when it is missing. */
  public static String get(String key) {
    String value = read().get(key);
    if (value == null) {
      throw new IllegalStateException("no " + key + " in " + FILE);
    }
    return value;
  }

  private static Map<String, String> read() {
    Map<String, String> values = new LinkedHashMap<>();
    try {
      for (String line : Files.readAllLines(FILE)) {
        int eq = line.indexOf('=');
        if (line.isBlank() || line.startsWith("#") || eq < 0) {
          continue;
        }
        values.put(line.substring(0, eq).trim(), line.substring(eq + 1).trim().replace("\"", ""));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return values;
  }
}
