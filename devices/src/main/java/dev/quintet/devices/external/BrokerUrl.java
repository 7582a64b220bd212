package dev.quintet.devices.external;

import java.net.URI;
import java.net.URISyntaxException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;

/**
 * An MQTT broker address: {@code mqtt://[user[:password]@]host[:port]} (also {@code tcp://}; {@code mqtts://} or
 * {@code ssl://} for TLS), in the form Paho connects to plus the credentials it carried.
 *
 * @param pahoUri {@code tcp://host:port} or {@code ssl://host:port}
 * @param user the user name, or null
 * @param password the password, or null
 */
public record BrokerUrl(String pahoUri, String user, String password) {

    /** Parses {@code text}; throws {@link IllegalArgumentException} naming what is wrong. */
    public static BrokerUrl parse(String text) {
        URI uri;
        try {
            uri = new URI(text == null ? "" : text.strip());
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("the MQTT URL must look like mqtt://host:1883, got '" + text + "'");
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase();
        boolean tls = switch (scheme) {
            case "mqtt", "tcp" -> false;
            case "mqtts", "ssl" -> true;
            default -> throw new IllegalArgumentException(
                    "the MQTT URL must start with mqtt://, tcp://, mqtts:// or ssl://, got '" + text + "'");
        };
        if (uri.getHost() == null) {
            throw new IllegalArgumentException("the MQTT URL must name a host, as in mqtt://host:1883, got '" + text + "'");
        }
        int port = uri.getPort() < 0 ? (tls ? 8883 : 1883) : uri.getPort();
        String user = null;
        String password = null;
        if (uri.getRawUserInfo() != null) {
            String[] parts = uri.getRawUserInfo().split(":", 2);
            user = decode(parts[0]);
            password = parts.length > 1 ? decode(parts[1]) : null;
        }
        return new BrokerUrl((tls ? "ssl://" : "tcp://") + uri.getHost() + ":" + port, user, password);
    }

    /** The address without credentials, safe to print. */
    @Override
    public String toString() {
        return pahoUri;
    }

    private static String decode(String text) {
        return URLDecoder.decode(text, StandardCharsets.UTF_8);
    }
}
