package dev.quintet.capture.safety;

import java.net.InetAddress;
import java.net.UnknownHostException;

/** An address block in CIDR notation, such as {@code 127.0.0.1/32}. */
record Network(byte[] base, int prefix) {

    static Network parse(String cidr) {
        String[] parts = cidr.trim().split("/", 2);
        try {
            byte[] base = InetAddress.getByName(parts[0]).getAddress();
            int prefix = parts.length == 2 ? Integer.parseInt(parts[1]) : base.length * 8;
            if (prefix < 0 || prefix > base.length * 8) {
                throw new IllegalArgumentException("allowed network prefix must be 0.." + base.length * 8
                        + ", got " + cidr);
            }
            return new Network(base, prefix);
        } catch (UnknownHostException | NumberFormatException e) {
            throw new IllegalArgumentException("allowed network must be an address or CIDR block, got " + cidr);
        }
    }

    boolean contains(InetAddress address) {
        byte[] a = address.getAddress();
        if (a.length != base.length) {
            return false;
        }
        for (int bit = 0; bit < prefix; bit++) {
            int mask = 0x80 >> (bit % 8);
            if ((a[bit / 8] & mask) != (base[bit / 8] & mask)) {
                return false;
            }
        }
        return true;
    }
}
