package dev.quintet.platform.credits;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.quintet.platform.accounts.Account;
import dev.quintet.platform.testing.MutableClock;
import dev.quintet.platform.testing.TestPlatform;
import java.math.BigDecimal;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.transaction.support.TransactionTemplate;

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

    /**
     * Settled holds leave dead row versions until the next vacuum; only plain index scans mark them so that later
     * reservations skip them (migration V8). A migration that replaces the function must set this again.
     */
    @Test
    void reservationsArePlannedWithoutBitmapScans() {
        List<String> settings = platform.bean(JdbcClient.class)
                .sql("SELECT unnest(proconfig) FROM pg_proc WHERE proname = 'credit_holds_reserve'")
                .query(String.class).list();

        assertThat(settings).containsExactly("enable_bitmapscan=off");
    }

    @Test
    void concurrentHoldsNeverReserveMoreThanTheBalance() throws Exception {
        Account account = platform.newAccount();
        credits.grant(account.id(), new BigDecimal("1.00"), "test");
        List<Future<Optional<Hold>>> holds = new ArrayList<>();
        try (ExecutorService pool = Executors.newFixedThreadPool(16)) {
            for (int i = 0; i < 40; i++) {
                holds.add(pool.submit(() -> credits.hold(account.id(), new BigDecimal("0.10"), Duration.ofMinutes(5))));
            }
        }
        long granted = 0;
        for (Future<Optional<Hold>> hold : holds) {
            granted += hold.get().isPresent() ? 1 : 0;
        }
        assertThat(granted).isEqualTo(10);
        assertThat(credits.available(account.id())).isEqualByComparingTo("0");
    }

    @Test
    void concurrentHoldsOfManyAccountsEachStayWithinTheirOwnBalance() throws Exception {
        List<Account> accounts = new ArrayList<>();
        for (int a = 1; a <= 4; a++) {
            Account account = platform.newAccount();
            credits.grant(account.id(), new BigDecimal("0.10").multiply(BigDecimal.valueOf(a)), "test");
            accounts.add(account);
        }
        List<Future<Optional<Hold>>> holds = new ArrayList<>();
        try (ExecutorService pool = Executors.newFixedThreadPool(32)) {
            for (int i = 0; i < 20; i++) {
                for (Account account : accounts) {
                    holds.add(pool.submit(() -> credits.hold(account.id(), new BigDecimal("0.10"),
                            Duration.ofMinutes(5))));
                }
            }
        }
        int[] granted = new int[accounts.size()];
        for (int i = 0; i < holds.size(); i++) {
            granted[i % accounts.size()] += holds.get(i).get().isPresent() ? 1 : 0;
        }
        assertThat(granted).containsExactly(1, 2, 3, 4);
        for (Account account : accounts) {
            assertThat(credits.available(account.id())).isEqualByComparingTo("0");
        }
    }

    @Test
    void settlingChargesWhatWasSpentAndFreesTheRest() {
        Account account = platform.newAccount();
        credits.grant(account.id(), new BigDecimal("2.00"), "test");
        Hold hold = credits.hold(account.id(), new BigDecimal("1.50"), Duration.ofMinutes(5)).orElseThrow();
        assertThat(credits.available(account.id())).isEqualByComparingTo("0.50");

        credits.settle(List.of(
                credits.settlement(hold, new BigDecimal("0.00012345"), "chat openai/gpt-4o")));

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
        credits.hold(account.id(), new BigDecimal("1.00"), Duration.ofMinutes(1)).orElseThrow();
        assertThat(credits.hold(account.id(), new BigDecimal("0.01"), Duration.ofMinutes(1))).isEmpty();

        clock.advance(Duration.ofMinutes(2));
        assertThat(credits.hold(account.id(), new BigDecimal("0.01"), Duration.ofMinutes(1))).isPresent();
    }

    @Test
    void refusesBadAmounts() {
        Account account = platform.newAccount();
        assertThatThrownBy(() -> credits.grant(account.id(), new BigDecimal("-1"), "x")).hasMessageContaining("positive");
        assertThatThrownBy(() -> credits.grant(account.id(), new BigDecimal("0.000000001"), "x")).hasMessageContaining("8 decimals");
        assertThatThrownBy(() -> credits.hold(account.id(), new BigDecimal("-1"), Duration.ofMinutes(1)))
                .hasMessageContaining("negative");
    }

    @Test
    void oneSettlementOfManyHoldsChargesEachAccountWhatItsHoldsSpent() {
        Account first = platform.newAccount();
        Account second = platform.newAccount();
        credits.grant(first.id(), new BigDecimal("1.00"), "test");
        credits.grant(second.id(), new BigDecimal("1.00"), "test");
        Hold a = credits.hold(first.id(), new BigDecimal("0.40"), Duration.ofMinutes(5)).orElseThrow();
        Hold b = credits.hold(first.id(), new BigDecimal("0.40"), Duration.ofMinutes(5)).orElseThrow();
        Hold c = credits.hold(second.id(), new BigDecimal("0.40"), Duration.ofMinutes(5)).orElseThrow();

        credits.settle(List.of(credits.settlement(a, new BigDecimal("0.125"), "chat a"),
                credits.settlement(b, BigDecimal.ZERO, "chat b"),
                credits.settlement(c, new BigDecimal("0.00000001"), "chat c")));

        assertThat(credits.available(first.id())).isEqualByComparingTo("0.875");
        assertThat(credits.available(second.id())).isEqualByComparingTo("0.99999999");
        assertThat(credits.entries(first.id(), 10)).extracting(Credits.Entry::reason).containsExactly("chat a", "test");
        assertThat(credits.entries(second.id(), 10)).extracting(Credits.Entry::amountUsd)
                .satisfiesExactly(charge -> assertThat(charge).isEqualByComparingTo("-0.00000001"),
                        grant -> assertThat(grant).isEqualByComparingTo("1.00"));
    }

    @Test
    void concurrentHoldsAndSettlementsNeverSpendMoreThanTheBalance() throws Exception {
        Account account = platform.newAccount();
        credits.grant(account.id(), new BigDecimal("1.00"), "test");
        List<Future<Boolean>> calls = new ArrayList<>();
        try (ExecutorService pool = Executors.newFixedThreadPool(16)) {
            for (int i = 0; i < 200; i++) {
                calls.add(pool.submit(() -> {
                    Optional<Hold> hold = credits.hold(account.id(), new BigDecimal("0.02"), Duration.ofMinutes(5));
                    hold.ifPresent(h -> credits.settle(
                            List.of(credits.settlement(h, new BigDecimal("0.01"), "chat"))));
                    return hold.isPresent();
                }));
            }
        }
        long served = 0;
        for (Future<Boolean> call : calls) {
            served += call.get() ? 1 : 0;
        }
        // every hold reserves 0.02 and charges 0.01: the balance never goes below zero, and at least half of it is
        // spent (a hold is refused only when what is left, less what others hold, is under 0.02)
        assertThat(credits.balance(account.id())).isGreaterThanOrEqualTo(BigDecimal.ZERO)
                .isEqualByComparingTo(new BigDecimal("1.00").subtract(new BigDecimal("0.01").multiply(BigDecimal.valueOf(served))));
        assertThat(served).isBetween(50L, 100L);
        assertThat(credits.available(account.id())).isEqualByComparingTo(credits.balance(account.id()));
    }

    @Test
    void chargesAreFoldedIntoTheRunningBalanceByALaterLeaseWithoutChangingIt() {
        Account account = platform.newAccount();
        credits.grant(account.id(), new BigDecimal("10.00"), "test");
        for (int i = 0; i <= Credits.FOLD_AFTER; i++) {
            Hold hold = credits.hold(account.id(), new BigDecimal("0.01"), Duration.ofMinutes(5)).orElseThrow();
            credits.settle(List.of(credits.settlement(hold, new BigDecimal("0.01"), "chat " + i)));
        }
        JdbcClient jdbc = platform.bean(JdbcClient.class);
        String unfolded = "SELECT count(*) FROM platform.credit_ledger WHERE account_id = :a AND NOT folded";
        assertThat(jdbc.sql(unfolded).param("a", account.id()).query(Long.class).single()).isEqualTo(Credits.FOLD_AFTER + 1L);
        BigDecimal before = credits.balance(account.id());
        assertThat(before).isEqualByComparingTo("9.35");

        // more than the lease has left: a new lease is reserved, and it folds
        Hold hold = credits.hold(account.id(), new BigDecimal("0.50"), Duration.ofMinutes(5)).orElseThrow();

        assertThat(jdbc.sql(unfolded).param("a", account.id()).query(Long.class).single()).isZero();
        assertThat(credits.balance(account.id())).isEqualByComparingTo(before);
        assertThat(credits.available(account.id())).isEqualByComparingTo("8.85");
        assertThat(credits.granted(account.id())).isEqualByComparingTo("10.00");
        assertThat(credits.entries(account.id(), 100)).hasSize(Credits.FOLD_AFTER + 2);
        credits.release(hold);
    }

    @Test
    void holdsAreCarvedOutOfOneLeaseWithoutAStatementEach() {
        Account account = platform.newAccount();
        credits.grant(account.id(), new BigDecimal("10.00"), "test");
        List<Hold> holds = new ArrayList<>();
        for (int i = 0; i < Leases.SIZE_FACTOR; i++) {
            holds.add(credits.hold(account.id(), new BigDecimal("0.01"), Duration.ofMinutes(5)).orElseThrow());
        }

        assertThat(holdRows(account)).containsExactly(new BigDecimal("0.16000000"));
        assertThat(credits.available(account.id())).isEqualByComparingTo("9.84");

        credits.settle(List.of(credits.settlement(holds.get(0), new BigDecimal("0.004"), "chat")));
        credits.release(holds.get(1));
        // the unspent part of both holds is the lease's again: two more holds fit without a second lease
        holds.add(credits.hold(account.id(), new BigDecimal("0.01"), Duration.ofMinutes(5)).orElseThrow());
        holds.add(credits.hold(account.id(), new BigDecimal("0.006"), Duration.ofMinutes(5)).orElseThrow());
        assertThat(holdRows(account)).containsExactly(new BigDecimal("0.15600000"));
        assertThat(credits.available(account.id())).isEqualByComparingTo("9.84");
        assertThat(credits.balance(account.id())).isEqualByComparingTo("9.996");

        // one more does not fit: the lease is retired, giving back nothing (all carved), and a second one reserved
        holds.add(credits.hold(account.id(), new BigDecimal("0.01"), Duration.ofMinutes(5)).orElseThrow());
        assertThat(holdRows(account)).hasSize(2);
        assertThat(credits.available(account.id())).isEqualByComparingTo("9.83");
        holds.subList(2, holds.size()).forEach(credits::release);
        assertThat(holdRows(account)).hasSize(1); // the retired lease holds nothing once its last hold ended
        assertThat(credits.available(account.id())).isEqualByComparingTo("9.996");
    }

    @Test
    void aLeaseServesSoManyHoldsAndThenANewOneIsReserved() {
        Account account = platform.newAccount();
        credits.grant(account.id(), new BigDecimal("10.00"), "test");
        String lease = "SELECT id FROM platform.credit_holds WHERE account_id = :a AND amount_usd > 0";
        JdbcClient jdbc = platform.bean(JdbcClient.class);
        for (int i = 0; i < Leases.HOLDS_PER_LEASE; i++) {
            credits.release(credits.hold(account.id(), new BigDecimal("0.01"), Duration.ofMinutes(5)).orElseThrow());
        }
        UUID first = jdbc.sql(lease).param("a", account.id()).query(UUID.class).single();

        credits.release(credits.hold(account.id(), new BigDecimal("0.01"), Duration.ofMinutes(5)).orElseThrow());

        assertThat(jdbc.sql(lease).param("a", account.id()).query(UUID.class).single()).isNotEqualTo(first);
        assertThat(holdRows(account)).containsExactly(new BigDecimal("0.16000000"));
        assertThat(credits.available(account.id())).isEqualByComparingTo("10.00");
    }

    /**
     * Holds spent in full run a lease dry after {@value Leases#SIZE_FACTOR}; each lease that runs dry is followed by
     * one twice its multiple of the hold, up to the {@value Leases#HOLDS_PER_LEASE} holds a lease serves, and a lease
     * retired idle starts the account at the first multiple again.
     */
    @Test
    void aLeaseThatRunsDryIsFollowedByALargerOneAndAnIdleAccountStartsSmallAgain() {
        Account account = platform.newAccount();
        credits.grant(account.id(), new BigDecimal("100.00"), "test");
        BigDecimal usd = new BigDecimal("0.01");
        List<UUID> leases = new ArrayList<>();
        List<BigDecimal> sizes = new ArrayList<>();
        for (int i = 0; i < 16 + 32 + 64 + 128 + 256 + 256 + 1; i++) {
            Hold hold = credits.hold(account.id(), usd, Duration.ofMinutes(5)).orElseThrow();
            recordNewLease(account, leases, sizes);
            credits.settle(List.of(credits.settlement(hold, usd, "chat")));
        }

        assertThat(sizes).containsExactly(new BigDecimal("0.16000000"), new BigDecimal("0.32000000"),
                new BigDecimal("0.64000000"), new BigDecimal("1.28000000"), new BigDecimal("2.56000000"),
                new BigDecimal("2.56000000"), new BigDecimal("2.56000000"));
        assertThat(credits.balance(account.id())).isEqualByComparingTo("92.47");

        credits.tend();
        credits.tend(); // idle since the last tending: retired
        Hold hold = credits.hold(account.id(), usd, Duration.ofMinutes(5)).orElseThrow();
        recordNewLease(account, leases, sizes);
        credits.release(hold);
        assertThat(sizes.getLast()).isEqualByComparingTo("0.16");
        assertThat(sizes).hasSize(8);
    }

    /** Adds the account's current lease (the one row still holding credit) to {@code leases} if it is new. */
    private static void recordNewLease(Account account, List<UUID> leases, List<BigDecimal> sizes) {
        record Row(UUID id, BigDecimal amount) {
        }
        List<Row> rows = platform.bean(JdbcClient.class)
                .sql("SELECT id, amount_usd FROM platform.credit_holds WHERE account_id = :a AND amount_usd > 0")
                .param("a", account.id()).query((rs, n) -> new Row(rs.getObject(1, UUID.class), rs.getBigDecimal(2)))
                .list();
        assertThat(rows).hasSize(1);
        if (!leases.contains(rows.getFirst().id())) {
            leases.add(rows.getFirst().id());
            sizes.add(rows.getFirst().amount());
        }
    }

    @Test
    void aHoldEndsOnceAndNeverSpendsMoreThanItReserved() {
        Account account = platform.newAccount();
        credits.grant(account.id(), new BigDecimal("1.00"), "test");
        Hold hold = credits.hold(account.id(), new BigDecimal("0.10"), Duration.ofMinutes(5)).orElseThrow();

        assertThatThrownBy(() -> credits.settlement(hold, new BigDecimal("0.11"), "chat"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("0.10");
        credits.settle(List.of(credits.settlement(hold, new BigDecimal("0.10"), "chat")));
        assertThatThrownBy(() -> credits.settlement(hold, BigDecimal.ZERO, "chat"))
                .isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> credits.release(hold)).isInstanceOf(IllegalStateException.class);
        assertThat(credits.balance(account.id())).isEqualByComparingTo("0.90");
    }

    @Test
    void anotherProcessGetsTheCreditALeaseHoldsOnceItIsIdle() throws Exception {
        Account account = platform.newAccount();
        credits.grant(account.id(), new BigDecimal("1.00"), "test");
        try (Credits first = anotherProcess(); Credits second = anotherProcess()) {
            Hold hold = first.hold(account.id(), new BigDecimal("0.10"), Duration.ofMinutes(5)).orElseThrow();
            assertThat(second.hold(account.id(), new BigDecimal("0.10"), Duration.ofMinutes(5))).isEmpty();
            first.settle(List.of(first.settlement(hold, new BigDecimal("0.05"), "chat")));

            first.tend(); // carved from since the last tending: kept
            assertThat(second.hold(account.id(), new BigDecimal("0.10"), Duration.ofMinutes(5))).isEmpty();
            first.tend(); // idle since: retired, and its credit is the account's again

            assertThat(holdRows(account)).isEmpty();
            first.tend(); // and its empty row is deleted
            assertThat(platform.bean(JdbcClient.class).sql("SELECT count(*) FROM platform.credit_holds WHERE account_id = :a")
                    .param("a", account.id()).query(Long.class).single()).isZero();
            assertThat(second.hold(account.id(), new BigDecimal("0.10"), Duration.ofMinutes(5))).isPresent();
            assertThat(first.available(account.id())).isEqualByComparingTo("0");
            assertThat(second.available(account.id())).isEqualByComparingTo("0.85");
        }
    }

    @Test
    void tendingRenewsLeasesInUseAndLeasesLapseWhenNoLongerTended() throws Exception {
        Account account = platform.newAccount();
        credits.grant(account.id(), new BigDecimal("1.00"), "test");
        try (Credits first = anotherProcess(); Credits second = anotherProcess()) {
            first.hold(account.id(), new BigDecimal("0.10"), Duration.ofHours(1)).orElseThrow();
            clock.advance(Leases.LEASE_TTL.minusSeconds(10));
            first.tend(); // the lease is in use (a hold is not settled): renewed
            clock.advance(Duration.ofSeconds(30));
            assertThat(second.hold(account.id(), new BigDecimal("0.10"), Duration.ofMinutes(5))).isEmpty();

            // the first process stops tending (as if it had crashed): its lease lapses
            clock.advance(Leases.LEASE_TTL);
            assertThat(second.hold(account.id(), new BigDecimal("0.10"), Duration.ofMinutes(5))).isPresent();
        }
    }

    @Test
    void holdsNeitherSettledNorReleasedLapseAtTheirDeadlineAndStillCharge() throws Exception {
        Account account = platform.newAccount();
        credits.grant(account.id(), new BigDecimal("1.00"), "test");
        try (Credits process = anotherProcess()) {
            Hold hold = process.hold(account.id(), new BigDecimal("0.40"), Duration.ofMinutes(1)).orElseThrow();
            process.hold(account.id(), new BigDecimal("0.60"), Duration.ofMinutes(1)).orElseThrow();
            assertThat(process.available(account.id())).isEqualByComparingTo("0");

            clock.advance(Duration.ofSeconds(61));
            process.tend();

            assertThat(process.available(account.id())).isEqualByComparingTo("1.00");

            // a call that outlived its hold is still charged what it spent
            process.settle(List.of(process.settlement(hold, new BigDecimal("0.40"), "late")));
            assertThat(process.balance(account.id())).isEqualByComparingTo("0.60");
            assertThat(process.available(account.id())).isEqualByComparingTo("0.60");
            assertThatThrownBy(() -> process.release(hold)).isInstanceOf(IllegalStateException.class);
        }
    }

    @Test
    void closingGivesBackWhatTheLeasesHaveNotCarved() throws Exception {
        Account account = platform.newAccount();
        credits.grant(account.id(), new BigDecimal("1.00"), "test");
        Credits process = anotherProcess();
        Hold hold = process.hold(account.id(), new BigDecimal("0.30"), Duration.ofMinutes(5)).orElseThrow();
        assertThat(holdRows(account)).containsExactly(new BigDecimal("1.00000000"));

        process.close();

        assertThat(holdRows(account)).containsExactly(new BigDecimal("0.30000000"));
        assertThat(credits.available(account.id())).isEqualByComparingTo("0.70");
        process.settle(List.of(process.settlement(hold, new BigDecimal("0.20"), "chat"))); // still settles
        assertThat(holdRows(account)).isEmpty();
        assertThat(credits.available(account.id())).isEqualByComparingTo("0.80");
    }

    @Test
    void concurrentHoldsOfTwoProcessesNeverReserveMoreThanTheBalance() throws Exception {
        Account account = platform.newAccount();
        credits.grant(account.id(), new BigDecimal("1.00"), "test");
        try (Credits first = anotherProcess(); Credits second = anotherProcess();
             ExecutorService pool = Executors.newFixedThreadPool(16)) {
            List<Future<Optional<Hold>>> holds = new ArrayList<>();
            for (int i = 0; i < 40; i++) {
                Credits process = i % 2 == 0 ? first : second;
                holds.add(pool.submit(() -> process.hold(account.id(), new BigDecimal("0.07"), Duration.ofMinutes(5))));
            }
            BigDecimal reserved = BigDecimal.ZERO;
            for (Future<Optional<Hold>> hold : holds) {
                reserved = reserved.add(hold.get().map(Hold::amountUsd).orElse(BigDecimal.ZERO));
            }
            // 14 holds of 0.07 fit in 1.00; how many each process gets depends on which leased first
            assertThat(reserved).isLessThanOrEqualTo(new BigDecimal("1.00")).isGreaterThanOrEqualTo(new BigDecimal("0.07"));
            assertThat(holdRows(account).stream().reduce(BigDecimal.ZERO, BigDecimal::add))
                    .isLessThanOrEqualTo(new BigDecimal("1.00"));
        }
    }

    @Test
    void aSettlementDoesNotWaitForTheBalanceRowNorForAHoldUnderWay() throws Exception {
        Account account = platform.newAccount();
        credits.grant(account.id(), new BigDecimal("1.00"), "test");
        Hold hold = credits.hold(account.id(), new BigDecimal("0.50"), Duration.ofMinutes(5)).orElseThrow();
        TransactionTemplate tx = platform.bean(TransactionTemplate.class);
        CountDownLatch locked = new CountDownLatch(1);
        CountDownLatch settled = new CountDownLatch(1);
        try (ExecutorService pool = Executors.newFixedThreadPool(2)) {
            Future<?> blocker = pool.submit(() -> tx.executeWithoutResult(status -> {
                JdbcClient jdbc = platform.bean(JdbcClient.class);
                jdbc.sql("SELECT balance_usd FROM platform.credit_balances WHERE account_id = :a FOR UPDATE")
                        .param("a", account.id()).query(BigDecimal.class).single();
                takeTheAccountsTurn(jdbc, account);
                locked.countDown();
                try {
                    settled.await(30, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }));
            assertThat(locked.await(30, TimeUnit.SECONDS)).isTrue();
            // were the settlement to wait for either lock, it would time out here while the blocker holds both
            pool.submit(() -> credits.settle(
                            List.of(credits.settlement(hold, new BigDecimal("0.25"), "chat"))))
                    .get(10, TimeUnit.SECONDS);
            settled.countDown();
            blocker.get(30, TimeUnit.SECONDS);
        }
        assertThat(credits.balance(account.id())).isEqualByComparingTo("0.75");
    }

    /**
     * A charge's transaction may wait long for the disk; meanwhile the lease it settles must stay free for the rest
     * of the work on it (here tending's renewal; a retirement's give-back likewise), and the lease still covers it.
     */
    @Test
    void aChargeNotYetCommittedLeavesItsLeaseUnlockedAndCovered() throws Exception {
        Account account = platform.newAccount();
        credits.grant(account.id(), new BigDecimal("1.00"), "test");
        Hold hold = credits.hold(account.id(), new BigDecimal("0.05"), Duration.ofMinutes(5)).orElseThrow();
        TransactionTemplate tx = platform.bean(TransactionTemplate.class);
        CountDownLatch charged = new CountDownLatch(1);
        CountDownLatch commit = new CountDownLatch(1);
        try (ExecutorService pool = Executors.newFixedThreadPool(2)) {
            Future<?> charge = pool.submit(() -> tx.executeWithoutResult(status -> {
                credits.settle(List.of(credits.settlement(hold, new BigDecimal("0.04"), "chat")));
                charged.countDown();
                try {
                    commit.await(30, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }));
            assertThat(charged.await(30, TimeUnit.SECONDS)).isTrue();
            // were the lease's row locked by the charge, tending would wait here until it commits
            pool.submit(credits::tend).get(10, TimeUnit.SECONDS);
            assertThat(credits.available(account.id())).as("the lease still covers the charge")
                    .isEqualByComparingTo("0.96");
            commit.countDown();
            charge.get(30, TimeUnit.SECONDS);
        }
        assertThat(credits.balance(account.id())).isEqualByComparingTo("0.96");
        assertThat(credits.available(account.id())).isEqualByComparingTo("0.96");
    }

    @Test
    void aHoldWaitingForTheAccountsTurnSeesTheHoldCommittedBeforeItsTurnCame() throws Exception {
        Account account = platform.newAccount();
        credits.grant(account.id(), new BigDecimal("1.00"), "test");
        TransactionTemplate tx = platform.bean(TransactionTemplate.class);
        JdbcClient jdbc = platform.bean(JdbcClient.class);
        CountDownLatch locked = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        try (ExecutorService pool = Executors.newFixedThreadPool(2)) {
            // Another hold under way: it has the account's turn and reserves 0.80, not committed yet.
            Future<?> first = pool.submit(() -> tx.executeWithoutResult(status -> {
                takeTheAccountsTurn(jdbc, account);
                jdbc.sql("""
                        INSERT INTO platform.credit_holds (id, account_id, amount_usd, reason, created_at, expires_at)
                        VALUES (:id, :a, 0.80, 'first', :now, :expires)""")
                        .param("id", UUID.randomUUID()).param("a", account.id())
                        .param("now", Timestamp.from(clock.instant()))
                        .param("expires", Timestamp.from(clock.instant().plus(Duration.ofMinutes(5)))).update();
                locked.countDown();
                try {
                    release.await(30, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }));
            assertThat(locked.await(30, TimeUnit.SECONDS)).isTrue();
            Future<Optional<Hold>> second = pool.submit(() ->
                    credits.hold(account.id(), new BigDecimal("0.50"), Duration.ofMinutes(5)));
            Thread.sleep(200); // the second hold is now waiting for its turn (were it not, it would see 1.00 available)
            release.countDown();
            first.get(30, TimeUnit.SECONDS);
            // 0.20 is left once the first commits: the second must see that hold, though it began before the commit
            assertThat(second.get(30, TimeUnit.SECONDS)).isEmpty();
        }
        assertThat(credits.available(account.id())).isEqualByComparingTo("0.20");
    }

    @Test
    void aHoldIsNotTakenInsideACallersTransaction() {
        Account account = platform.newAccount();
        credits.grant(account.id(), new BigDecimal("1.00"), "test");
        TransactionTemplate tx = platform.bean(TransactionTemplate.class);

        assertThatThrownBy(() -> tx.executeWithoutResult(status ->
                credits.hold(account.id(), new BigDecimal("0.10"), Duration.ofMinutes(5))))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("inside a transaction");
    }

    /** Credits as another process on the same database would have them: leases of its own. */
    private static Credits anotherProcess() {
        return new Credits(platform.bean(JdbcClient.class), platform.bean(TransactionTemplate.class), clock);
    }

    /** The amounts of the account's rows in credit_holds (its leases) that hold something, largest first. */
    private static List<BigDecimal> holdRows(Account account) {
        return platform.bean(JdbcClient.class)
                .sql("""
                        SELECT amount_usd FROM platform.credit_holds WHERE account_id = :a AND amount_usd > 0
                        ORDER BY amount_usd DESC""")
                .param("a", account.id()).query(BigDecimal.class).list();
    }

    /** Takes the account's turn on its advisory lock, as a hold does, until the caller's transaction ends. */
    private static void takeTheAccountsTurn(JdbcClient jdbc, Account account) {
        jdbc.sql("SELECT pg_advisory_xact_lock(:class, hashtext(CAST(:a AS text)))::text")
                .param("class", Credits.LOCK_CLASS).param("a", account.id()).query(String.class).single();
    }
}
