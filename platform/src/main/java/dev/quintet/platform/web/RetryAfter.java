package dev.quintet.platform.web;

import java.time.Duration;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Optional;

/**
 * An upstream's {@code Retry-After} (RFC 9110 §10.2.3) as a wait from now: either form, delay-seconds or an
 * HTTP-date (IMF-fixdate; the obsolete RFC 850 and asctime date forms are not read). A date
 * already past is no wait; a wait longer than a day is read as a day, so a wrong or hostile value cannot park a
 * caller for longer; anything else unreadable is no value at all.
 */
public final class RetryAfter {

    /** The longest wait read from a value. */
    public static final Duration LONGEST = Duration.ofDays(1);
    /** Digits that always fit a {@code long}; a longer number is longer than a day anyway. */
    private static final int MAX_DIGITS = 18;

    private RetryAfter() {
    }

    /** The wait {@code value} asks for, seen at {@code now}; empty when there is no readable value. */
    public static Optional<Duration> parse(String value, Instant now) {
        if (value == null || value.isBlank()) {
            return Optional.empty();
        }
        String text = value.strip();
        Duration wait;
        if (text.chars().allMatch(c -> c >= '0' && c <= '9')) { // delay-seconds: ASCII digits only
            wait = text.length() > MAX_DIGITS ? LONGEST : Duration.ofSeconds(Long.parseLong(text));
        } else {
            try {
                wait = Duration.between(now, ZonedDateTime.parse(text, DateTimeFormatter.RFC_1123_DATE_TIME).toInstant());
            } catch (DateTimeParseException e) {
                return Optional.empty();
            }
            if (wait.isNegative()) {
                wait = Duration.ZERO;
            }
        }
        return Optional.of(wait.compareTo(LONGEST) > 0 ? LONGEST : wait);
    }
}
