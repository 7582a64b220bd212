package dev.quintet.platform.keys;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.random.RandomGenerator;
import java.util.zip.CRC32;

/**
 * Keys look like {@code qt_} + 32 random base62 characters + a 6-character base62 checksum of those 32. The
 * checksum lets look-alikes (typos, truncations, other vendors' keys) be refused without a database read.
 */
public final class KeyFormat {

    public static final String PREFIX = "qt_";
    static final int BODY_LENGTH = 32;
    static final int CHECKSUM_LENGTH = 6;
    public static final int LENGTH = PREFIX.length() + BODY_LENGTH + CHECKSUM_LENGTH;
    /** How many characters of a key (after {@code qt_}) are kept to show and to find it by. */
    static final int DISPLAY_PREFIX_LENGTH = PREFIX.length() + 8;

    /**
     * SHA-256 instances that {@link #hash} takes and puts back, so a request neither builds nor clones one; a slot
     * found empty (another thread holds its digest) gets a new instance.
     */
    private static final AtomicReferenceArray<MessageDigest> DIGESTS = new AtomicReferenceArray<>(8);

    private static final char[] BASE62 =
            "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz".toCharArray();

    private KeyFormat() {
    }

    public static String generate(RandomGenerator random) {
        StringBuilder body = new StringBuilder(BODY_LENGTH);
        for (int i = 0; i < BODY_LENGTH; i++) {
            body.append(BASE62[random.nextInt(BASE62.length)]);
        }
        return PREFIX + body + new String(checksum(body.toString().getBytes(StandardCharsets.US_ASCII), 0));
    }

    /** True when the text has the shape of a key and its checksum is right. */
    public static boolean isWellFormed(String key) {
        if (key == null || key.length() != LENGTH || !key.startsWith(PREFIX)) {
            return false;
        }
        for (int i = PREFIX.length(); i < LENGTH; i++) {
            if (!isBase62(key.charAt(i))) {
                return false;
            }
        }
        byte[] ascii = key.getBytes(StandardCharsets.US_ASCII);
        char[] checksum = checksum(ascii, PREFIX.length());
        for (int i = 0; i < CHECKSUM_LENGTH; i++) {
            if (ascii[LENGTH - CHECKSUM_LENGTH + i] != checksum[i]) {
                return false;
            }
        }
        return true;
    }

    public static byte[] hash(String key) {
        int slot = (int) (Thread.currentThread().threadId() & (DIGESTS.length() - 1));
        MessageDigest digest = DIGESTS.getAndSet(slot, null);
        if (digest == null) {
            digest = sha256();
        }
        byte[] hash = digest.digest(key.getBytes(StandardCharsets.US_ASCII));
        DIGESTS.setRelease(slot, digest);
        return hash;
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    static String displayPrefix(String key) {
        return key.substring(0, DISPLAY_PREFIX_LENGTH);
    }

    static String lastFour(String key) {
        return key.substring(key.length() - 4);
    }

    /** Base62 of the CRC-32 of a key body's characters, ASCII (so one byte each), starting at {@code from}. */
    private static char[] checksum(byte[] ascii, int from) {
        CRC32 crc = new CRC32();
        crc.update(ascii, from, BODY_LENGTH);
        long value = crc.getValue();
        char[] out = new char[CHECKSUM_LENGTH];
        for (int i = CHECKSUM_LENGTH - 1; i >= 0; i--) {
            out[i] = BASE62[(int) (value % 62)];
            value /= 62;
        }
        return out;
    }

    private static boolean isBase62(char c) {
        return (c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
    }
}
