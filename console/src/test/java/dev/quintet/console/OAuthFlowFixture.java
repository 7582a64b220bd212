package dev.quintet.console;

import static org.assertj.core.api.Assertions.assertThat;

import com.nimbusds.jose.crypto.RSASSAVerifier;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jwt.SignedJWT;
import dev.quintet.console.oauth.OAuthClients;
import dev.quintet.console.oauth.RegisteredClient;
import dev.quintet.platform.accounts.Account;
import dev.quintet.platform.testing.Http;
import dev.quintet.platform.testing.MutableClock;
import dev.quintet.platform.testing.TestPlatform;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.simple.JdbcClient;

/** A console with an authorization server on a clock the test moves, and helpers to walk the flow. */
abstract class OAuthFlowFixture {

    static final String PASSWORD = "correct-horse-battery";
    static final String CALLBACK = "https://app.example.com/callback";

    static MutableClock clock;
    static TestPlatform platform;
    static String base;
    static OAuthClients clients;

    @BeforeAll
    static void start() {
        clock = new MutableClock(Instant.now());
        platform = TestPlatform.start(clock);
        base = platform.startApp(ConsoleApplication.class, "console");
        clients = new OAuthClients(platform.bean(JdbcClient.class), platform.bean(Clock.class), new SecureRandom());
    }

    @AfterAll
    static void stop() {
        platform.close();
    }

    static OAuthApp newApp(Account owner, String... redirectUris) {
        List<String> uris = redirectUris.length == 0 ? List.of(CALLBACK) : List.of(redirectUris);
        RegisteredClient registered = clients.register(owner.id(), "Gig finder", uris, false);
        return new OAuthApp(base, registered.client().clientId(), registered.secret(), uris.getFirst());
    }

    static ConsoleBrowser loggedIn(Account account) {
        ConsoleBrowser browser = new ConsoleBrowser(base);
        assertThat(browser.logIn(account.email(), PASSWORD).location()).endsWith("/dashboard");
        return browser;
    }

    /** Starts an authorization in a logged-in browser, allows it on the consent page, and returns where the app is sent. */
    static String authorizeAndAllow(ConsoleBrowser browser, OAuthApp app, String state, String... extra) {
        ConsoleBrowser.Page start = browser.get(app.authorizeUrl(state, extra));
        assertThat(start.status()).as(start.body()).isEqualTo(302);
        if (!start.location().contains("/oauth/consent")) {
            return start.location();
        }
        return allow(browser, start.location());
    }

    static String allow(ConsoleBrowser browser, String consentUrl) {
        ConsoleBrowser.Page consent = browser.get(consentUrl);
        assertThat(consent.status()).isEqualTo(200);
        Map<String, String> params = OAuthApp.query(consentUrl);
        List<String> fields = new java.util.ArrayList<>(List.of("client_id", params.get("client_id"), "state", params.get("state")));
        for (String scope : params.get("scope").split(" ")) {
            fields.addAll(List.of("scope", scope));
        }
        ConsoleBrowser.Page answer = browser.submit(consent, "/oauth/authorize", fields.toArray(String[]::new));
        assertThat(answer.status()).as(answer.body()).isEqualTo(303);
        return answer.location();
    }

    static String codeFrom(String redirect) {
        return OAuthApp.query(redirect).get("code");
    }

    static OAuthApp.Answer tokensFor(OAuthApp app, Account account) {
        String code = codeFrom(authorizeAndAllow(loggedIn(account), app, "s"));
        OAuthApp.Answer tokens = app.exchangeBasic(code, OAuthApp.VERIFIER);
        assertThat(tokens.status()).as(tokens.body().toString()).isEqualTo(200);
        return tokens;
    }

}
