package dev.quintet.capture.safety;

import java.math.BigInteger;
import java.util.Locale;
import java.util.Optional;

/**
 * Reads a URL host the way browsers do (WHATWG URL): IPv4 in decimal, octal or hex, with one to four parts,
 * is an address, so {@code 2130706433}, {@code 0x7f.1} and {@code 0177.0.0.1} are all 127.0.0.1.
 */
final class HostNames {

    private HostNames() {
    }

    /** The host lower-cased, without brackets or a trailing dot. */
    static String normalise(String host) {
        String h = host.toLowerCase(Locale.ROOT);
        if (h.startsWith("[") && h.endsWith("]")) {
            return h.substring(1, h.length() - 1);
        }
        return h.endsWith(".") ? h.substring(0, h.length() - 1) : h;
    }

    /** The dotted IPv4 form of a host that browsers read as IPv4, or empty for a name or IPv6. */
    static Optional<String> ipv4(String host) {
        String[] parts = host.split("\\.", -1);
        if (parts.length == 0 || parts.length > 4 || !isNumber(parts[parts.length - 1])) {
            return Optional.empty();
        }
        long[] values = new long[parts.length];
        for (int i = 0; i < parts.length; i++) {
            BigInteger value = number(parts[i]);
            if (value == null || value.bitLength() > 32) {
                return Optional.empty();
            }
            values[i] = value.longValue();
        }
        long address = 0;
        for (int i = 0; i < values.length - 1; i++) {
            if (values[i] > 255) {
                return Optional.empty();
            }
            address = address << 8 | values[i];
        }
        int rest = 4 - (values.length - 1);
        long last = values[values.length - 1];
        if (last >= 1L << (8 * rest)) {
            return Optional.empty();
        }
        address = address << (8 * rest) | last;
        return Optional.of((address >> 24 & 255) + "." + (address >> 16 & 255) + "." + (address >> 8 & 255) + "."
                + (address & 255));
    }

    private static boolean isNumber(String part) {
        return number(part) != null;
    }

    private static BigInteger number(String part) {
        if (part.isEmpty()) {
            return null;
        }
        int radix = 10;
        String digits = part;
        if (part.startsWith("0x")) {
            radix = 16;
            digits = part.substring(2);
            if (digits.isEmpty()) {
                return BigInteger.ZERO;
            }
        } else if (part.length() > 1 && part.startsWith("0")) {
            radix = 8;
            digits = part.substring(1);
        }
        for (char c : digits.toCharArray()) {
            if (Character.digit(c, radix) < 0) {
                return null;
            }
        }
        return digits.length() > 40 ? null : new BigInteger(digits, radix);
    }
}
