package dev.quintet.devices.paging;

import dev.quintet.platform.errors.ApiException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.UUID;

/** Opaque cursors over keys, and the checks of {@code cursor} and {@code limit} parameters. */
public final class Cursor {

    public static final int DEFAULT_LIMIT = 50;
    public static final int MAX_LIMIT = 500;

    private Cursor() {
    }

    static String encode(String key) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(key.getBytes(StandardCharsets.UTF_8));
    }

    /** The key a cursor stands for; null when there is none. */
    public static String decode(String cursor) {
        if (cursor == null || cursor.isEmpty()) {
            return null;
        }
        try {
            return new String(Base64.getUrlDecoder().decode(cursor), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            throw ApiException.invalidParameter("cursor", "cursor must be a next_cursor value this API returned");
        }
    }

    /** The id a cursor stands for; null when there is none. */
    public static UUID decodeId(String cursor) {
        String key = decode(cursor);
        if (key == null) {
            return null;
        }
        try {
            return UUID.fromString(key);
        } catch (IllegalArgumentException e) {
            throw ApiException.invalidParameter("cursor", "cursor must be a next_cursor value this API returned");
        }
    }

    /** The sequence number a cursor stands for; null when there is none. */
    public static Long decodeSequence(String cursor) {
        String key = decode(cursor);
        try {
            return key == null ? null : Long.parseLong(key);
        } catch (NumberFormatException e) {
            throw ApiException.invalidParameter("cursor", "cursor must be a next_cursor value this API returned");
        }
    }

    public static int limit(Integer limit) {
        if (limit == null) {
            return DEFAULT_LIMIT;
        }
        if (limit < 1 || limit > MAX_LIMIT) {
            throw ApiException.invalidParameter("limit", "limit must be 1.." + MAX_LIMIT + ", got " + limit);
        }
        return limit;
    }
}
