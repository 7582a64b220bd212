package dev.quintet.console;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quintet.console.oauth.OAuthClient;
import dev.quintet.console.oauth.OAuthClients;
import dev.quintet.platform.accounts.Account;
import dev.quintet.platform.testing.MutableClock;
import dev.quintet.platform.testing.TestPlatform;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Instant;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.simple.JdbcClient;

class OAuthAppsPageTest {

    private static final Pattern SECRET = Pattern.compile("id=\"client-secret\"[^>]*value=\"(qcs_[^\"]+)\"");
    private static final Pattern CLIENT_ID = Pattern.compile("id=\"client-id\">(qc_[^<]+)<");

    private static TestPlatform platform;
    private static String base;
    private static OAuthClients clients;

    @BeforeAll
    static void start() {
        platform = TestPlatform.start(new MutableClock(Instant.now()));
        base = platform.startApp(ConsoleApplication.class, "console");
        clients = new OAuthClients(platform.bean(JdbcClient.class), platform.bean(Clock.class), new SecureRandom());
    }

    @AfterAll
    static void stop() {
        platform.close();
    }

    private static ConsoleBrowser loggedIn(Account account) {
        ConsoleBrowser browser = new ConsoleBrowser(base);
        assertThat(browser.logIn(account.email(), "correct-horse-battery").location()).endsWith("/dashboard");
        return browser;
    }

    private static String group(Pattern pattern, String body) {
        Matcher m = pattern.matcher(body);
        assertThat(m.find()).as(body).isTrue();
        return m.group(1);
    }

    @Test
    void registersAConfidentialAppAndShowsItsSecretOnce() {
        ConsoleBrowser browser = loggedIn(platform.newAccount());

        ConsoleBrowser.Page created = browser.submit(browser.get("/oauth-apps"), "/oauth-apps", "name", "Gig finder",
                "redirect_uris", "https://app.example.com/cb\r\nhttp://localhost:3000/cb", "type", "confidential");
        ConsoleBrowser.Page shown = browser.follow(created);

        String clientId = group(CLIENT_ID, shown.body());
        String secret = group(SECRET, shown.body());
        assertThat(clients.secretMatches(clientId, secret)).isTrue();
        OAuthClient client = clients.byId(clientId).orElseThrow();
        assertThat(client.redirectUris()).containsExactly("https://app.example.com/cb", "http://localhost:3000/cb");
        assertThat(client.publicClient()).isFalse();
        ConsoleBrowser.Page again = browser.get("/oauth-apps");
        assertThat(again.body()).contains(clientId).doesNotContain(secret);
    }

    @Test
    void refusesABadRedirectUriWithAMessageAndKeepsTheInput() {
        ConsoleBrowser browser = loggedIn(platform.newAccount());

        ConsoleBrowser.Page refused = browser.follow(browser.submit(browser.get("/oauth-apps"), "/oauth-apps",
                "name", "Leaky", "redirect_uris", "http://app.example.com/cb", "type", "confidential"));

        assertThat(refused.body()).contains("id=\"app-error\"")
                .contains("redirect-uri must use https (http only for localhost), got &#39;http://app.example.com/cb&#39;")
                .contains("value=\"Leaky\"");
        assertThat(refused.body()).contains("id=\"no-apps\"");
    }

    @Test
    void registersAPublicAppWithoutASecret() {
        ConsoleBrowser browser = loggedIn(platform.newAccount());

        ConsoleBrowser.Page shown = browser.follow(browser.submit(browser.get("/oauth-apps"), "/oauth-apps",
                "name", "Phone", "redirect_uris", "http://127.0.0.1/cb", "type", "public"));

        assertThat(shown.body()).doesNotContain("id=\"client-secret\"").contains("A public app has no secret");
        assertThat(clients.byId(group(CLIENT_ID, shown.body())).orElseThrow().publicClient()).isTrue();
    }

    @Test
    void rotatesTheSecretSoOnlyTheNewOneWorks() {
        Account account = platform.newAccount();
        var registered = clients.register(account.id(), "App", java.util.List.of("https://a.example.com/cb"), false);
        ConsoleBrowser browser = loggedIn(account);
        String clientId = registered.client().clientId();
        OAuthApp before = new OAuthApp(base, clientId, registered.secret(), "https://a.example.com/cb");
        assertThat(before.introspect("not-a-token").status()).isEqualTo(200);

        ConsoleBrowser.Page shown = browser.follow(browser.submit(browser.get("/oauth-apps"),
                "/oauth-apps/" + clientId + "/rotate-secret"));

        String secret = group(SECRET, shown.body());
        assertThat(clients.secretMatches(clientId, secret)).isTrue();
        assertThat(clients.secretMatches(clientId, registered.secret())).isFalse();
        // the token endpoint, which had just authenticated the app with the old secret, takes only the new one
        assertThat(before.introspect("not-a-token").status()).isEqualTo(401);
        assertThat(new OAuthApp(base, clientId, secret, "https://a.example.com/cb").introspect("not-a-token").status())
                .isEqualTo(200);
    }

    @Test
    void deletesAnAppButNotSomeoneElses() {
        Account owner = platform.newAccount();
        var registered = clients.register(owner.id(), "Mine", java.util.List.of("https://a.example.com/cb"), false);
        String clientId = registered.client().clientId();
        OAuthApp app = new OAuthApp(base, clientId, registered.secret(), "https://a.example.com/cb");
        assertThat(app.introspect("not-a-token").status()).isEqualTo(200);
        ConsoleBrowser stranger = loggedIn(platform.newAccount());

        ConsoleBrowser.Page refused = stranger.submit(stranger.get("/oauth-apps"), "/oauth-apps/" + clientId + "/delete");
        assertThat(refused.status()).isEqualTo(404);
        assertThat(clients.byId(clientId)).isPresent();

        ConsoleBrowser browser = loggedIn(owner);
        ConsoleBrowser.Page deleted = browser.follow(browser.submit(browser.get("/oauth-apps"), "/oauth-apps/" + clientId + "/delete"));
        assertThat(deleted.body()).contains("App “Mine” is deleted");
        assertThat(clients.byId(clientId)).isEmpty();
        assertThat(app.introspect("not-a-token").status()).isEqualTo(401);
    }

    @Test
    void refusesAFormWithoutCsrfToken() {
        ConsoleBrowser browser = loggedIn(platform.newAccount());

        ConsoleBrowser.Page refused = browser.post("/oauth-apps", "name", "x", "redirect_uris", "https://a.example.com/cb");

        assertThat(refused.status()).isEqualTo(403);
    }
}
