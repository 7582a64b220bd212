package dev.quintet.console;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quintet.console.oauth.OAuthClients;
import dev.quintet.platform.accounts.Account;
import dev.quintet.platform.accounts.Accounts;
import dev.quintet.platform.keys.ApiKeys;
import dev.quintet.platform.keys.IssuedKey;
import dev.quintet.platform.testing.MutableClock;
import dev.quintet.platform.testing.TestPlatform;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.simple.JdbcClient;

class AccountPageTest {

    private static final String PASSWORD = "correct-horse-battery";
    private static final String NEW_PASSWORD = "a-brand-new-passphrase";

    private static TestPlatform platform;
    private static String base;
    private static OAuthClients oauthClients;

    @BeforeAll
    static void start() {
        platform = TestPlatform.start(new MutableClock(Instant.parse("2026-03-10T09:00:00Z")));
        base = platform.startApp(ConsoleApplication.class, "console");
        oauthClients = new OAuthClients(platform.bean(JdbcClient.class), platform.bean(java.time.Clock.class),
                new java.security.SecureRandom());
    }

    @AfterAll
    static void stop() {
        platform.close();
    }

    private static ConsoleBrowser loggedIn(Account account) {
        ConsoleBrowser browser = new ConsoleBrowser(base);
        assertThat(browser.logIn(account.email(), PASSWORD).location()).endsWith("/dashboard");
        return browser;
    }

    private static ConsoleBrowser.Page changePassword(ConsoleBrowser browser, String current, String next, String confirm) {
        return browser.submit(browser.get("/account"), "/account/password",
                "current_password", current, "new_password", next, "confirm_password", confirm);
    }

    @Test
    void refusesAPasswordChangeWithAWrongCurrentPassword() {
        Account account = platform.newAccount();
        ConsoleBrowser browser = loggedIn(account);

        ConsoleBrowser.Page page = changePassword(browser, "not-my-password", NEW_PASSWORD, NEW_PASSWORD);

        assertThat(page.status()).isEqualTo(422);
        assertThat(page.body()).contains("id=\"current_password-error\"").contains("current password is not correct");
        assertThat(new ConsoleBrowser(base).logIn(account.email(), PASSWORD).location()).endsWith("/dashboard");
    }

    @Test
    void refusesAShortOrUnconfirmedNewPassword() {
        ConsoleBrowser browser = loggedIn(platform.newAccount());

        assertThat(changePassword(browser, PASSWORD, "short", "short").body())
                .contains("id=\"new_password-error\"").contains("password must be at least 10 characters, got 5");
        assertThat(changePassword(browser, PASSWORD, NEW_PASSWORD, NEW_PASSWORD + "!").body())
                .contains("id=\"confirm_password-error\"").contains("passwords do not match");
    }

    @Test
    void changesThePasswordSoOnlyTheNewOneLogsIn() {
        Account account = platform.newAccount();
        ConsoleBrowser browser = loggedIn(account);

        ConsoleBrowser.Page result = changePassword(browser, PASSWORD, NEW_PASSWORD, NEW_PASSWORD);

        assertThat(result.status()).isEqualTo(302);
        assertThat(browser.follow(result).body()).contains("Your password is changed.");
        assertThat(new ConsoleBrowser(base).logIn(account.email(), PASSWORD).location()).endsWith("/login?error");
        assertThat(new ConsoleBrowser(base).logIn(account.email(), NEW_PASSWORD).location()).endsWith("/dashboard");
    }

    @Test
    void keepsTheAccountWhenTheDeletionPasswordIsWrong() {
        Account account = platform.newAccount();
        ConsoleBrowser browser = loggedIn(account);

        ConsoleBrowser.Page page = browser.submit(browser.get("/account"), "/account/delete", "password", "not-my-password");

        assertThat(page.status()).isEqualTo(422);
        assertThat(page.body()).contains("id=\"delete_password-error\"").contains("the account was not deleted");
        assertThat(platform.bean(Accounts.class).byId(account.id())).isPresent();
    }

    @Test
    void deletesTheAccountWithItsKeysAndAppsAndEndsTheSession() {
        Account account = platform.newAccount();
        IssuedKey key = platform.bean(ApiKeys.class).create(account.id(), "doomed", List.of("router"));
        oauthClients.register(account.id(), "doomed app", List.of("https://app.example.com/callback"), false);
        ConsoleBrowser browser = loggedIn(account);
        ConsoleBrowser elsewhere = loggedIn(account);

        ConsoleBrowser.Page result = browser.submit(browser.get("/account"), "/account/delete", "password", PASSWORD);

        assertThat(result.status()).isEqualTo(302);
        assertThat(result.location()).endsWith("/?deleted");
        assertThat(browser.follow(result).body()).contains("Your account and everything in it has been deleted.");
        assertThat(platform.bean(Accounts.class).byId(account.id())).isEmpty();
        assertThat(platform.bean(ApiKeys.class).byId(key.key().id())).isEmpty();
        assertThat(oauthClients.ofAccount(account.id())).isEmpty();
        assertThat(browser.get("/dashboard").status()).isEqualTo(302);
        assertThat(elsewhere.get("/dashboard").location()).endsWith("/login?ended");
        assertThat(new ConsoleBrowser(base).logIn(account.email(), PASSWORD).location()).endsWith("/login?error");
    }
}
