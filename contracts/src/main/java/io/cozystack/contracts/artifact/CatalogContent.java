package io.cozystack.contracts.artifact;

import static io.cozystack.api.catalog.CatalogManifest.COZY_LIB_PATH;

import io.cozystack.api.catalog.CatalogManifest;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * The entries of a catalog's artifact, keyed by their relative '/'-separated path: the catalog's
 * own files and directories (less {@link IgnoreRules}) and the platform's cozy-lib at {@link
 * CatalogManifest#COZY_LIB_PATH}. The value is a file's bytes, or empty for a directory. The map is
 * sorted, and a parent's path is a prefix of its children's, so iteration writes every directory
 * before its content.
 */
final class CatalogContent {
  /** The directory that holds the platform's cozy-lib in the artifact. */
  private static final String LIBRARY = COZY_LIB_PATH.substring(0, COZY_LIB_PATH.lastIndexOf('/'));

  private CatalogContent() {}

  static TreeMap<String, Optional<byte[]>> of(Path root, Optional<Path> exclude)
      throws IOException {
    TreeMap<String, Optional<byte[]>> entries = new TreeMap<>();
    IgnoreRules ignore = IgnoreRules.of(root);
    Optional<Path> excluded = exclude.map(p -> p.toAbsolutePath().normalize());
    try (Stream<Path> walk = Files.walk(root)) {
      for (Path path : walk.skip(1).toList()) {
        String relative = relative(root, path);
        if (ignore.ignores(relative)
            || excluded.equals(Optional.of(path.toAbsolutePath().normalize()))
            || underIgnored(relative, entries)) {
          continue;
        }
        entries.put(relative, content(path, relative));
      }
    }
    addCozyLib(root, ignore, entries);
    return entries;
  }

  /**
   * Whether the catalog, less what it ignores, has its own {@code library/cozy-lib} (or a file
   * {@code library}), where the artifact carries the platform's cozy-lib.
   */
  static boolean carriesOwnCozyLib(Path root, IgnoreRules ignore) {
    if (ignore.ignores(LIBRARY)) {
      return false;
    }
    return Files.isRegularFile(root.resolve(LIBRARY), LinkOption.NOFOLLOW_LINKS)
        || (!ignore.ignores(COZY_LIB_PATH)
            && Files.exists(root.resolve(COZY_LIB_PATH), LinkOption.NOFOLLOW_LINKS));
  }

  private static String relative(Path root, Path path) {
    return root.relativize(path).toString().replace(path.getFileSystem().getSeparator(), "/");
  }

  /** Files.walk still descends into an ignored directory; its content is left out with it. */
  private static boolean underIgnored(String relative, Map<String, Optional<byte[]>> kept) {
    int slash = relative.lastIndexOf('/');
    return slash > 0 && !kept.containsKey(relative.substring(0, slash));
  }

  private static Optional<byte[]> content(Path path, String relative) throws IOException {
    if (Files.isSymbolicLink(path)) {
      // Flux's extractor drops links, so the catalog would arrive without the linked content.
      throw new IOException(
          relative + " is a symbolic link; replace it with a copy of what it points to");
    }
    if (Files.isDirectory(path, LinkOption.NOFOLLOW_LINKS)) {
      return Optional.empty();
    }
    if (!Files.isRegularFile(path, LinkOption.NOFOLLOW_LINKS)) {
      throw new IOException(relative + " is neither a file nor a directory; remove it");
    }
    return Optional.of(Files.readAllBytes(path));
  }

  private static void addCozyLib(
      Path root, IgnoreRules ignore, Map<String, Optional<byte[]>> entries) throws IOException {
    if (carriesOwnCozyLib(root, ignore)) {
      throw new IOException(
          "the catalog has its own "
              + COZY_LIB_PATH
              + "; the artifact carries the platform's cozy-lib there, so remove the catalog's copy");
    }
    entries.putIfAbsent(LIBRARY, Optional.empty());
    entries.put(COZY_LIB_PATH, Optional.empty());
    for (Map.Entry<String, byte[]> file : CozyLibChart.files().entrySet()) {
      String path = COZY_LIB_PATH + "/" + file.getKey();
      for (int slash = path.indexOf('/', COZY_LIB_PATH.length() + 1);
          slash > 0;
          slash = path.indexOf('/', slash + 1)) {
        entries.put(path.substring(0, slash), Optional.empty());
      }
      entries.put(path, Optional.of(file.getValue()));
    }
  }
}
