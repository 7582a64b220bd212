package dev.quintet.platform.tasks;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class BatchesTest {

    @Test
    void whatIsQueuedWhileABatchRunsGoesIntoTheNextOneUpToItsSize() throws Exception {
        CountDownLatch firstStarted = new CountDownLatch(1);
        CountDownLatch goOn = new CountDownLatch(1);
        List<List<Integer>> done = new CopyOnWriteArrayList<>();
        Batches<Integer> batches = new Batches<>("test-batches", 3, 100, batch -> {
            done.add(List.copyOf(batch));
            firstStarted.countDown();
            await(goOn);
        });

        assertThat(batches.queued(0)).isTrue();
        assertThat(firstStarted.await(10, TimeUnit.SECONDS)).isTrue();
        for (int i = 1; i <= 5; i++) {
            assertThat(batches.queued(i)).isTrue();
        }
        goOn.countDown();
        batches.close();

        assertThat(done).containsExactly(List.of(0), List.of(1, 2, 3), List.of(4, 5));
    }

    @Test
    void anOfferToAFullQueueIsRefusedAtOnceAndWhatWasQueuedIsStillDone() throws Exception {
        CountDownLatch firstStarted = new CountDownLatch(1);
        CountDownLatch goOn = new CountDownLatch(1);
        List<Integer> done = new CopyOnWriteArrayList<>();
        Batches<Integer> batches = new Batches<>("test-batches", 10, 2, batch -> {
            done.addAll(batch);
            firstStarted.countDown();
            await(goOn);
        });

        assertThat(batches.offered(0)).isTrue();
        assertThat(firstStarted.await(10, TimeUnit.SECONDS)).isTrue();
        assertThat(batches.offered(1)).isTrue();
        assertThat(batches.offered(2)).isTrue();
        assertThat(batches.offered(3)).isFalse();
        goOn.countDown();
        batches.close();

        assertThat(done).containsExactly(0, 1, 2);
        assertThat(batches.offered(4)).isFalse();
    }

    @Test
    void workNobodyWaitsForLingersUntilSomethingUrgentComes() throws Exception {
        List<List<Integer>> done = new CopyOnWriteArrayList<>();
        CountDownLatch urgentDone = new CountDownLatch(1);
        // negative pieces are urgent; the linger is far longer than the test
        Batches<Integer> batches = new Batches<>("test-batches", 100, 100, Duration.ofMinutes(10),
                piece -> piece < 0, batch -> {
                    done.add(List.copyOf(batch));
                    if (batch.stream().anyMatch(p -> p < 0)) {
                        urgentDone.countDown();
                    }
                });

        batches.queued(1);
        batches.queued(2);
        Thread.sleep(100);
        assertThat(done).as("nothing urgent yet: the batch waits").isEmpty();
        batches.queued(-3);
        assertThat(urgentDone.await(10, TimeUnit.SECONDS)).isTrue();
        batches.queued(4);
        batches.close();

        assertThat(done).containsExactly(List.of(1, 2, -3), List.of(4));
    }

    @Test
    void aLingeringBatchIsDoneWhenFullOrWhenItsTimeIsUp() throws Exception {
        List<List<Integer>> done = new CopyOnWriteArrayList<>();
        CountDownLatch two = new CountDownLatch(2);
        Batches<Integer> batches = new Batches<>("test-batches", 3, 100, Duration.ofMillis(200),
                piece -> false, batch -> {
                    done.add(List.copyOf(batch));
                    two.countDown();
                });

        for (int i = 1; i <= 4; i++) {
            batches.queued(i);
        }
        assertThat(two.await(10, TimeUnit.SECONDS)).as("the full batch, then the one whose time was up").isTrue();
        batches.close();

        assertThat(done).containsExactly(List.of(1, 2, 3), List.of(4));
    }

    @Test
    void aLingeringBatchIsDoneAsSoonAsWhatItHoldsAndWhatIsQueuedFillIt() throws Exception {
        List<List<Integer>> done = new CopyOnWriteArrayList<>();
        CountDownLatch full = new CountDownLatch(1);
        // the linger is far longer than the test: only a full batch ends it
        Batches<Integer> batches = new Batches<>("test-batches", 3, 100, Duration.ofMinutes(10),
                piece -> false, batch -> {
                    done.add(List.copyOf(batch));
                    full.countDown();
                });

        batches.queued(1);
        Thread.sleep(100); // the thread has taken 1 and lingers with room for two more
        batches.queued(2);
        batches.queued(3);

        assertThat(full.await(10, TimeUnit.SECONDS)).as("the batch of 1 and the two queued after it").isTrue();
        batches.close();
        assertThat(done).containsExactly(List.of(1, 2, 3));
    }

    @Test
    void aFailedBatchIsLoggedAndTheNextOneStillRuns() throws Exception {
        List<Integer> done = new ArrayList<>();
        Batches<Integer> batches = new Batches<>("test-batches", 1, 100, batch -> {
            if (batch.contains(1)) {
                throw new IllegalStateException("the first batch fails");
            }
            done.addAll(batch);
        });

        batches.queued(1);
        batches.queued(2);
        batches.close();

        assertThat(done).containsExactly(2);
    }

    @Test
    void nothingIsQueuedOnceClosed() throws Exception {
        Batches<Integer> batches = new Batches<>("test-batches", 8, 100, batch -> { });
        batches.close();

        assertThat(batches.queued(1)).as("the caller does the work itself").isFalse();
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
