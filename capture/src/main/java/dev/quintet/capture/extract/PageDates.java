package dev.quintet.capture.extract;

import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;

/**
 * Reads the dates pages state (ISO-8601 in its common spellings, or RFC 1123) and writes them as ISO-8601: an
 * instant in UTC when the page gives an offset, else the local date-time or date as given.
 */
final class PageDates {

    private PageDates() {
    }

    /** The date in ISO-8601, or null when {@code raw} is not a date this reads. */
    static String normalise(String raw) {
        if (raw == null || raw.isBlank() || raw.length() > 64) {
            return null;
        }
        String s = raw.strip().replace(' ', 'T');
        s = s.replaceFirst("^(\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(:\\d{2}(\\.\\d+)?)?)T?([+-]\\d{2})(\\d{2})$", "$1$4:$5")
                .replaceFirst("^(\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(:\\d{2}(\\.\\d+)?)?)T?([+-]\\d{2})$", "$1$4:00")
                .replaceFirst("^(\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(:\\d{2}(\\.\\d+)?)?)TUTC$", "$1Z");
        try {
            return OffsetDateTime.parse(s).toInstant().truncatedTo(ChronoUnit.SECONDS).toString();
        } catch (DateTimeParseException e) {
            // not with an offset
        }
        try {
            return DateTimeFormatter.ISO_LOCAL_DATE_TIME.format(LocalDateTime.parse(s).truncatedTo(ChronoUnit.SECONDS));
        } catch (DateTimeParseException e) {
            // not a local date-time
        }
        try {
            return LocalDate.parse(s.length() > 10 && s.charAt(10) == 'T' ? s.substring(0, 10) : s).toString();
        } catch (DateTimeParseException e) {
            // not a date
        }
        try {
            return ZonedDateTime.parse(raw.strip(), DateTimeFormatter.RFC_1123_DATE_TIME).toInstant().toString();
        } catch (DateTimeParseException e) {
            return null;
        }
    }
}
