package io.cozystack.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

/**
 * Starts operator.jar and SIGKILLs it, again and again: each life gets one workload change while
 * the operator is down and one at a random point of its life, and dies at a random point between
 * its first API request and a while after its controllers usually have started, so kills land in
 * its start-up (informers, definitions' CRDs), its first reconciles and the writes of the changes.
 */
final class KillLoop {
  /** What the kills hit: where in the operator's life, and whether it had written yet. */
  record Kills(int kills, Map<String, Integer> byPhase, int afterWrites, long spanMs) {}

  private final FaultOperators operators;
  private final FaultWorkload workload;
  private final Random random;

  KillLoop(FaultOperators operators, FaultWorkload workload, Random random) {
    this.operators = operators;
    this.workload = workload;
    this.random = random;
  }

  /** {@code kills} lives, each killed within {@code spanMs} of its first API request. */
  Kills run(int kills, long spanMs) throws Exception {
    Map<String, Integer> byPhase = new TreeMap<>();
    int afterWrites = 0;
    for (int k = 1; k <= kills; k++) {
      String whileDown = workload.change();
      long killAt = (long) (random.nextDouble() * spanMs);
      long changeAt = (long) (random.nextDouble() * killAt);
      OperatorEndpoints endpoints = OperatorEndpoints.onFreePort();
      OperatorProcess life = operators.start("fault-life-" + k, List.of(endpoints.flag()));
      try {
        FaultOperators.awaitLine(life, FaultOperators.CONNECTED);
        long started = System.nanoTime();
        sleepUntil(started, changeAt);
        String whileUp = workload.change();
        sleepUntil(started, killAt);
        if (!life.process.isAlive()) {
          life.echo();
        }
        assertThat(life.process.isAlive()).as("operator life %d exited by itself", k).isTrue();
        long writes = writes(endpoints);
        life.process.destroyForcibly();
        life.process.waitFor(10, TimeUnit.SECONDS);
        String phase = phase(life);
        byPhase.merge(phase, 1, Integer::sum);
        afterWrites += writes > 0 ? 1 : 0;
        System.out.printf(
            "[fault] kill %d %d ms after its first API request, %s, after %s writes (%s while"
                + " down; %s at %d ms)%n",
            k, killAt, phase, writes < 0 ? "?" : writes, whileDown, whileUp, changeAt);
      } finally {
        life.process.destroyForcibly();
      }
    }
    return new Kills(kills, byPhase, afterWrites, spanMs);
  }

  /** The requests other than GET the operator sent so far; -1 when it does not answer yet. */
  private static long writes(OperatorEndpoints endpoints) {
    try {
      return endpoints.apiRequests().entrySet().stream()
          .filter(e -> !"GET".equals(e.getKey()))
          .mapToLong(Map.Entry::getValue)
          .sum();
    } catch (IOException e) {
      return -1;
    }
  }

  /** Where the life was when it died, from what it had logged. */
  private static String phase(OperatorProcess life) {
    if (life.saw(FaultOperators.STARTED)) {
      return "after the controllers started";
    }
    if (life.saw("controller started")) {
      return "while the controllers started";
    }
    return "before any controller started";
  }

  private static void sleepUntil(long since, long ms) throws InterruptedException {
    long left = ms - (System.nanoTime() - since) / 1_000_000;
    if (left > 0) {
      Thread.sleep(left);
    }
  }
}
