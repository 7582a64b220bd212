package dev.quintet.console.web;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;

/** Times from a service's API, shown to the second in UTC. */
public final class Times {

    private static final DateTimeFormatter SHOWN = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss")
            .withZone(ZoneOffset.UTC);

    private Times() {
    }

    public static String shown(String iso, String none) {
        if (iso == null || iso.isEmpty()) {
            return none;
        }
        try {
            return SHOWN.format(Instant.parse(iso));
        } catch (DateTimeParseException e) {
            return iso;
        }
    }
}
