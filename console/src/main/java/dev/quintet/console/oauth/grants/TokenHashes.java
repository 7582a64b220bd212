package dev.quintet.console.oauth.grants;

import dev.quintet.console.oauth.OAuthClients;
import java.util.Arrays;
import java.util.HexFormat;

/**
 * Codes and tokens are stored as SHA-256 hashes only. A grant read back carries, for the token it was looked up by,
 * the value that was presented; its other tokens carry a stand-in naming their stored hash, which saving turns back
 * into that hash. Our generators never make a value that starts like a stand-in, and a presented value is always
 * hashed, so a stand-in cannot be used to look a grant up.
 */
final class TokenHashes {

    private static final String STAND_IN = "sha256:";
    private static final HexFormat HEX = HexFormat.of();

    private TokenHashes() {
    }

    /** The hash to store for a token value of a grant being saved. */
    static byte[] toStore(String value) {
        if (value == null) {
            return null;
        }
        return value.startsWith(STAND_IN) ? HEX.parseHex(value.substring(STAND_IN.length())) : OAuthClients.sha256(value);
    }

    /** True for the stand-in of a stored token, as opposed to a value that was issued or presented. */
    static boolean isStandIn(String value) {
        return value != null && value.startsWith(STAND_IN);
    }

    /** The value to put in a grant read back: the presented one if it is this token, else a stand-in. */
    static String readBack(byte[] stored, Presented presented) {
        if (stored == null) {
            return null;
        }
        return presented != null && Arrays.equals(stored, presented.hash()) ? presented.value()
                : STAND_IN + HEX.formatHex(stored);
    }

    /** A token value a caller presented, with its hash. */
    record Presented(String value, byte[] hash) {

        static Presented of(String value) {
            return value == null ? null : new Presented(value, OAuthClients.sha256(value));
        }
    }
}
