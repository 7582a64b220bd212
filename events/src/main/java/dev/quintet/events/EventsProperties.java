package dev.quintet.events;

import java.net.URI;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Events settings, under {@code quintet.events}.
 *
 * @param issuerUri the authorization server whose access tokens are accepted; tokens must name it in {@code iss}
 * @param jwksUri where its signing keys are published; unset, {@code <issuer-uri>/oauth/jwks}
 * @param audience the {@code aud} every accepted token must contain
 * @param statusSweepInterval how often stored event statuses are brought up to date (reads are right regardless)
 */
@ConfigurationProperties("quintet.events")
public record EventsProperties(
        @DefaultValue("http://localhost:8080") String issuerUri,
        String jwksUri,
        @DefaultValue("events") String audience,
        @DefaultValue("1m") Duration statusSweepInterval) {

    public EventsProperties {
        issuerUri = absolute("issuer-uri", strip(issuerUri));
        jwksUri = jwksUri == null || jwksUri.isBlank() ? issuerUri + "/oauth/jwks" : absolute("jwks-uri", jwksUri.strip());
    }

    private static String strip(String url) {
        String s = url.strip();
        return s.endsWith("/") ? s.substring(0, s.length() - 1) : s;
    }

    private static String absolute(String name, String url) {
        URI uri;
        try {
            uri = URI.create(url);
        } catch (IllegalArgumentException e) {
            uri = null;
        }
        if (uri == null || !uri.isAbsolute() || uri.getHost() == null) {
            throw new IllegalArgumentException("quintet.events." + name + " must be an absolute http(s) URL, got '" + url + "'");
        }
        return url;
    }
}
