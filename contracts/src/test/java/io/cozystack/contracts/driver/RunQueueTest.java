package io.cozystack.contracts.driver;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class RunQueueTest {
  static final RunQueue.Key KEY = new RunQueue.Key(RunQueue.Type.BACKUP_JOB, "ns", "nightly");

  @Test
  void anEventDuringARunRunsTheKeyOnceMoreAfterItNeverTwiceAtOnce() throws Exception {
    CountDownLatch inside = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    CountDownLatch secondDone = new CountDownLatch(1);
    AtomicInteger runs = new AtomicInteger();
    AtomicInteger concurrent = new AtomicInteger();
    AtomicInteger maxConcurrent = new AtomicInteger();
    try (RunQueue queue =
        new RunQueue(
            "test",
            4,
            key -> {
              maxConcurrent.accumulateAndGet(concurrent.incrementAndGet(), Math::max);
              if (runs.incrementAndGet() == 1) {
                inside.countDown();
                release.await();
              } else {
                secondDone.countDown();
              }
              concurrent.decrementAndGet();
              return Optional.empty();
            })) {
      queue.enqueue(KEY);
      assertThat(inside.await(5, TimeUnit.SECONDS)).isTrue();
      queue.enqueue(KEY);
      queue.enqueue(KEY);
      release.countDown();
      assertThat(secondDone.await(5, TimeUnit.SECONDS)).isTrue();
      Thread.sleep(200);
      assertThat(runs.get()).isEqualTo(2);
      assertThat(maxConcurrent.get()).isEqualTo(1);
    }
  }

  @Test
  void aThrowingHandlerIsRetriedAndTheAskedDelayIsHonoured() throws Exception {
    CountDownLatch third = new CountDownLatch(3);
    AtomicInteger calls = new AtomicInteger();
    try (RunQueue queue =
        new RunQueue(
            "test",
            1,
            key -> {
              int call = calls.incrementAndGet();
              third.countDown();
              if (call == 1) {
                throw new IllegalStateException("API server away");
              }
              return call == 2 ? Optional.of(Duration.ofMillis(50)) : Optional.empty();
            })) {
      queue.enqueue(KEY);
      assertThat(third.await(5, TimeUnit.SECONDS)).isTrue();
      assertThat(calls.get()).isEqualTo(3);
    }
  }

  @Test
  void backoffDoublesFromOneSecondAndStopsAtFiveMinutes() {
    assertThat(RunQueue.backoff(1)).isEqualTo(Duration.ofSeconds(1));
    assertThat(RunQueue.backoff(4)).isEqualTo(Duration.ofSeconds(8));
    assertThat(RunQueue.backoff(40)).isEqualTo(Duration.ofMinutes(5));
  }
}
