package io.cozystack.contracts.driver;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The work loop of runtime-started controllers: one run per key at a time, retries, delays. */
class WorkLoopTest {
  static final String KEY = "ns/nightly";

  @Test
  void anEventDuringARunRunsTheKeyOnceMoreAfterItNeverTwiceAtOnce() throws Exception {
    CountDownLatch inside = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    CountDownLatch secondDone = new CountDownLatch(1);
    AtomicInteger runs = new AtomicInteger();
    AtomicInteger concurrent = new AtomicInteger();
    AtomicInteger maxConcurrent = new AtomicInteger();
    try (WorkLoop<String> queue =
        new WorkLoop<>(
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
    try (WorkLoop<String> queue =
        new WorkLoop<>(
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
    assertThat(WorkLoop.backoff(1)).isEqualTo(Duration.ofSeconds(1));
    assertThat(WorkLoop.backoff(4)).isEqualTo(Duration.ofSeconds(8));
    assertThat(WorkLoop.backoff(40)).isEqualTo(Duration.ofMinutes(5));
  }

  @Test
  void eachFailureIsReportedWithItsAttemptBeforeItsRetryUntilTheKeySucceeds() throws Exception {
    CountDownLatch succeeded = new CountDownLatch(1);
    AtomicInteger runs = new AtomicInteger();
    List<String> reported = new CopyOnWriteArrayList<>();
    try (WorkLoop<String> queue =
        new WorkLoop<>(
            "test",
            1,
            key -> {
              if (runs.incrementAndGet() <= 2) {
                throw new IllegalStateException("refused " + runs.get());
              }
              succeeded.countDown();
              return Optional.empty();
            },
            (key, attempt, e) -> reported.add(key + "#" + attempt + ": " + e.getMessage()))) {
      queue.enqueue(KEY);

      assertThat(succeeded.await(20, TimeUnit.SECONDS)).isTrue();
    }
    assertThat(reported).containsExactly(KEY + "#1: refused 1", KEY + "#2: refused 2");
  }

  @Test
  void aReportThatFailsDoesNotStopTheRetries() throws Exception {
    CountDownLatch retried = new CountDownLatch(2);
    try (WorkLoop<String> queue =
        new WorkLoop<>(
            "test",
            1,
            key -> {
              retried.countDown();
              if (retried.getCount() == 1) {
                throw new IllegalStateException("refused");
              }
              return Optional.empty();
            },
            (key, attempt, e) -> {
              throw new IllegalStateException("the API server is away");
            })) {
      queue.enqueue(KEY);

      assertThat(retried.await(20, TimeUnit.SECONDS)).isTrue();
    }
  }

  @Test
  void anEventWhileAFailedKeyWaitsForItsRetryRunsItAtOnce() throws Exception {
    CountDownLatch thirdFailure = new CountDownLatch(1);
    CountDownLatch fourthRun = new CountDownLatch(1);
    AtomicInteger runs = new AtomicInteger();
    try (WorkLoop<String> queue =
        new WorkLoop<>(
            "test",
            1,
            key -> {
              if (runs.incrementAndGet() <= 3) {
                throw new IllegalStateException("refused");
              }
              fourthRun.countDown();
              return Optional.empty();
            },
            (key, attempt, e) -> {
              if (attempt == 3) {
                thirdFailure.countDown();
              }
            })) {
      queue.enqueue(KEY);
      assertThat(thirdFailure.await(10, TimeUnit.SECONDS)).isTrue();
      Thread.sleep(200); // the failed run has ended; its retry is 4 s away
      queue.enqueue(KEY);

      assertThat(fourthRun.await(2, TimeUnit.SECONDS))
          .as("the event ran the key without waiting for the retry")
          .isTrue();
    }
  }
}
