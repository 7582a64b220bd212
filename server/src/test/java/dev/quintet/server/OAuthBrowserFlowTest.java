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
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * An app's whole journey across two apps, in real Chromium: the user logs in and consents on the console, the
 * app receives the code at its exact redirect URI, exchanges it, calls the events API, gets 401 once the access
 * token expires, refreshes, and succeeds again.
 */
class OAuthBrowserFlowTest {

    static final String VERIFIER = "kYx0Jm3N8Q2wVbP7rT5uZa1cD4eF6gH9iJ0kL2mN3oP";

    @Test
    void appGetsATokenThroughTheConsoleAndUsesItOnTheEventsApi() throws Exception {
        MutableClock clock = new MutableClock(Instant.now());
        HttpServer callback = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        CompletableFuture<String> received = new CompletableFuture<>();
        callback.createContext("/callback", exchange -> {
            received.complete(exchange.getRequestURI().getRawQuery());
            byte[] body = "signed in".getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        callback.start();
        String redirectUri = "http://127.0.0.1:" + callback.getAddress().getPort() + "/callback";
        try (TestPlatform platform = TestPlatform.start(clock);
             Playwright playwright = Chromium.playwright();
             Browser browser = Chromium.launch(playwright)) {
            String console = platform.startApp(ConsoleApplication.class, "console");
            String events = platform.startApp(EventsApplication.class, "events", "--quintet.events.issuer-uri=" + console);
            Account user = platform.newAccount();
            RegisteredClient app = new OAuthClients(platform.bean(JdbcClient.class), platform.bean(Clock.class),
                    new SecureRandom()).register(user.id(), "Gig finder", List.of(redirectUri), false);
            String clientId = app.client().clientId();

            Page page = browser.newContext().newPage();
            page.navigate(console + "/oauth/authorize?response_type=code&client_id=" + clientId
                    + "&redirect_uri=" + encode(redirectUri) + "&scope=" + encode("events:read user:read")
                    + "&state=xyz-42&code_challenge=" + challenge(VERIFIER) + "&code_challenge_method=S256");
            page.fill("#email", user.email());
            page.fill("#password", "correct-horse-battery");
            page.click("#login-button");
            page.click("#allow");
            String query = received.get(30, TimeUnit.SECONDS);
            assertThat(query).contains("state=xyz-42").contains("code=");
            String code = query.replaceAll(".*(?:^|&)code=([^&]+).*", "$1");

            HttpResponse<String> tokens = token(console, clientId, app.secret(), "grant_type=authorization_code&code="
                    + code + "&redirect_uri=" + encode(redirectUri) + "&code_verifier=" + VERIFIER);
            assertThat(tokens.statusCode()).as(tokens.body()).isEqualTo(200);
            String access = JsonPath.read(tokens.body(), "$.access_token");
            String refresh = JsonPath.read(tokens.body(), "$.refresh_token");

            assertThat(me(events, access).statusCode()).isEqualTo(200);
            assertThat((String) JsonPath.read(me(events, access).body(), "$.id")).isEqualTo(user.id().toString());

            clock.advance(Duration.ofMinutes(16));
            HttpResponse<String> expired = me(events, access);
            assertThat(expired.statusCode()).isEqualTo(401);
            assertThat(expired.headers().firstValue("WWW-Authenticate").orElseThrow()).contains("error=\"invalid_token\"");

            HttpResponse<String> refreshed = token(console, clientId, app.secret(),
                    "grant_type=refresh_token&refresh_token=" + encode(refresh));
            assertThat(refreshed.statusCode()).as(refreshed.body()).isEqualTo(200);
            assertThat(me(events, JsonPath.read(refreshed.body(), "$.access_token")).statusCode()).isEqualTo(200);
        } finally {
            callback.stop(0);
        }
    }

    private static HttpResponse<String> me(String events, String accessToken) {
        return Http.get(events + "/v3/users/me/", "Authorization", "Bearer " + accessToken);
    }

    private static HttpResponse<String> token(String console, String clientId, String secret, String form) {
        String basic = Base64.getEncoder().encodeToString((clientId + ":" + secret).getBytes(StandardCharsets.UTF_8));
        return Http.send("POST", console + "/oauth/token", form,
                "Authorization", "Basic " + basic, "Content-Type", "application/x-www-form-urlencoded");
    }

    private static String encode(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }

    private static String challenge(String verifier) throws Exception {
        byte[] digest = MessageDigest.getInstance("SHA-256").digest(verifier.getBytes(StandardCharsets.US_ASCII));
        return Base64.getUrlEncoder().withoutPadding().encodeToString(digest);
    }
}
