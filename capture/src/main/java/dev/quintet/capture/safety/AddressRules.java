package dev.quintet.capture.safety;

import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Optional;

/**
 * Classifies an address as public or names the non-public class it belongs to. IPv4 carried inside IPv6
 * (mapped, compatible, 6to4, NAT64, Teredo) is unwrapped and classified as IPv4.
 */
final class AddressRules {

    private AddressRules() {
    }

    /** The rule an address breaks when it is a cloud metadata or unspecified address, which nothing may reach. */
    static Optional<String> alwaysRefused(InetAddress address) {
        InetAddress a = unwrap(address);
        byte[] b = a.getAddress();
        if (a instanceof Inet4Address) {
            int x = u(b[0]);
            if (x == 169 && u(b[1]) == 254 && u(b[2]) == 169 && u(b[3]) == 254 || x == 168 && u(b[1]) == 63
                    && u(b[2]) == 129 && u(b[3]) == 16 || x == 100 && u(b[1]) == 100 && u(b[2]) == 100
                    && u(b[3]) == 200) {
                return Optional.of("a cloud metadata address");
            }
            if (x == 0) {
                return Optional.of("an unspecified (0.0.0.0/8) address");
            }
            if (x >= 224) {
                return Optional.of(x < 240 ? "a multicast address" : "a reserved or broadcast address");
            }
            return Optional.empty();
        }
        if (a.isAnyLocalAddress()) {
            return Optional.of("the unspecified address ::");
        }
        if (u(b[0]) == 0xff) {
            return Optional.of("a multicast address");
        }
        if (u(b[0]) == 0xfd && u(b[1]) == 0x00 && u(b[2]) == 0x0e && u(b[3]) == 0xc2) {
            return Optional.of("a cloud metadata address");
        }
        return Optional.empty();
    }

    /** The non-public class of an address (loopback, private, link-local, ...), or empty when it is public. */
    static Optional<String> nonPublic(InetAddress address) {
        Optional<String> always = alwaysRefused(address);
        if (always.isPresent()) {
            return always;
        }
        InetAddress a = unwrap(address);
        byte[] b = a.getAddress();
        if (a instanceof Inet4Address) {
            return ipv4(u(b[0]), u(b[1]), u(b[2]));
        }
        int first = u(b[0]);
        if (a.isLoopbackAddress() || isZeroPrefix(b)) {
            return Optional.of("loopback or reserved (::/8)");
        }
        if ((first & 0xfe) == 0xfc) {
            return Optional.of("unique-local (fc00::/7)");
        }
        if (first == 0xfe && (u(b[1]) & 0xc0) == 0x80) {
            return Optional.of("link-local (fe80::/10)");
        }
        if (first == 0xfe && (u(b[1]) & 0xc0) == 0xc0) {
            return Optional.of("site-local (fec0::/10)");
        }
        if (first == 0x20 && u(b[1]) == 0x01 && u(b[2]) == 0x0d && u(b[3]) == 0xb8) {
            return Optional.of("documentation (2001:db8::/32)");
        }
        if (first == 0x01 && b[1] == 0 && b[2] == 0 && b[3] == 0) {
            return Optional.of("discard-only (100::/64)");
        }
        return Optional.empty();
    }

    private static Optional<String> ipv4(int a, int b, int c) {
        if (a == 127) {
            return Optional.of("loopback (127.0.0.0/8)");
        }
        if (a == 10 || a == 172 && b >= 16 && b <= 31 || a == 192 && b == 168) {
            return Optional.of("private (RFC 1918)");
        }
        if (a == 169 && b == 254) {
            return Optional.of("link-local (169.254.0.0/16)");
        }
        if (a == 100 && b >= 64 && b <= 127) {
            return Optional.of("carrier-grade NAT (100.64.0.0/10)");
        }
        if (a == 192 && b == 0 && (c == 0 || c == 2) || a == 198 && (b == 18 || b == 19)
                || a == 198 && b == 51 && c == 100 || a == 203 && b == 0 && c == 113 || a == 192 && b == 88 && c == 99) {
            return Optional.of("reserved for special use (RFC 6890)");
        }
        return Optional.empty();
    }

    private static boolean isZeroPrefix(byte[] b) {
        return b[0] == 0;
    }

    /** The IPv4 address an IPv6 address carries (mapped, compatible, 6to4, NAT64, Teredo), else the address. */
    static InetAddress unwrap(InetAddress address) {
        if (!(address instanceof Inet6Address)) {
            return address;
        }
        byte[] b = address.getAddress();
        if (allZero(b, 0, 10) && u(b[10]) == 0xff && u(b[11]) == 0xff || allZero(b, 0, 12) && !allZero(b, 12, 16)
                && !(allZero(b, 12, 15) && b[15] == 1)) {
            return v4(b[12], b[13], b[14], b[15]);
        }
        if (u(b[0]) == 0x20 && u(b[1]) == 0x02) {
            return v4(b[2], b[3], b[4], b[5]);
        }
        if (u(b[0]) == 0x00 && u(b[1]) == 0x64 && u(b[2]) == 0xff && u(b[3]) == 0x9b) {
            return v4(b[12], b[13], b[14], b[15]);
        }
        if (u(b[0]) == 0x20 && u(b[1]) == 0x01 && b[2] == 0 && b[3] == 0) {
            return v4((byte) ~b[12], (byte) ~b[13], (byte) ~b[14], (byte) ~b[15]);
        }
        return address;
    }

    private static boolean allZero(byte[] b, int from, int to) {
        for (int i = from; i < to; i++) {
            if (b[i] != 0) {
                return false;
            }
        }
        return true;
    }

    private static InetAddress v4(byte a, byte b, byte c, byte d) {
        try {
            return InetAddress.getByAddress(new byte[] {a, b, c, d});
        } catch (UnknownHostException e) {
            throw new IllegalStateException(e);
        }
    }

    private static int u(byte b) {
        return b & 0xff;
    }
}
