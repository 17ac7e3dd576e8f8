package io.cozystack.contracts.artifact;

import java.io.IOException;
import java.io.InputStream;
import java.util.Map;
import java.util.TreeMap;

/**
 * The platform's cozy-lib chart (K5) as this jar carries it: {@code cozy-catalog package} ships it
 * in every catalog's artifact, and the validator vendors it into every chart it renders.
 */
public final class CozyLibChart {
  private static final String RESOURCES = "/io/cozystack/contracts/cozy-lib/";
  private static final String[] FILES = {"Chart.yaml", "templates/_helpers.tpl"};

  private CozyLibChart() {}

  /** Each file's path inside the chart, in path order, and its bytes. */
  public static Map<String, byte[]> files() throws IOException {
    Map<String, byte[]> files = new TreeMap<>();
    for (String file : FILES) {
      try (InputStream in = CozyLibChart.class.getResourceAsStream(RESOURCES + file)) {
        if (in == null) {
          throw new IOException("this jar lacks its cozy-lib file " + RESOURCES + file);
        }
        files.put(file, in.readAllBytes());
      }
    }
    return files;
  }
}
