package dev.quintet.router.providers.gemini;

import java.util.random.RandomGenerator;
import java.util.regex.Pattern;

/**
 * Mints the ids Gemini's function calls lack: {@code call_} and 24 random letters and digits, the shape of OpenAI's
 * ids. Such an id is the router's own and means nothing to Gemini, so it is never sent back ({@link #sentBack}).
 */
final class ToolCallIds {

    private static final String ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    private static final int LENGTH = 24;
    private static final Pattern MINTED = Pattern.compile("call_[A-Za-z0-9]{" + LENGTH + "}");

    private final RandomGenerator random;

    ToolCallIds(RandomGenerator random) {
        this.random = random;
    }

    /**
     * Whether {@code id} goes back to Gemini as {@code functionCall.id} and {@code functionResponse.id}: any id but
     * a minted one (an id of that shape is taken for minted). Such an id is Gemini's own, or another provider's for
     * calls made before a fallback; sent with the call and its result, it lets Gemini pair them by id.
     */
    static boolean sentBack(String id) {
        return !id.isEmpty() && !minted(id);
    }

    /** Whether {@code id} has the shape of a minted id. */
    static boolean minted(String id) {
        return MINTED.matcher(id).matches();
    }

    String next() {
        StringBuilder id = new StringBuilder("call_");
        for (int i = 0; i < LENGTH; i++) {
            id.append(ALPHABET.charAt(random.nextInt(ALPHABET.length())));
        }
        return id.toString();
    }
}
