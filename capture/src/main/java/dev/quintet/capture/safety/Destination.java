package dev.quintet.capture.safety;

import java.net.InetAddress;

/**
 * A checked place to connect to: the host as written and the address it was resolved to, which is the one to dial.
 *
 * @param host the host name or literal from the URL
 * @param address the checked address
 * @param port the port
 */
public record Destination(String host, InetAddress address, int port) {
}
