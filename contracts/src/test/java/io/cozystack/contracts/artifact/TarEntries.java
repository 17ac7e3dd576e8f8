package io.cozystack.contracts.artifact;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.zip.GZIPInputStream;

/** Reads a tar+gzip layer back, checking each header's checksum, to assert on what was written. */
final class TarEntries {
  record Entry(
      String path,
      char type,
      int mode,
      long uid,
      long gid,
      long mtime,
      String owner,
      byte[] content) {
    String text() {
      return new String(content, StandardCharsets.UTF_8);
    }
  }

  private TarEntries() {}

  static List<Entry> read(byte[] layer) throws IOException {
    List<Entry> entries = new ArrayList<>();
    try (InputStream in = new GZIPInputStream(new ByteArrayInputStream(layer))) {
      String paxPath = null;
      while (true) {
        byte[] h = in.readNBytes(512);
        if (h.length < 512 || isZero(h)) {
          return entries;
        }
        checkSum(h);
        long size = octal(h, 124, 12);
        byte[] content = in.readNBytes((int) size);
        in.readNBytes((int) ((512 - size % 512) % 512));
        char type = (char) h[156];
        if (type == 'x') {
          paxPath = paxPath(content);
          continue;
        }
        String prefix = string(h, 345, 155);
        String name =
            paxPath != null ? paxPath : (prefix.isEmpty() ? "" : prefix + "/") + string(h, 0, 100);
        paxPath = null;
        String owner = string(h, 265, 32) + ":" + string(h, 297, 32);
        entries.add(
            new Entry(
                name,
                type,
                (int) octal(h, 100, 8),
                octal(h, 108, 8),
                octal(h, 116, 8),
                octal(h, 136, 12),
                owner,
                content));
      }
    }
  }

  private static String paxPath(byte[] record) {
    String text = new String(record, StandardCharsets.UTF_8);
    int length = Integer.parseInt(text.substring(0, text.indexOf(' ')));
    if (length != record.length) {
      throw new IllegalStateException("PAX record length " + length + " != " + record.length);
    }
    return text.substring(text.indexOf("path=") + 5, text.length() - 1);
  }

  private static void checkSum(byte[] h) {
    long recorded = octal(h, 148, 8);
    byte[] copy = h.clone();
    Arrays.fill(copy, 148, 156, (byte) ' ');
    long sum = 0;
    for (byte b : copy) {
      sum += b & 0xff;
    }
    if (sum != recorded) {
      throw new IllegalStateException("bad checksum in header of " + string(h, 0, 100));
    }
  }

  private static boolean isZero(byte[] h) {
    for (byte b : h) {
      if (b != 0) {
        return false;
      }
    }
    return true;
  }

  private static String string(byte[] h, int offset, int width) {
    int end = offset;
    while (end < offset + width && h[end] != 0) {
      end++;
    }
    return new String(h, offset, end - offset, StandardCharsets.US_ASCII);
  }

  private static long octal(byte[] h, int offset, int width) {
    String digits = string(h, offset, width).trim();
    return digits.isEmpty() ? 0 : Long.parseLong(digits, 8);
  }
}
