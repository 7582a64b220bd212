package dev.quintet.platform.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class RetryAfterTest {

    private static final Instant NOW = Instant.parse("2026-11-27T12:00:00Z");

    @Test
    void readsDelaySeconds() {
        assertThat(RetryAfter.parse("120", NOW)).contains(Duration.ofSeconds(120));
        assertThat(RetryAfter.parse(" 0 ", NOW)).contains(Duration.ZERO);
    }

    @Test
    void readsAnHttpDateAsTheWaitUntilIt() {
        assertThat(RetryAfter.parse("Fri, 27 Nov 2026 12:01:30 GMT", NOW)).contains(Duration.ofSeconds(90));
        assertThat(RetryAfter.parse("Fri, 27 Nov 2026 11:00:00 GMT", NOW)).contains(Duration.ZERO);
    }

    @Test
    void capsLongWaitsAtADay() {
        assertThat(RetryAfter.parse("999999", NOW)).contains(RetryAfter.LONGEST);
        assertThat(RetryAfter.parse("99999999999999999999999", NOW)).contains(RetryAfter.LONGEST);
        assertThat(RetryAfter.parse("Sat, 05 Dec 2026 12:00:00 GMT", NOW)).contains(RetryAfter.LONGEST);
    }

    @Test
    void ignoresWhatItCannotRead() {
        assertThat(RetryAfter.parse(null, NOW)).isEmpty();
        assertThat(RetryAfter.parse("", NOW)).isEmpty();
        assertThat(RetryAfter.parse("-5", NOW)).isEmpty();
        assertThat(RetryAfter.parse("1.5", NOW)).isEmpty();
        assertThat(RetryAfter.parse("soon", NOW)).isEmpty();
        assertThat(RetryAfter.parse("12abc", NOW)).isEmpty();
        assertThat(RetryAfter.parse("\u0661\u0662", NOW)).as("digits other than ASCII").isEmpty();
        assertThat(RetryAfter.parse("+5", NOW)).isEmpty();
    }
}
