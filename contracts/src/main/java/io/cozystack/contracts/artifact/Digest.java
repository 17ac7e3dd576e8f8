package io.cozystack.contracts.artifact;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * OCI content digests: {@code sha256:<64 lowercase hex>}, the only algorithm every registry takes.
 */
final class Digest {
  private Digest() {}

  static String sha256(byte[] content) {
    try {
      return "sha256:"
          + HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(content));
    } catch (NoSuchAlgorithmException e) {
      // Every Java platform must provide SHA-256.
      throw new IllegalStateException(e);
    }
  }
}
