package io.cozystack.operator.apps;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** A failed key is reported, attempt by attempt, before each retry, until it succeeds. */
class WorkQueueTest {

  @Test
  void eachFailureIsReportedWithItsAttemptAndTheKeyIsRetriedUntilItSucceeds() {
    AtomicInteger runs = new AtomicInteger();
    List<String> reported = new CopyOnWriteArrayList<>();
    try (WorkQueue queue =
        new WorkQueue(
            "test",
            key -> {
              if (runs.incrementAndGet() <= 2) {
                throw new IllegalStateException("refused " + runs.get());
              }
            },
            (key, attempt, e) -> reported.add(key + "#" + attempt + ": " + e.getMessage()))) {
      queue.enqueue("ns/db");

      await().atMost(Duration.ofSeconds(20)).until(() -> runs.get() == 3);
    }
    assertThat(reported).containsExactly("ns/db#1: refused 1", "ns/db#2: refused 2");
  }

  @Test
  void aReportThatFailsDoesNotStopTheRetries() {
    AtomicInteger runs = new AtomicInteger();
    try (WorkQueue queue =
        new WorkQueue(
            "test",
            key -> {
              if (runs.incrementAndGet() == 1) {
                throw new IllegalStateException("refused");
              }
            },
            (key, attempt, e) -> {
              throw new IllegalStateException("the API server is away");
            })) {
      queue.enqueue("ns/db");

      await().atMost(Duration.ofSeconds(20)).until(() -> runs.get() == 2);
    }
  }
}
