package io.cozystack.operator.packages;

import io.fabric8.kubernetes.client.utils.Serialization;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/** Loads test fixtures: the project's example manifests and expected objects. */
final class Fixtures {
  private Fixtures() {}

  static <T> T example(String file, Class<T> type) {
    return Serialization.unmarshal(read("examples/" + file), type);
  }

  static <T> T resource(String path, Class<T> type) {
    return Serialization.unmarshal(read(path), type);
  }

  static <T> T yaml(String text, Class<T> type) {
    return Serialization.unmarshal(text, type);
  }

  private static String read(String path) {
    try (InputStream in = Fixtures.class.getClassLoader().getResourceAsStream(path)) {
      if (in == null) {
        throw new IllegalArgumentException("no test resource " + path);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
