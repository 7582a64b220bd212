package dev.quintet.console.oauth.server;

import dev.quintet.console.oauth.OAuthClients;
import java.security.MessageDigest;
import java.util.HexFormat;
import org.springframework.security.crypto.password.PasswordEncoder;

/**
 * Checks client secrets against their stored SHA-256. Secrets are 256 random bits, so a fast hash is enough and
 * keeps the token endpoint from being bound by password hashing.
 */
final class ClientSecretHashes implements PasswordEncoder {

    @Override
    public String encode(CharSequence rawSecret) {
        return HexFormat.of().formatHex(OAuthClients.sha256(rawSecret.toString()));
    }

    @Override
    public boolean matches(CharSequence rawSecret, String storedHex) {
        if (rawSecret == null || storedHex == null || storedHex.isEmpty()) {
            return false;
        }
        byte[] stored;
        try {
            stored = HexFormat.of().parseHex(storedHex);
        } catch (IllegalArgumentException e) {
            return false;
        }
        return MessageDigest.isEqual(stored, OAuthClients.sha256(rawSecret.toString()));
    }
}
