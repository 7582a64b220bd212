package dev.quintet.platform.credits;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.quintet.platform.accounts.Account;
import dev.quintet.platform.testing.MutableClock;
import dev.quintet.platform.testing.TestPlatform;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The ledger and holds: balances are sums, and concurrent holds never reserve more than the balance. */
class CreditsTest {

    static final MutableClock clock = new MutableClock(Instant.parse("2026-05-01T12:00:00Z"));
    static TestPlatform platform;
    static Credits credits;

    @BeforeAll
    static void start() {
        platform = TestPlatform.start(clock);
        credits = platform.bean(Credits.class);
    }

    @AfterAll
    static void stop() {
        platform.close();
    }

    @Test
    void concurrentHoldsNeverReserveMoreThanTheBalance() throws Exception {
        Account account = platform.newAccount();
        credits.grant(account.id(), new BigDecimal("1.00"), "test");
        List<Future<Optional<UUID>>> holds = new ArrayList<>();
        try (ExecutorService pool = Executors.newFixedThreadPool(16)) {
            for (int i = 0; i < 40; i++) {
                holds.add(pool.submit(() -> credits.hold(account.id(), new BigDecimal("0.10"), "call", Duration.ofMinutes(5))));
            }
        }
        long granted = 0;
        for (Future<Optional<UUID>> hold : holds) {
            granted += hold.get().isPresent() ? 1 : 0;
        }
        assertThat(granted).isEqualTo(10);
        assertThat(credits.available(account.id())).isEqualByComparingTo("0");
    }

    @Test
    void settlingChargesWhatWasSpentAndFreesTheRest() {
        Account account = platform.newAccount();
        credits.grant(account.id(), new BigDecimal("2.00"), "test");
        UUID hold = credits.hold(account.id(), new BigDecimal("1.50"), "call", Duration.ofMinutes(5)).orElseThrow();
        assertThat(credits.available(account.id())).isEqualByComparingTo("0.50");

        credits.settle(hold, account.id(), new BigDecimal("0.00012345"), "chat openai/gpt-4o");

        assertThat(credits.balance(account.id())).isEqualByComparingTo("1.99987655");
        assertThat(credits.available(account.id())).isEqualByComparingTo("1.99987655");
        assertThat(credits.granted(account.id())).isEqualByComparingTo("2.00");
        assertThat(credits.entries(account.id(), 10)).extracting(Credits.Entry::reason)
                .containsExactly("chat openai/gpt-4o", "test");
    }

    @Test
    void expiredHoldsStopReserving() {
        Account account = platform.newAccount();
        credits.grant(account.id(), new BigDecimal("1.00"), "test");
        credits.hold(account.id(), new BigDecimal("1.00"), "call", Duration.ofMinutes(1)).orElseThrow();
        assertThat(credits.hold(account.id(), new BigDecimal("0.01"), "call", Duration.ofMinutes(1))).isEmpty();

        clock.advance(Duration.ofMinutes(2));
        assertThat(credits.hold(account.id(), new BigDecimal("0.01"), "call", Duration.ofMinutes(1))).isPresent();
    }

    @Test
    void refusesBadAmounts() {
        Account account = platform.newAccount();
        assertThatThrownBy(() -> credits.grant(account.id(), new BigDecimal("-1"), "x")).hasMessageContaining("positive");
        assertThatThrownBy(() -> credits.grant(account.id(), new BigDecimal("0.000000001"), "x")).hasMessageContaining("8 decimals");
        assertThatThrownBy(() -> credits.hold(account.id(), new BigDecimal("-1"), "x", Duration.ofMinutes(1)))
                .hasMessageContaining("negative");
    }
}
