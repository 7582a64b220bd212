package dev.quintet.router.generations;

import java.time.Clock;
import java.util.random.RandomGenerator;

/** Mints generation ids: {@code gen-}, the Unix time in seconds, a dash and 20 random base62 characters. */
public final class GenerationIds {

    private static final String ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
    static final int RANDOM_CHARS = 20;

    private final RandomGenerator random;
    private final Clock clock;

    public GenerationIds(RandomGenerator random, Clock clock) {
        this.random = random;
        this.clock = clock;
    }

    /**
     * A new id. Its random characters come from one draw of bytes (a draw from the system's random source takes a
     * lock and a digest, whatever its size): each byte's low six bits pick a character, the two values past the
     * alphabet's 62 are passed over, so each character is equally likely.
     */
    public String next() {
        StringBuilder id = new StringBuilder(48).append("gen-").append(clock.instant().getEpochSecond()).append('-');
        byte[] bytes = new byte[RANDOM_CHARS + 4];
        int missing = RANDOM_CHARS;
        while (missing > 0) {
            random.nextBytes(bytes);
            for (int i = 0; i < bytes.length && missing > 0; i++) {
                int sixBits = bytes[i] & 0x3F;
                if (sixBits < ALPHABET.length()) {
                    id.append(ALPHABET.charAt(sixBits));
                    missing--;
                }
            }
        }
        return id.toString();
    }

    /** Whether {@code id} has the shape of a generation id. */
    public static boolean wellFormed(String id) {
        return id != null && id.matches("gen-[0-9]{1,12}-[0-9A-Za-z]{" + RANDOM_CHARS + "}");
    }
}
