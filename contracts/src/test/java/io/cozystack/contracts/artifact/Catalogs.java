package io.cozystack.contracts.artifact;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/** Copies of the validator's good fixture catalog, for the artifact tests to pack. */
final class Catalogs {
  private Catalogs() {}

  static Path good(Path into) throws IOException {
    try {
      Path source = Path.of(Catalogs.class.getResource("/catalogs/good").toURI());
      try (Stream<Path> walk = Files.walk(source)) {
        for (Path p : walk.toList()) {
          Path target = into.resolve(source.relativize(p).toString());
          if (Files.isDirectory(p)) {
            Files.createDirectories(target);
          } else {
            Files.copy(p, target);
          }
        }
      }
      return into;
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  static void write(Path root, String file, String content) throws IOException {
    Path path = root.resolve(file);
    Files.createDirectories(path.getParent());
    Files.writeString(path, content);
  }
}
