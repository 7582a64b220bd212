package dev.quintet.capture.safety;

import java.net.IDN;
import java.net.InetAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.UnknownHostException;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * Decides whether a capture may reach a URL or host: http and https only, and every address the host resolves to
 * must be public, unless the operator trusts private networks (all of them, or the listed ones). Cloud metadata,
 * unspecified and multicast addresses are refused whatever the settings.
 */
public final class EgressPolicy {

    private static final Set<String> SCHEMES = Set.of("http", "https");
    private static final Set<String> METADATA_NAMES = Set.of("metadata.google.internal", "metadata",
            "instance-data", "metadata.azure.internal");

    private final HostResolver resolver;
    private final boolean allowPrivateNetworks;
    private final List<Network> allowedNetworks;

    public EgressPolicy(HostResolver resolver, boolean allowPrivateNetworks, List<String> allowedNetworks) {
        if (resolver == null) {
            throw new IllegalArgumentException("resolver must not be null");
        }
        if (allowedNetworks == null) {
            throw new IllegalArgumentException("allowedNetworks must not be null");
        }
        this.resolver = resolver;
        this.allowPrivateNetworks = allowPrivateNetworks;
        this.allowedNetworks = allowedNetworks.stream().map(Network::parse).toList();
    }

    /** Checks a URL a capture is asked to load; the message of the refusal names the rule. */
    public Destination checkUrl(String url) {
        URI uri;
        try {
            uri = new URI(url);
        } catch (URISyntaxException e) {
            throw new EgressRefused("url must be an absolute http or https URL, got a malformed URL");
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!SCHEMES.contains(scheme)) {
            throw new EgressRefused("url scheme must be http or https, got "
                    + (scheme.isEmpty() ? "none" : scheme));
        }
        String host = uri.getRawAuthority() == null ? null : uri.getHost();
        if (host == null || host.isBlank()) {
            throw new EgressRefused("url must have a host name");
        }
        int port = uri.getPort() >= 0 ? uri.getPort() : scheme.equals("https") ? 443 : 80;
        return checkHost(host, port);
    }

    /** Checks a host and port (as a proxy sees them) and returns the address to dial. */
    public Destination checkHost(String rawHost, int port) {
        if (port < 1 || port > 65535) {
            throw new EgressRefused("port must be 1..65535, got " + port);
        }
        String host = HostNames.normalise(rawHost);
        if (host.equals("localhost") || host.endsWith(".localhost")) {
            throw new EgressRefused(describe(rawHost, "loopback (localhost)"));
        }
        if (METADATA_NAMES.contains(host)) {
            throw new EgressRefused(describe(rawHost, "a cloud metadata address"));
        }
        List<InetAddress> addresses = resolve(host);
        for (InetAddress address : addresses) {
            refusal(address).ifPresent(rule -> {
                throw new EgressRefused(describe(rawHost + (rawHost.equals(address.getHostAddress()) ? ""
                        : " (" + address.getHostAddress() + ")"), rule));
            });
        }
        return new Destination(host, addresses.getFirst(), port);
    }

    /** The rule an address breaks under this policy, or empty when a capture may reach it. */
    public Optional<String> refusal(InetAddress address) {
        Optional<String> always = AddressRules.alwaysRefused(address);
        if (always.isPresent()) {
            return always;
        }
        Optional<String> nonPublic = AddressRules.nonPublic(address);
        if (nonPublic.isEmpty() || allowPrivateNetworks) {
            return Optional.empty();
        }
        InetAddress plain = AddressRules.unwrap(address);
        return allowedNetworks.stream().anyMatch(n -> n.contains(plain)) ? Optional.empty() : nonPublic;
    }

    private List<InetAddress> resolve(String host) {
        try {
            Optional<String> v4 = HostNames.ipv4(host);
            if (v4.isPresent()) {
                return List.of(InetAddress.getByName(v4.get()));
            }
            if (host.contains(":")) {
                return List.of(InetAddress.getByName(host));
            }
            String ascii = IDN.toASCII(host, IDN.ALLOW_UNASSIGNED);
            List<InetAddress> found = resolver.resolve(ascii);
            if (found.isEmpty()) {
                throw new UnknownHostException(host);
            }
            return found;
        } catch (UnknownHostException | IllegalArgumentException e) {
            throw new EgressRefused("url host " + host + " does not resolve");
        }
    }

    private static String describe(String host, String rule) {
        return "url must point to a public address: " + host + " is " + rule;
    }
}
