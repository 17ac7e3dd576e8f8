package io.cozystack.api;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/**
 * The versions the contracts are judged by. Contracts have no versions of their own: a catalog
 * states the contract version it was built against and the platform supports N-1, N and N+1.
 */
public final class Contracts {
  /** The contract version this platform implements (N). */
  public static final int VERSION = 2;

  /** The cozy-lib (K5) version this platform ships; catalogs pin it within one minor. */
  public static final String COZY_LIB_VERSION = "1.0.0";

  /** This platform's version, from the build. */
  public static final String PLATFORM_VERSION = load("platform.version");

  private Contracts() {}

  /** Whether a catalog built against {@code version} is supported (N-1, N, N+1). */
  public static boolean supportsContract(int version) {
    return Math.abs(version - VERSION) <= 1;
  }

  private static String load(String key) {
    try (InputStream in = Contracts.class.getResourceAsStream("contracts.properties")) {
      Properties p = new Properties();
      p.load(in);
      return p.getProperty(key);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
