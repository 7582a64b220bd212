package dev.quintet.console.calls;

import dev.quintet.console.ConsoleProperties;
import dev.quintet.console.security.ConsoleUser;
import dev.quintet.platform.keys.ApiKeys;
import dev.quintet.platform.keys.IssuedKey;
import jakarta.servlet.http.HttpSession;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import org.springframework.stereotype.Component;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.MissingNode;

/**
 * Calls a service's public API for the person logged in, as any client would: over HTTP, with a key of theirs.
 * The key is a console key valid for {@link #KEY_TTL}, made when a page first needs it and kept in the session;
 * a key refused as expired or revoked is replaced once. Calls count against the account's quotas like any other.
 */
@Component
public final class ServiceCalls {

    static final Duration KEY_TTL = Duration.ofHours(1);
    private static final Duration RENEW_BEFORE = Duration.ofMinutes(5);
    private static final Duration TIMEOUT = Duration.ofSeconds(10);

    private final ApiKeys keys;
    private final Map<String, String> serviceUrls;
    private final Clock clock;
    private final JsonMapper json = JsonMapper.builder().build();
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(3))
            .followRedirects(HttpClient.Redirect.NEVER).build();

    ServiceCalls(ApiKeys keys, ConsoleProperties properties, Clock clock) {
        this.keys = keys;
        this.serviceUrls = properties.serviceUrls();
        this.clock = clock;
    }

    public ServiceAnswer get(ConsoleUser user, HttpSession session, String service, String path) {
        return send(user, session, service, "GET", path, null);
    }

    /** Sends {@code body} (any value Jackson can write, or null for none) to {@code path} of {@code service}. */
    public ServiceAnswer send(ConsoleUser user, HttpSession session, String service, String method, String path,
                              Object body) {
        String payload = body == null ? null : json.writeValueAsString(body);
        ServiceAnswer answer = exchange(service, method, path, payload, key(user, session, service, false));
        if (answer.status() == 401) {
            answer = exchange(service, method, path, payload, key(user, session, service, true));
        }
        return answer;
    }

    private String key(ConsoleUser user, HttpSession session, String service, boolean renew) {
        String attribute = "console-key:" + service;
        ConsoleKey kept = (ConsoleKey) session.getAttribute(attribute);
        if (renew || kept == null || !clock.instant().plus(RENEW_BEFORE).isBefore(kept.expiresAt())) {
            IssuedKey issued = keys.createForConsole(user.accountId(), service, KEY_TTL);
            kept = new ConsoleKey(issued.secret(), issued.key().expiresAt());
            session.setAttribute(attribute, kept);
        }
        return kept.secret();
    }

    private ServiceAnswer exchange(String service, String method, String path, String payload, String secret) {
        String url = serviceUrls.get(service) + path;
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(url)).timeout(TIMEOUT)
                .header("Authorization", "Bearer " + secret).header("Accept", "application/json");
        if (payload == null) {
            request.method(method, HttpRequest.BodyPublishers.noBody());
        } else {
            request.header("Content-Type", "application/json")
                    .method(method, HttpRequest.BodyPublishers.ofString(payload));
        }
        try {
            HttpResponse<String> response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
            String text = response.body();
            return new ServiceAnswer(response.statusCode(),
                    text == null || text.isBlank() ? MissingNode.getInstance() : json.readTree(text));
        } catch (IOException | JacksonException e) {
            throw new ServiceUnavailable(service, "the " + service + " service at " + serviceUrls.get(service)
                    + " did not answer: " + e.getClass().getSimpleName()
                    + (e.getMessage() == null ? "" : " (" + e.getMessage() + ")"), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ServiceUnavailable(service, "the call to the " + service + " service was interrupted", e);
        }
    }
}
