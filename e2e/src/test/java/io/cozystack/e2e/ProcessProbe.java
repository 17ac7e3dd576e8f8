package io.cozystack.e2e;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * Reads another process's footprint from {@code /proc}: resident set (now and its high-water mark),
 * threads by name, and whether it has opened a socket yet. Linux only; costs a few file reads.
 */
final class ProcessProbe {
  private final long pid;

  ProcessProbe(long pid) {
    this.pid = pid;
  }

  /** One reading of {@code /proc/<pid>/status}, sizes in KiB. */
  record Status(long rssKib, long peakRssKib, long anonKib, int threads) {
    long rssMib() {
      return rssKib >> 10;
    }

    long peakRssMib() {
      return peakRssKib >> 10;
    }
  }

  Status status() {
    Map<String, String> fields = new TreeMap<>();
    for (String line : read(Path.of("/proc", Long.toString(pid), "status"))) {
      int colon = line.indexOf(':');
      if (colon > 0) {
        fields.put(line.substring(0, colon), line.substring(colon + 1).trim());
      }
    }
    return new Status(
        kib(fields.get("VmRSS")),
        kib(fields.get("VmHWM")),
        kib(fields.get("RssAnon")),
        Integer.parseInt(fields.getOrDefault("Threads", "0")));
  }

  /**
   * Thread count by name with trailing numbers dropped ({@code pool-3-thread-12} → {@code
   * pool-thread}); the kernel keeps the first 15 characters of each Java thread's name.
   */
  Map<String, Integer> threadsByName() {
    Map<String, Integer> byName = new TreeMap<>();
    try (Stream<Path> tasks = Files.list(Path.of("/proc", Long.toString(pid), "task"))) {
      for (Path task : tasks.toList()) {
        String name;
        try {
          name = Files.readString(task.resolve("comm")).trim();
        } catch (IOException gone) {
          continue;
        }
        String group = name.replaceAll("[-#]?\\d+", "").replaceAll("-+$", "");
        byName.merge(group.isEmpty() ? name : group, 1, Integer::sum);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return byName;
  }

  /** True once the process holds a socket (the JVM opens none of its own before our client's). */
  boolean hasSocket() {
    try (Stream<Path> fds = Files.list(Path.of("/proc", Long.toString(pid), "fd"))) {
      for (Path fd : fds.toList()) {
        try {
          if (Files.readSymbolicLink(fd).toString().startsWith("socket:")) {
            return true;
          }
        } catch (IOException closed) {
          // closed between the listing and the read
        }
      }
      return false;
    } catch (IOException e) {
      return false; // the process is gone or not started yet
    }
  }

  private static long kib(String value) {
    return value == null ? 0 : Long.parseLong(value.replace("kB", "").trim());
  }

  private static List<String> read(Path path) {
    try {
      return Files.readAllLines(path);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
