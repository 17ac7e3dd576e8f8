package io.cozystack.contracts.validation;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/** A copy of the good fixture catalog that a test changes one file of. */
final class CatalogFixture {
  final Path root;

  private CatalogFixture(Path root) {
    this.root = root;
  }

  static CatalogFixture copy(Path into) {
    try {
      Path source = Path.of(CatalogFixture.class.getResource("/catalogs/good").toURI());
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
      return new CatalogFixture(into);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  /** Replaces {@code from} (which must occur) with {@code to} in {@code file}. */
  CatalogFixture edit(String file, String from, String to) {
    try {
      Path path = root.resolve(file);
      String text = Files.readString(path);
      if (!text.contains(from)) {
        throw new IllegalArgumentException(file + " does not contain " + from);
      }
      Files.writeString(path, text.replace(from, to));
      return this;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Writes {@code content} to {@code file}, creating its directories. */
  CatalogFixture write(String file, String content) {
    try {
      Path path = root.resolve(file);
      Files.createDirectories(path.getParent());
      Files.writeString(path, content);
      return this;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  CatalogFixture delete(String file) {
    try {
      Files.delete(root.resolve(file));
      return this;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
