package dev.quintet.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.jayway.jsonpath.JsonPath;
import com.microsoft.playwright.Browser;
import com.microsoft.playwright.Page;
import com.microsoft.playwright.Playwright;
import com.sun.net.httpserver.HttpServer;
import dev.quintet.console.ConsoleApplication;
import dev.quintet.console.oauth.OAuthClients;
import dev.quintet.console.oauth.RegisteredClient;
import dev.quintet.events.EventsApplication;
import dev.quintet.platform.accounts.Account;
import dev.quintet.platform.testing.Http;
import dev.quintet.platform.testing.MutableClock;
import dev.quintet.platform.testing.TestPlatform;
import java.net.InetSocketAddress;
import java.net.URLEncoder;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Console issuing, events accepting, over a grant's whole life: a token from the console works on the events
 * API, expires there by the clock (401 {@code invalid_token} with a challenge), is refreshed with a rotating
 * refresh token; and every way a grant ends (reuse of a replaced refresh token, RFC 7009 revocation, the person's
 * Revoke on Connected apps) stops its refresh token at the console.
 */
class OAuthGrantLifecycleTest {

    static final String VERIFIER = "Wq3rT7yU1iO5pA9sD2fG6hJ0kL4zX8cV3bN7mQ1wE5r";
    static final String PASSWORD = "correct-horse-battery";

    @Test
    void grantLivesAndEndsAcrossConsoleAndEvents() throws Exception {
        MutableClock clock = new MutableClock(Instant.now());
        HttpServer callback = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        LinkedBlockingQueue<String> received = new LinkedBlockingQueue<>();
        callback.createContext("/cb", exchange -> {
            received.add(exchange.getRequestURI().getRawQuery());
            byte[] body = "ok".getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        callback.start();
        String redirectUri = "http://127.0.0.1:" + callback.getAddress().getPort() + "/cb";
        try (TestPlatform platform = TestPlatform.start(clock);
             Playwright playwright = Chromium.playwright();
             Browser browser = Chromium.launch(playwright)) {
            String console = platform.startApp(ConsoleApplication.class, "console");
            String events = platform.startApp(EventsApplication.class, "events", "--quintet.events.issuer-uri=" + console);
            Account user = platform.newAccount();
            RegisteredClient registered = new OAuthClients(platform.bean(JdbcClient.class), platform.bean(Clock.class),
                    new SecureRandom()).register(user.id(), "Lifecycle app", List.of(redirectUri), false);
            Client app = new Client(console, registered.client().clientId(), registered.secret(), redirectUri);

            // Discovery: the RFC 8414 document names the issuer events trusts; OIDC discovery is a plain 404.
            HttpResponse<String> metadata = Http.get(console + "/.well-known/oauth-authorization-server");
            assertThat((String) JsonPath.read(metadata.body(), "$.issuer")).isEqualTo(console);
            assertThat(Http.get(console + "/.well-known/openid-configuration").statusCode()).isEqualTo(404);

            Page page = browser.newContext().newPage();
            page.navigate(app.authorizeUrl("first"));
            page.fill("#email", user.email());
            page.fill("#password", PASSWORD);
            page.click("#login-button");
            page.click("#allow");
            HttpResponse<String> first = app.exchange(code(received, "first"));
            assertThat(first.statusCode()).as(first.body()).isEqualTo(200);
            String access = JsonPath.read(first.body(), "$.access_token");
            String refresh = JsonPath.read(first.body(), "$.refresh_token");

            // Accepted by events, for the person who consented.
            HttpResponse<String> me = get(events + "/v3/users/me/", access);
            assertThat(me.statusCode()).as(me.body()).isEqualTo(200);
            assertThat((String) JsonPath.read(me.body(), "$.id")).isEqualTo(user.id().toString());
            assertThat(get(events + "/v3/events/search/?q=jazz", access).statusCode()).isEqualTo(200);

            // Expired by the clock both apps share: 401 invalid_token, challenge and Eventbrite-shaped body.
            clock.advance(Duration.ofMinutes(15).plusSeconds(1));
            HttpResponse<String> expired = get(events + "/v3/users/me/", access);
            assertThat(expired.statusCode()).isEqualTo(401);
            assertThat(expired.headers().firstValue("WWW-Authenticate").orElseThrow())
                    .startsWith("Bearer realm=\"events\", error=\"invalid_token\", error_description=\"");
            assertThat((String) JsonPath.read(expired.body(), "$.error")).isEqualTo("INVALID_AUTH");
            assertThat((Integer) JsonPath.read(expired.body(), "$.status_code")).isEqualTo(401);

            // Refreshed: a new access token that works, and a new refresh token.
            HttpResponse<String> refreshed = app.refresh(refresh);
            assertThat(refreshed.statusCode()).as(refreshed.body()).isEqualTo(200);
            String access2 = JsonPath.read(refreshed.body(), "$.access_token");
            String refresh2 = JsonPath.read(refreshed.body(), "$.refresh_token");
            assertThat(refresh2).isNotEqualTo(refresh);
            assertThat(get(events + "/v3/users/me/", access2).statusCode()).isEqualTo(200);
            assertThat(active(app.introspect(access2))).isTrue();

            // The replaced refresh token presented again: refused, and the whole grant ends with it.
            HttpResponse<String> reused = app.refresh(refresh);
            assertThat(reused.statusCode()).isEqualTo(400);
            assertThat((String) JsonPath.read(reused.body(), "$.error")).isEqualTo("invalid_grant");
            assertThat(app.refresh(refresh2).statusCode()).as("the current refresh token of the grant").isEqualTo(400);
            assertThat(active(app.introspect(access2))).isFalse();

            // A second grant (consent remembered, so no consent page), revoked by the app (RFC 7009).
            page.navigate(app.authorizeUrl("second"));
            HttpResponse<String> second = app.exchange(code(received, "second"));
            assertThat(second.statusCode()).as(second.body()).isEqualTo(200);
            String refresh3 = JsonPath.read(second.body(), "$.refresh_token");
            String access3 = JsonPath.read(second.body(), "$.access_token");
            assertThat(get(events + "/v3/users/me/", access3).statusCode()).isEqualTo(200);
            assertThat(app.revoke(refresh3).statusCode()).isEqualTo(200);
            HttpResponse<String> afterRevoke = app.refresh(refresh3);
            assertThat(afterRevoke.statusCode()).isEqualTo(400);
            assertThat((String) JsonPath.read(afterRevoke.body(), "$.error")).isEqualTo("invalid_grant");
            assertThat(active(app.introspect(access3))).isFalse();

            // A third grant, ended by the person with Revoke on Connected apps.
            page.navigate(app.authorizeUrl("third"));
            HttpResponse<String> third = app.exchange(code(received, "third"));
            assertThat(third.statusCode()).as(third.body()).isEqualTo(200);
            String refresh4 = JsonPath.read(third.body(), "$.refresh_token");
            page.navigate(console + "/connected-apps");
            page.click("tr[data-client-id='" + app.clientId + "'] button.revoke");
            assertThat(page.textContent("#flash")).contains("Access is revoked");
            HttpResponse<String> afterPersonRevoked = app.refresh(refresh4);
            assertThat(afterPersonRevoked.statusCode()).isEqualTo(400);
            assertThat((String) JsonPath.read(afterPersonRevoked.body(), "$.error")).isEqualTo("invalid_grant");
        } finally {
            callback.stop(0);
        }
    }

    private static String code(LinkedBlockingQueue<String> received, String state) throws InterruptedException {
        String query = received.poll(30, TimeUnit.SECONDS);
        assertThat(query).as("the redirect back to the app").isNotNull().contains("state=" + state).contains("code=");
        return java.net.URLDecoder.decode(query.replaceAll(".*(?:^|&)code=([^&]+).*", "$1"), StandardCharsets.UTF_8);
    }

    private static HttpResponse<String> get(String url, String accessToken) {
        return Http.get(url, "Authorization", "Bearer " + accessToken);
    }

    private static boolean active(HttpResponse<String> introspection) {
        assertThat(introspection.statusCode()).as(introspection.body()).isEqualTo(200);
        return JsonPath.read(introspection.body(), "$.active");
    }

    /** A confidential app as it talks to the console: authorization URL, and the token, revoke and introspect calls. */
    private record Client(String console, String clientId, String secret, String redirectUri) {

        String authorizeUrl(String state) {
            return console + "/oauth/authorize?response_type=code&client_id=" + clientId
                    + "&redirect_uri=" + encode(redirectUri) + "&scope=" + encode("events:read user:read")
                    + "&state=" + state + "&code_challenge=" + challenge() + "&code_challenge_method=S256";
        }

        HttpResponse<String> exchange(String code) {
            return post("/oauth/token", "grant_type=authorization_code&code=" + encode(code) + "&redirect_uri="
                    + encode(redirectUri) + "&code_verifier=" + VERIFIER);
        }

        HttpResponse<String> refresh(String refreshToken) {
            return post("/oauth/token", "grant_type=refresh_token&refresh_token=" + encode(refreshToken));
        }

        HttpResponse<String> revoke(String token) {
            return post("/oauth/revoke", "token=" + encode(token));
        }

        HttpResponse<String> introspect(String token) {
            return post("/oauth/introspect", "token=" + encode(token));
        }

        private HttpResponse<String> post(String path, String form) {
            String basic = Base64.getEncoder().encodeToString((encode(clientId) + ":" + encode(secret))
                    .getBytes(StandardCharsets.UTF_8));
            return Http.send("POST", console + path, form,
                    "Authorization", "Basic " + basic, "Content-Type", "application/x-www-form-urlencoded");
        }

        private static String challenge() {
            try {
                byte[] digest = MessageDigest.getInstance("SHA-256").digest(VERIFIER.getBytes(StandardCharsets.US_ASCII));
                return Base64.getUrlEncoder().withoutPadding().encodeToString(digest);
            } catch (java.security.NoSuchAlgorithmException e) {
                throw new IllegalStateException(e);
            }
        }

        private static String encode(String s) {
            return URLEncoder.encode(s, StandardCharsets.UTF_8);
        }
    }
}
