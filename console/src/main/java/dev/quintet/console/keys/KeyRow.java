package dev.quintet.console.keys;

import dev.quintet.platform.keys.ApiKey;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/** One key as the dashboard lists it: never the key, only how to recognise it. */
public record KeyRow(String id, String label, String masked, String services, String created, String lastUsed,
                     boolean active, String revoked) {

    private static final DateTimeFormatter WHEN = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm 'UTC'")
            .withZone(ZoneOffset.UTC);

    public static KeyRow of(ApiKey key) {
        return new KeyRow(key.id().toString(), key.label(), key.masked(), String.join(", ", key.services()),
                format(key.createdAt()), key.lastUsedAt() == null ? "never" : format(key.lastUsedAt()),
                !key.revoked(), key.revoked() ? format(key.revokedAt()) : null);
    }

    private static String format(Instant instant) {
        return WHEN.format(instant);
    }
}
