package dev.quintet.console;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quintet.platform.accounts.Account;
import dev.quintet.platform.accounts.Accounts;
import dev.quintet.platform.testing.MutableClock;
import dev.quintet.platform.testing.TestPlatform;
import java.time.Instant;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class LoginTest {

    private static final String PASSWORD = "correct-horse-battery";

    private static TestPlatform platform;
    private static String base;

    @BeforeAll
    static void start() {
        platform = TestPlatform.start(new MutableClock(Instant.parse("2026-03-10T09:00:00Z")));
        base = platform.startApp(ConsoleApplication.class, "console");
    }

    @AfterAll
    static void stop() {
        platform.close();
    }

    @Test
    void answersAnUnknownEmailAndAWrongPasswordWithTheSameMessage() {
        Account account = platform.newAccount();
        ConsoleBrowser browser = new ConsoleBrowser(base);

        ConsoleBrowser.Page unknown = browser.follow(browser.logIn("nobody-" + account.email(), PASSWORD));
        ConsoleBrowser.Page wrong = browser.follow(browser.logIn(account.email(), PASSWORD + "x"));

        assertThat(unknown.body()).contains("<p class=\"error\" id=\"login-error\" role=\"alert\">email or password is not correct</p>");
        assertThat(wrong.body()).contains("<p class=\"error\" id=\"login-error\" role=\"alert\">email or password is not correct</p>");
        assertThat(wrong.body()).contains("value=\"" + account.email() + "\"");
        assertThat(browser.get("/dashboard").status()).isEqualTo(302);
    }

    @Test
    void logsInOnANewSessionIdAndLandsOnTheDashboard() {
        Account account = platform.newAccount();
        ConsoleBrowser browser = new ConsoleBrowser(base);
        ConsoleBrowser.Page form = browser.get("/login");
        String before = browser.sessionId();

        ConsoleBrowser.Page result = browser.submit(form, "/login", "email", account.email().toUpperCase(), "password", PASSWORD);

        assertThat(result.status()).isEqualTo(302);
        assertThat(result.location()).endsWith("/dashboard");
        assertThat(browser.sessionId()).isNotNull().isNotEqualTo(before);
        assertThat(browser.follow(result).body()).contains(account.email());
    }

    @Test
    void sendsAnonymousVisitorsToLogInAndBackToThePageTheyAskedFor() {
        Account account = platform.newAccount();
        ConsoleBrowser browser = new ConsoleBrowser(base);

        ConsoleBrowser.Page account1 = browser.get("/account");
        assertThat(account1.status()).isEqualTo(302);
        assertThat(account1.location()).endsWith("/login");

        ConsoleBrowser.Page result = browser.logIn(account.email(), PASSWORD);
        assertThat(result.location()).endsWith("/account");
    }

    @Test
    void refusesASuspendedAccountAndEndsItsOpenSession() {
        Account account = platform.newAccount();
        ConsoleBrowser open = new ConsoleBrowser(base);
        open.logIn(account.email(), PASSWORD);
        assertThat(open.get("/dashboard").status()).isEqualTo(200);

        platform.bean(Accounts.class).setStatus(account.id(), "suspended");

        ConsoleBrowser.Page ended = open.get("/dashboard");
        assertThat(ended.status()).isEqualTo(302);
        assertThat(ended.location()).endsWith("/login?ended");
        assertThat(open.get("/dashboard").status()).isEqualTo(302);
        ConsoleBrowser fresh = new ConsoleBrowser(base);
        ConsoleBrowser.Page refused = fresh.logIn(account.email(), PASSWORD);
        assertThat(refused.location()).endsWith("/login?error");
        assertThat(fresh.follow(refused).body()).contains("this account is suspended");
        assertThat(fresh.get("/dashboard").status()).isEqualTo(302);
    }

    @Test
    void keepsTheGenericMessageForASuspendedAccountWithAWrongPassword() {
        Account account = platform.newAccount();
        platform.bean(Accounts.class).setStatus(account.id(), "suspended");
        ConsoleBrowser browser = new ConsoleBrowser(base);

        ConsoleBrowser.Page page = browser.follow(browser.logIn(account.email(), "not-the-password"));

        assertThat(page.body()).contains("email or password is not correct").doesNotContain("suspended");
    }

    @Test
    void logsOutWithAPostAndForgetsTheSession() {
        Account account = platform.newAccount();
        ConsoleBrowser browser = new ConsoleBrowser(base);
        browser.logIn(account.email(), PASSWORD);
        ConsoleBrowser.Page dashboard = browser.get("/dashboard");

        ConsoleBrowser.Page out = browser.submit(dashboard, "/logout");

        assertThat(out.status()).isEqualTo(302);
        assertThat(out.location()).endsWith("/login?logout");
        assertThat(browser.follow(out).body()).contains("You are logged out.");
        assertThat(browser.get("/dashboard").status()).isEqualTo(302);
    }

    @Test
    void refusesAFormPostWithoutItsCsrfToken() {
        Account account = platform.newAccount();
        ConsoleBrowser browser = new ConsoleBrowser(base);
        browser.get("/login");

        ConsoleBrowser.Page login = browser.post("/login", "email", account.email(), "password", PASSWORD);
        assertThat(login.status()).isEqualTo(403);
        assertThat(login.headers().firstValue("Content-Type")).hasValueSatisfying(t -> assertThat(t).startsWith("text/html"));
        assertThat(login.body()).contains("Not allowed").doesNotContain("Exception");

        browser.logIn(account.email(), PASSWORD);
        ConsoleBrowser.Page createKey = browser.post("/keys", "label", "no token", "services", "router");
        assertThat(createKey.status()).isEqualTo(403);
        assertThat(createKey.body()).contains("Not allowed");
    }

    @Test
    void servesPublicPagesAndAssetsWithoutALogin() {
        ConsoleBrowser browser = new ConsoleBrowser(base);

        assertThat(browser.get("/").status()).isEqualTo(200);
        assertThat(browser.get("/login").status()).isEqualTo(200);
        assertThat(browser.get("/signup").status()).isEqualTo(200);
        assertThat(browser.get("/health").body()).contains("\"status\":\"up\"");
        assertThat(browser.get("/console.css").body()).contains("--requests");
        assertThat(browser.get("/console.js").body()).contains("clipboard");
    }
}
