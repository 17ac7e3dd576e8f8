package io.cozystack.e2e;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;

/** The benchmarks' memory figure: heap used after a GC, and the process's resident set. */
final class JvmMemory {
  private JvmMemory() {}

  static String afterGc() throws IOException {
    System.gc();
    long heap = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    String rss =
        Files.readAllLines(Path.of("/proc/self/status")).stream()
            .filter(l -> l.startsWith("VmRSS"))
            .findFirst()
            .orElse("VmRSS: ?")
            .replaceAll("\\s+", " ");
    return "heap used " + (heap >> 20) + " MiB, " + rss;
  }
}
