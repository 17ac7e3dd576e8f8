package io.cozystack.api.v1alpha1;

import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * A path a PackageSource copies from its Flux source (a component or library {@code path}, a values
 * file): relative to the source's base path and without a {@code ..} segment, so that an artifact
 * never reaches outside the directory its source names. The CRD schema enforces {@link #PATTERN};
 * the operator checks {@link #problem} again for sources stored before it existed.
 */
public final class SourcePath {
  private static final String SEGMENT = "(\\.|\\.?[^/.][^/]*|\\.\\.[^/]+)";

  /**
   * Segments separated by "/", the first not empty (no leading "/", and not the empty path, which
   * names no chart directory), none "..". RE2 and Java agree on it (no look-around).
   */
  public static final String PATTERN = "^" + SEGMENT + "(/" + SEGMENT + "?)*$";

  private static final Pattern COMPILED = Pattern.compile(PATTERN);

  private SourcePath() {}

  /** Whether {@code path} stays inside the source. */
  public static boolean valid(String path) {
    return path == null || COMPILED.matcher(path).matches();
  }

  /** Why {@code path} (the value of {@code field}) is refused, if it is. */
  public static Optional<String> problem(String field, String path) {
    if (valid(path)) {
      return Optional.empty();
    }
    String why =
        path.isEmpty()
            ? "is empty (a chart directory or file must be named)"
            : path.startsWith("/")
                ? "is absolute"
                : List.of(path.split("/", -1)).contains("..")
                    ? "has a \"..\" segment"
                    : "is not a relative path";
    return Optional.of(
        field
            + " '"
            + path
            + "' "
            + why
            + ": paths are relative to the source's base path and may not leave it");
  }
}
