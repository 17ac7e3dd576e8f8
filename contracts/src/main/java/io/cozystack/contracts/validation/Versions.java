package io.cozystack.contracts.validation;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Numeric versions ({@code 1.32}, {@code 0.1.0-SNAPSHOT}) as comparable triples. */
public final class Versions {
  private static final Pattern VERSION =
      Pattern.compile("^v?([0-9]+)\\.([0-9]+)(?:\\.([0-9]+))?(?:[-+].*)?$");

  private Versions() {}

  /** {major, minor, patch}, or null when {@code text} is not a version. */
  public static int[] parse(String text) {
    Matcher m = text == null ? null : VERSION.matcher(text);
    if (m == null || !m.matches()) {
      return null;
    }
    return new int[] {
      Integer.parseInt(m.group(1)),
      Integer.parseInt(m.group(2)),
      m.group(3) == null ? 0 : Integer.parseInt(m.group(3))
    };
  }

  /** Whether {@code have} is at least {@code atLeast}; false when either is not a version. */
  public static boolean atLeast(String have, String atLeast) {
    int[] a = parse(have);
    int[] b = parse(atLeast);
    if (a == null || b == null) {
      return false;
    }
    for (int i = 0; i < 3; i++) {
      if (a[i] != b[i]) {
        return a[i] > b[i];
      }
    }
    return true;
  }
}
