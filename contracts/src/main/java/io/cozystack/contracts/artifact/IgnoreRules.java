package io.cozystack.contracts.artifact;

import java.io.IOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.ArrayList;
import java.util.List;

/**
 * What a catalog's artifact leaves out: the build's own directories ({@code target/}, {@code src/}
 * at the root, {@code .git} anywhere) and the globs of an optional {@code .cozyignore} in the root.
 * A {@code .cozyignore} line is a glob ({@code *} within one path segment, {@code **} across them);
 * one without a '/' matches a file or directory name at any depth, one with a '/' the path from the
 * root. A matched directory is left out whole. Blank lines and {@code #} comments are skipped.
 */
final class IgnoreRules {
  static final String FILE = ".cozyignore";
  private static final List<String> ROOT_ONLY = List.of("target", "src");

  private final List<PathMatcher> byName = new ArrayList<>();
  private final List<PathMatcher> byPath = new ArrayList<>();

  private IgnoreRules() {}

  static IgnoreRules of(Path root) throws IOException {
    IgnoreRules rules = new IgnoreRules();
    Path file = root.resolve(FILE);
    if (Files.isRegularFile(file)) {
      for (String line : Files.readAllLines(file)) {
        rules.add(line.strip());
      }
    }
    return rules;
  }

  private void add(String pattern) {
    if (pattern.isEmpty() || pattern.startsWith("#")) {
      return;
    }
    String glob = pattern.replaceAll("^/+|/+$", "");
    PathMatcher matcher = FileSystems.getDefault().getPathMatcher("glob:" + glob);
    (glob.contains("/") ? byPath : byName).add(matcher);
  }

  /** Whether {@code relative} (a path below the root, '/'-separated) stays out of the artifact. */
  boolean ignores(String relative) {
    String name = relative.substring(relative.lastIndexOf('/') + 1);
    if (name.equals(".git") || ROOT_ONLY.contains(relative)) {
      return true;
    }
    Path path = Path.of(relative);
    Path fileName = Path.of(name);
    return byName.stream().anyMatch(m -> m.matches(fileName))
        || byPath.stream().anyMatch(m -> m.matches(path));
  }
}
