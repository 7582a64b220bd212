package dev.quintet.events.auth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.quintet.events.EventsProperties;
import dev.quintet.events.TestIssuer;
import dev.quintet.platform.testing.MutableClock;
import java.time.Duration;
import java.time.Instant;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.security.oauth2.jwt.JwtDecoder;

/** A token verified once is answered from the cache, but only while the injected clock says it is valid. */
class AccessTokensTest {

    MutableClock clock;
    TestIssuer issuer;
    AtomicInteger decodes;
    AccessTokens tokens;

    @BeforeEach
    void start() {
        clock = new MutableClock(Instant.parse("2026-06-10T12:00:00Z"));
        issuer = new TestIssuer(clock);
        JwtDecoder decoder = AccessTokens.decoder(
                new EventsProperties(issuer.url(), null, "events", Duration.ofMinutes(1)), clock);
        decodes = new AtomicInteger();
        tokens = new AccessTokens(token -> {
            decodes.incrementAndGet();
            return decoder.decode(token);
        }, clock);
    }

    @AfterEach
    void stop() {
        issuer.close();
    }

    @Test
    void verifiesATokenOnceAndRefusesItFromTheCacheOnceTheClockPassesItsExpiry() {
        UUID account = UUID.randomUUID();
        String token = issuer.token(account, "events:read user:read");

        Caller first = tokens.verify(token);
        clock.advance(Duration.ofMinutes(15));
        Caller again = tokens.verify(token);

        assertThat(first.accountId()).isEqualTo(account);
        assertThat(first.clientId()).isEqualTo("qc_test");
        assertThat(first.scopes()).containsExactly("events:read", "user:read");
        assertThat(again).isEqualTo(first);
        assertThat(decodes).hasValue(1);

        clock.advance(Duration.ofSeconds(1));
        assertThatThrownBy(() -> tokens.verify(token))
                .isInstanceOf(AccessTokens.InvalidToken.class).hasMessageContaining("expired");
        assertThatThrownBy(() -> tokens.verify(token))
                .isInstanceOf(AccessTokens.InvalidToken.class).hasMessageContaining("expired");
    }

    @Test
    void acceptsEs256AndRs256TokensAndCachesEach() {
        String es256 = issuer.token(UUID.randomUUID(), "events:read");
        String rs256 = issuer.rs256Token(UUID.randomUUID(), "events:read");

        for (int i = 0; i < 3; i++) {
            assertThat(tokens.verify(es256).scopes()).containsExactly("events:read");
            assertThat(tokens.verify(rs256).scopes()).containsExactly("events:read");
        }

        assertThat(decodes).hasValue(2);
    }

    @Test
    void doesNotCacheARefusal() {
        assertThatThrownBy(() -> tokens.verify("not-a-jwt")).isInstanceOf(AccessTokens.InvalidToken.class);
        assertThatThrownBy(() -> tokens.verify("not-a-jwt")).isInstanceOf(AccessTokens.InvalidToken.class);

        assertThat(decodes).hasValue(2);
    }
}
