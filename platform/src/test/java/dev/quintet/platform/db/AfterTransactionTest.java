package dev.quintet.platform.db;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quintet.platform.testing.TestPlatform;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.transaction.support.TransactionTemplate;

/** Work run after a transaction: at its end, or only on its commit, and at once outside one. */
class AfterTransactionTest {

    static TestPlatform platform;
    static TransactionTemplate transactions;

    @BeforeAll
    static void start() {
        platform = TestPlatform.start(Clock.systemUTC());
        transactions = platform.bean(TransactionTemplate.class);
    }

    @AfterAll
    static void stop() {
        platform.close();
    }

    @Test
    void committedWorkRunsAfterACommitOnlyAndAtOnceOutsideATransaction() {
        List<String> ran = new ArrayList<>();

        transactions.executeWithoutResult(tx -> {
            AfterTransaction.committed(() -> ran.add("committed"));
            assertThat(ran).as("not before the commit").isEmpty();
        });
        transactions.executeWithoutResult(tx -> {
            AfterTransaction.committed(() -> ran.add("rolled back"));
            tx.setRollbackOnly();
        });
        AfterTransaction.committed(() -> ran.add("outside"));

        assertThat(ran).containsExactly("committed", "outside");
    }

    @Test
    void workRunsWhenTheTransactionEndsEitherWay() {
        List<String> ran = new ArrayList<>();

        transactions.executeWithoutResult(tx -> AfterTransaction.run(() -> ran.add("committed")));
        transactions.executeWithoutResult(tx -> {
            AfterTransaction.run(() -> ran.add("rolled back"));
            tx.setRollbackOnly();
        });

        assertThat(ran).containsExactly("committed", "rolled back");
    }
}
