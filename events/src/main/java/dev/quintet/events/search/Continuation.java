package dev.quintet.events.search;

import dev.quintet.platform.errors.ApiException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Base64;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.zip.CRC32;

/**
 * Where the next page of a search starts, handed out as {@code pagination.continuation} and sent back as the
 * {@code continuation} parameter with the same other parameters. It carries the page number, the count the first
 * page gave (so later pages need not count again), and, for results in date order, the start and id of the last
 * event shown: the next page begins after it, so events added or removed meanwhile cause no gap or repeat.
 * A token sent with different parameters than it was made for is refused, as is one that is not ours.
 */
public record Continuation(int page, int objectCount, boolean capped, long fingerprint, Instant afterStart,
                           Long afterId) {

    /** The parameters a token does not fix: where the page starts. */
    public static final Set<String> POSITION = Set.of("page", "continuation");
    private static final Base64.Encoder ENCODER = Base64.getUrlEncoder().withoutPadding();

    public String encode() {
        String text = String.join(":", "1", String.valueOf(page), String.valueOf(objectCount), capped ? "1" : "0",
                Long.toHexString(fingerprint), afterStart == null ? "" : String.valueOf(micros(afterStart)),
                afterId == null ? "" : String.valueOf(afterId));
        return ENCODER.encodeToString(text.getBytes(StandardCharsets.US_ASCII));
    }

    /** The token's position, refused with {@code BAD_CONTINUATION_TOKEN} unless it was made for {@code parameters}. */
    static Continuation decode(String token, Map<String, String[]> parameters) {
        String[] f;
        try {
            f = new String(Base64.getUrlDecoder().decode(token), StandardCharsets.US_ASCII).split(":", -1);
        } catch (IllegalArgumentException e) {
            throw bad("continuation is not a token this API gave");
        }
        if (f.length != 7 || !f[0].equals("1")) {
            throw bad("continuation is not a token this API gave");
        }
        Continuation c;
        try {
            c = new Continuation(Integer.parseInt(f[1]), Integer.parseInt(f[2]), f[3].equals("1"),
                    Long.parseUnsignedLong(f[4], 16), f[5].isEmpty() ? null : instant(Long.parseLong(f[5])),
                    f[6].isEmpty() ? null : Long.parseLong(f[6]));
        } catch (NumberFormatException e) {
            throw bad("continuation is not a token this API gave");
        }
        if (c.page < 2 || c.objectCount < 0 || (c.afterStart == null) != (c.afterId == null)) {
            throw bad("continuation is not a token this API gave");
        }
        if (c.fingerprint != fingerprint(parameters)) {
            throw bad("continuation was made for a search with other parameters; send it with the same ones, "
                    + "changing only continuation");
        }
        return c;
    }

    /** A digest of every parameter but the position, in a fixed order. */
    static long fingerprint(Map<String, String[]> parameters) {
        CRC32 crc = new CRC32();
        new TreeMap<>(parameters).forEach((name, values) -> {
            if (!POSITION.contains(name)) {
                crc.update((name + "=" + String.join(",", values) + "&").getBytes(StandardCharsets.UTF_8));
            }
        });
        return crc.getValue();
    }

    private static long micros(Instant t) {
        return Math.addExact(Math.multiplyExact(t.getEpochSecond(), 1_000_000L), t.getNano() / 1_000);
    }

    private static Instant instant(long micros) {
        return Instant.ofEpochSecond(Math.floorDiv(micros, 1_000_000L), Math.floorMod(micros, 1_000_000L) * 1_000);
    }

    private static ApiException bad(String rule) {
        return new ApiException(400, "bad_continuation_token", rule, "continuation");
    }
}
