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

    public String next() {
        StringBuilder id = new StringBuilder("gen-").append(clock.instant().getEpochSecond()).append('-');
        for (int i = 0; i < RANDOM_CHARS; i++) {
            id.append(ALPHABET.charAt(random.nextInt(ALPHABET.length())));
        }
        return id.toString();
    }

    /** Whether {@code id} has the shape of a generation id. */
    public static boolean wellFormed(String id) {
        return id != null && id.matches("gen-[0-9]{1,12}-[0-9A-Za-z]{" + RANDOM_CHARS + "}");
    }
}
