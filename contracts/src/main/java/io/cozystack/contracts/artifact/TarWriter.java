package io.cozystack.contracts.artifact;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/**
 * Writes a POSIX (ustar) tar stream whose headers carry nothing of the machine that wrote them:
 * mtime 0, uid/gid 0, no user or group names, mode 0644 for files and 0755 for directories. Paths
 * that do not fit ustar's name/prefix fields, or are not ASCII, get a PAX {@code path} record,
 * which Go's archive/tar (Flux's reader) understands.
 */
final class TarWriter {
  private static final int BLOCK = 512;
  private static final int NAME = 100;
  private static final int PREFIX = 155;
  private static final long MAX_SIZE = 077777777777L;

  private final OutputStream out;

  TarWriter(OutputStream out) {
    this.out = out;
  }

  /** A directory entry; {@code path} is relative, without a trailing slash. */
  void directory(String path) throws IOException {
    entry(path + "/", '5', 0755, new byte[0]);
  }

  /** A regular file entry; {@code path} is relative. */
  void file(String path, byte[] content) throws IOException {
    entry(path, '0', 0644, content);
  }

  /** The two zero blocks that end an archive. */
  void finish() throws IOException {
    out.write(new byte[2 * BLOCK]);
  }

  private void entry(String path, char type, int mode, byte[] content) throws IOException {
    if (content.length > MAX_SIZE) {
      throw new IOException(path + " is larger than a tar entry can record (8 GiB)");
    }
    byte[] name = path.getBytes(StandardCharsets.UTF_8);
    int split = split(path, name);
    if (split < 0) {
      writeEntry(header("PaxHeaders/" + tail(path), "", 'x', 0644, pax(name)), pax(name));
      writeEntry(header(tail(path), "", type, mode, content), content);
    } else if (split == 0) {
      writeEntry(header(path, "", type, mode, content), content);
    } else {
      writeEntry(
          header(path.substring(split + 1), path.substring(0, split), type, mode, content),
          content);
    }
  }

  /**
   * Where ustar can hold {@code path}: 0 in the name field alone, the index of the '/' that divides
   * it into prefix and name, or -1 when only a PAX record can.
   */
  private static int split(String path, byte[] utf8) {
    if (utf8.length != path.length()) {
      return -1; // not ASCII: ustar fields have no defined encoding
    }
    if (path.length() <= NAME) {
      return 0;
    }
    // The directory marker must stay in the name field, so never split at a trailing slash.
    int slash = path.lastIndexOf('/', path.length() - 2);
    while (slash > 0) {
      if (slash <= PREFIX && path.length() - slash - 1 <= NAME) {
        return slash;
      }
      slash = path.lastIndexOf('/', slash - 1);
    }
    return -1;
  }

  /** A readable, ASCII stand-in name for readers that ignore PAX records. */
  private static String tail(String path) {
    String ascii = path.replaceAll("[^\\x20-\\x7e]", "_");
    return ascii.length() <= NAME ? ascii : ascii.substring(ascii.length() - NAME);
  }

  /** One PAX record, {@code "<length> path=<path>\n"}, where the length counts its own digits. */
  private static byte[] pax(byte[] path) {
    int body = " path=".length() + path.length + 1;
    int length = body + Integer.toString(body).length();
    if (Integer.toString(length).length() != Integer.toString(body).length()) {
      length++; // adding the digits carried the length into one more digit
    }
    byte[] prefix = (length + " path=").getBytes(StandardCharsets.US_ASCII);
    byte[] record = new byte[length];
    System.arraycopy(prefix, 0, record, 0, prefix.length);
    System.arraycopy(path, 0, record, prefix.length, path.length);
    record[length - 1] = '\n';
    return record;
  }

  private static byte[] header(String name, String prefix, char type, int mode, byte[] content) {
    byte[] h = new byte[BLOCK];
    put(h, 0, NAME, name);
    octal(h, 100, 8, mode);
    octal(h, 108, 8, 0); // uid
    octal(h, 116, 8, 0); // gid
    octal(h, 124, 12, content.length);
    octal(h, 136, 12, 0); // mtime
    h[156] = (byte) type;
    put(h, 257, 6, "ustar"); // magic, NUL-terminated
    put(h, 263, 2, "00"); // version
    octal(h, 329, 8, 0); // devmajor
    octal(h, 337, 8, 0); // devminor
    put(h, 345, PREFIX, prefix);
    checksum(h);
    return h;
  }

  /**
   * The checksum is taken with its own field as spaces, then written as 6 octal digits, NUL, space.
   */
  private static void checksum(byte[] h) {
    java.util.Arrays.fill(h, 148, 156, (byte) ' ');
    long sum = 0;
    for (byte b : h) {
      sum += b & 0xff;
    }
    octal(h, 148, 7, sum);
    h[155] = ' ';
  }

  private static void put(byte[] h, int offset, int width, String value) {
    byte[] bytes = value.getBytes(StandardCharsets.US_ASCII);
    System.arraycopy(bytes, 0, h, offset, Math.min(bytes.length, width));
  }

  /** Zero-padded octal filling {@code width - 1} bytes, then a NUL. */
  private static void octal(byte[] h, int offset, int width, long value) {
    String digits = Long.toOctalString(value);
    put(h, offset, width - 1, "0".repeat(width - 1 - digits.length()) + digits);
    h[offset + width - 1] = 0;
  }

  private void writeEntry(byte[] header, byte[] content) throws IOException {
    out.write(header);
    out.write(content);
    int pad = (BLOCK - content.length % BLOCK) % BLOCK;
    out.write(new byte[pad]);
  }
}
