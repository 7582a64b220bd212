package dev.quintet.devices.registry;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.random.RandomGenerator;

/** Device tokens: 24 random bytes as 32 URL-safe characters; only their SHA-256 hash is stored. */
public final class DeviceTokens {

    public static final int LENGTH = 32;

    private final RandomGenerator random;

    public DeviceTokens(RandomGenerator random) {
        this.random = random;
    }

    public String generate() {
        byte[] bytes = new byte[24];
        random.nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    /** Whether the text could be a token at all, so look-alikes are refused without a database read. */
    public static boolean isWellFormed(String token) {
        if (token == null || token.length() != LENGTH) {
            return false;
        }
        return token.chars().allMatch(c -> (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')
                || c == '-' || c == '_');
    }

    public static byte[] hash(String token) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(token.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    static String hint(String token) {
        return token.substring(token.length() - 4);
    }
}
