package dev.quintet.console.security;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.quintet.console.ConsoleProperties;
import dev.quintet.platform.accounts.EmailAddress;
import dev.quintet.platform.accounts.InvalidAccountInput;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Locale;
import java.util.Optional;

/**
 * Counts failed password checks per email address and per client address over a sliding window, in memory.
 * While either count is at its limit, passwords are not checked at all.
 */
public final class LoginThrottle {

    private final Clock clock;
    private final Duration window;
    private final int perEmail;
    private final int perClient;
    private final Cache<String, ArrayDeque<Instant>> byEmail;
    private final Cache<String, ArrayDeque<Instant>> byClient;

    public LoginThrottle(Clock clock, ConsoleProperties properties) {
        this.clock = clock;
        this.window = properties.loginWindow();
        this.perEmail = properties.loginAttemptsPerEmail();
        this.perClient = properties.loginAttemptsPerIp();
        this.byEmail = newCache();
        this.byClient = newCache();
    }

    /** How long until a password may be checked again for this email from this client; empty when it may now. */
    public Optional<Duration> blockedFor(String email, String clientAddress) {
        Instant now = clock.instant();
        Duration wait = max(waitOf(byEmail, key(email), perEmail, now), waitOf(byClient, clientAddress, perClient, now));
        return wait.isZero() ? Optional.empty() : Optional.of(wait);
    }

    public void recordFailure(String email, String clientAddress) {
        Instant now = clock.instant();
        record(byEmail, key(email), perEmail, now);
        record(byClient, clientAddress, perClient, now);
    }

    /** A correct password for this email clears its count; the client's count stays. */
    public void recordSuccess(String email) {
        byEmail.invalidate(key(email));
    }

    /** {@code too many <what> attempts; try again in N minutes}, the minutes rounded up. */
    public static String refusal(String what, Duration wait) {
        long minutes = Math.max(1, (wait.toSeconds() + 59) / 60);
        return "too many " + what + " attempts; try again in " + minutes + (minutes == 1 ? " minute" : " minutes");
    }

    private Duration waitOf(Cache<String, ArrayDeque<Instant>> cache, String key, int limit, Instant now) {
        ArrayDeque<Instant> failures = cache.getIfPresent(key);
        if (failures == null) {
            return Duration.ZERO;
        }
        synchronized (failures) {
            dropExpired(failures, now);
            if (failures.size() < limit) {
                return Duration.ZERO;
            }
            return Duration.between(now, failures.peekFirst().plus(window));
        }
    }

    private void record(Cache<String, ArrayDeque<Instant>> cache, String key, int limit, Instant now) {
        cache.asMap().compute(key, (k, failures) -> {
            ArrayDeque<Instant> list = failures == null ? new ArrayDeque<>() : failures;
            synchronized (list) {
                dropExpired(list, now);
                list.addLast(now);
                while (list.size() > limit) {
                    list.removeFirst();
                }
            }
            return list;
        });
    }

    private void dropExpired(ArrayDeque<Instant> failures, Instant now) {
        Instant cutoff = now.minus(window);
        while (!failures.isEmpty() && !failures.peekFirst().isAfter(cutoff)) {
            failures.removeFirst();
        }
    }

    private Cache<String, ArrayDeque<Instant>> newCache() {
        return Caffeine.newBuilder()
                .ticker(() -> clock.millis() * 1_000_000L)
                .expireAfterWrite(window)
                .maximumSize(200_000)
                .build();
    }

    private static Duration max(Duration a, Duration b) {
        return a.compareTo(b) >= 0 ? a : b;
    }

    private static String key(String email) {
        try {
            return EmailAddress.normalise(email);
        } catch (InvalidAccountInput e) {
            return email == null ? "" : email.strip().toLowerCase(Locale.ROOT);
        }
    }
}
