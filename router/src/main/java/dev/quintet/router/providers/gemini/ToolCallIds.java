package dev.quintet.router.providers.gemini;

import java.util.random.RandomGenerator;

/** Mints the ids Gemini's function calls lack: {@code call_} and 24 random letters and digits. */
final class ToolCallIds {

    private static final String ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

    private final RandomGenerator random;

    ToolCallIds(RandomGenerator random) {
        this.random = random;
    }

    String next() {
        StringBuilder id = new StringBuilder("call_");
        for (int i = 0; i < 24; i++) {
            id.append(ALPHABET.charAt(random.nextInt(ALPHABET.length())));
        }
        return id.toString();
    }
}
