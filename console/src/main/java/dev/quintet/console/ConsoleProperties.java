package dev.quintet.console;

import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Console settings, under {@code quintet.console}.
 *
 * @param serviceUrls base URL of each service as the dashboard shows it, by service id ({@code router},
 *                    {@code devices}, {@code capture}, {@code events}, {@code packages}); unset ones default to
 *                    {@code http://localhost:8081} .. {@code 8085}
 * @param loginAttemptsPerEmail failed log-ins allowed per email address within {@code loginWindow}
 * @param loginAttemptsPerIp failed log-ins allowed per client address within {@code loginWindow}
 * @param loginWindow the sliding window the log-in limits count over
 * @param oauthIssuer the authorization server's issuer URL, as tokens and metadata name it; unset, it is the URL
 *                    the request came in on (set it in production so it never depends on a Host header)
 * @param oauthAccessTokenTtl how long an access token is valid
 * @param oauthRefreshTokenTtl how long a refresh token is valid; each use replaces it with a new one
 */
@ConfigurationProperties("quintet.console")
public record ConsoleProperties(
        Map<String, String> serviceUrls,
        @DefaultValue("10") int loginAttemptsPerEmail,
        @DefaultValue("50") int loginAttemptsPerIp,
        @DefaultValue("15m") Duration loginWindow,
        String oauthIssuer,
        @DefaultValue("15m") Duration oauthAccessTokenTtl,
        @DefaultValue("30d") Duration oauthRefreshTokenTtl) {

    /** The services in the order the dashboard lists them, with their default base URLs. */
    public static final Map<String, String> DEFAULT_SERVICE_URLS = defaults();

    public ConsoleProperties {
        Map<String, String> merged = new LinkedHashMap<>(DEFAULT_SERVICE_URLS);
        if (serviceUrls != null) {
            serviceUrls.forEach((service, url) -> {
                if (!DEFAULT_SERVICE_URLS.containsKey(service)) {
                    throw new IllegalArgumentException("quintet.console.service-urls keys must be among "
                            + String.join(",", DEFAULT_SERVICE_URLS.keySet()) + ", got '" + service + "'");
                }
                merged.put(service, stripTrailingSlash(url));
            });
        }
        serviceUrls = Collections.unmodifiableMap(merged);
        if (loginAttemptsPerEmail < 1 || loginAttemptsPerIp < 1) {
            throw new IllegalArgumentException("quintet.console.login-attempts-per-email and -per-ip must be at least 1");
        }
        if (loginWindow.isNegative() || loginWindow.isZero()) {
            throw new IllegalArgumentException("quintet.console.login-window must be positive, got " + loginWindow);
        }
        if (oauthAccessTokenTtl.compareTo(Duration.ofMinutes(1)) < 0 || oauthAccessTokenTtl.compareTo(Duration.ofDays(1)) > 0) {
            throw new IllegalArgumentException("quintet.console.oauth-access-token-ttl must be 1m..1d, got " + oauthAccessTokenTtl);
        }
        if (oauthRefreshTokenTtl.compareTo(oauthAccessTokenTtl) <= 0) {
            throw new IllegalArgumentException("quintet.console.oauth-refresh-token-ttl must be longer than the access token's, got "
                    + oauthRefreshTokenTtl);
        }
        oauthIssuer = oauthIssuer == null || oauthIssuer.isBlank() ? null : stripTrailingSlash(oauthIssuer);
    }

    private static Map<String, String> defaults() {
        Map<String, String> urls = new LinkedHashMap<>();
        urls.put("router", "http://localhost:8081");
        urls.put("devices", "http://localhost:8082");
        urls.put("capture", "http://localhost:8083");
        urls.put("events", "http://localhost:8084");
        urls.put("packages", "http://localhost:8085");
        return Collections.unmodifiableMap(urls);
    }

    private static String stripTrailingSlash(String url) {
        String clean = url == null ? "" : url.strip();
        return clean.endsWith("/") ? clean.substring(0, clean.length() - 1) : clean;
    }
}
