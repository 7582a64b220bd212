package dev.quintet.capture.safety;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;

/** Resolves a host name to all its addresses; replaced in tests so no lookup leaves the machine. */
@FunctionalInterface
public interface HostResolver {

    List<InetAddress> resolve(String host) throws UnknownHostException;

    /** The system resolver. */
    static HostResolver system() {
        return host -> List.of(InetAddress.getAllByName(host));
    }
}
