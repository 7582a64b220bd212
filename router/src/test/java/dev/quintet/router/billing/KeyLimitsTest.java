package dev.quintet.router.billing;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quintet.router.testing.RouterFixture.TestCaller;
import dev.quintet.router.testing.RouterTest;
import java.math.BigDecimal;
import java.sql.Connection;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.simple.JdbcClient;

/** Holds against keys' limits, taken straight, as many at once as the machine runs. */
class KeyLimitsTest extends RouterTest {

    /**
     * Inserts of holds wait for a lock of the test's while sixteen workers ask for holds: one takes the key's turn
     * and waits to insert, the others wait for the turn. Had holds of one key not taken turns, all sixteen would
     * have read the limit as free and all been taken.
     */
    @Test
    void holdsTakenAtOnceNeverExceedTheLimit() throws Exception {
        KeyLimits limits = router.bean(KeyLimits.class);
        TestCaller caller = router.newCaller();
        limits.update(caller.accountId(), caller.keyId(), none -> Optional.of(new KeyLimit(BigDecimal.ONE, null)));
        BigDecimal each = new BigDecimal("0.1");

        List<Future<Integer>> workers = new ArrayList<>();
        try (Connection blocker = router.platform().bean(DataSource.class).getConnection();
             ExecutorService pool = Executors.newFixedThreadPool(16)) {
            blocker.setAutoCommit(false);
            blocker.createStatement().execute("LOCK TABLE router.key_holds IN EXCLUSIVE MODE"); // reads go on
            for (int w = 0; w < 16; w++) {
                workers.add(pool.submit(() -> {
                    int taken = 0;
                    for (int i = 0; i < 3; i++) {
                        taken += limits.hold(caller.keyId(), each).orElseThrow().hold().isPresent() ? 1 : 0;
                    }
                    return taken;
                }));
            }
            awaitWaiters(16);
            blocker.rollback();
        }
        int taken = 0;
        for (Future<Integer> w : workers) {
            taken += w.get();
        }

        assertThat(taken).as("48 asked for, 10 fit").isEqualTo(10);
        Optional<KeyLimits.Outcome> after = limits.hold(caller.keyId(), new BigDecimal("0.00000001"));
        assertThat(after.orElseThrow().remaining()).isZero();
        assertThat(after.get().spent()).isZero();
        assertThat(after.get().held()).isEqualByComparingTo("1");
        assertThat(after.get().hold()).isEmpty();
    }

    /** Waits until {@code count} statements wait for a lock: every worker has asked for its first hold. */
    private static void awaitWaiters(int count) throws InterruptedException {
        JdbcClient jdbc = router.platform().bean(JdbcClient.class);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (jdbc.sql("SELECT count(DISTINCT pid) FROM pg_locks WHERE NOT granted").query(Long.class).single()
                < count) {
            assertThat(System.nanoTime()).as("workers waiting for a lock").isLessThan(deadline);
            Thread.sleep(20);
        }
    }

    @Test
    void aReleasedHoldIsAvailableAgainAndAKeyWithoutALimitHoldsNothing() {
        KeyLimits limits = router.bean(KeyLimits.class);
        TestCaller caller = router.newCaller();
        assertThat(limits.hold(caller.keyId(), BigDecimal.TEN)).isEmpty();
        limits.update(caller.accountId(), caller.keyId(),
                none -> Optional.of(new KeyLimit(BigDecimal.ONE, LimitReset.DAILY)));

        KeyLimits.KeyHold hold = limits.hold(caller.keyId(), BigDecimal.ONE).orElseThrow().hold().orElseThrow();
        assertThat(limits.hold(caller.keyId(), BigDecimal.ONE).orElseThrow().hold()).isEmpty();
        limits.release(hold);

        assertThat(limits.hold(caller.keyId(), BigDecimal.ONE).orElseThrow().hold()).isPresent();
    }
}
