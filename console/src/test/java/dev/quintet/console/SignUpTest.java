package dev.quintet.console;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quintet.platform.accounts.Accounts;
import dev.quintet.platform.testing.MutableClock;
import dev.quintet.platform.testing.TestPlatform;
import java.time.Instant;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class SignUpTest {

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

    private static String newEmail() {
        return "signup-" + UUID.randomUUID() + "@example.com";
    }

    private ConsoleBrowser.Page signUp(ConsoleBrowser browser, String email, String password, String confirmation) {
        return browser.submit(browser.get("/signup"), "/signup",
                "email", email, "password", password, "confirm_password", confirmation);
    }

    @Test
    void refusesAMalformedEmailAndKeepsWhatWasTyped() {
        ConsoleBrowser.Page page = signUp(new ConsoleBrowser(base), "not-an-email", "long-enough-password", "long-enough-password");

        assertThat(page.status()).isEqualTo(422);
        assertThat(page.body()).contains("id=\"email-error\"").contains("email must look like name@example.com")
                .contains("value=\"not-an-email\"")
                .doesNotContain("id=\"password-error\"").doesNotContain("long-enough-password");
    }

    @Test
    void refusesAMissingEmail() {
        ConsoleBrowser.Page page = signUp(new ConsoleBrowser(base), "  ", "long-enough-password", "long-enough-password");

        assertThat(page.status()).isEqualTo(422);
        assertThat(page.body()).contains("email is required");
    }

    @Test
    void refusesAPasswordShorterThanTenCharacters() {
        String email = newEmail();
        ConsoleBrowser.Page page = signUp(new ConsoleBrowser(base), email, "short", "short");

        assertThat(page.status()).isEqualTo(422);
        assertThat(page.body()).contains("id=\"password-error\"")
                .contains("password must be at least 10 characters, got 5")
                .contains("value=\"" + email + "\"");
        assertThat(platform.bean(Accounts.class).byEmail(email)).isEmpty();
    }

    @Test
    void refusesAConfirmationThatDoesNotMatch() {
        String email = newEmail();
        ConsoleBrowser.Page page = signUp(new ConsoleBrowser(base), email, "long-enough-password", "long-enough-passw0rd");

        assertThat(page.status()).isEqualTo(422);
        assertThat(page.body()).contains("id=\"confirm_password-error\"").contains("passwords do not match");
        assertThat(platform.bean(Accounts.class).byEmail(email)).isEmpty();
    }

    @Test
    void showsEveryBadFieldAtOnce() {
        ConsoleBrowser.Page page = signUp(new ConsoleBrowser(base), "nobody@", "short", "");

        assertThat(page.body()).contains("email must look like name@example.com")
                .contains("password must be at least 10 characters");
    }

    @Test
    void refusesAnEmailThatAlreadyHasAnAccountWhateverItsCase() {
        String email = newEmail();
        platform.bean(Accounts.class).create(email, "first-owner-password");

        ConsoleBrowser.Page page = signUp(new ConsoleBrowser(base), "  " + email.toUpperCase() + " ",
                "second-owner-password", "second-owner-password");

        assertThat(page.status()).isEqualTo(422);
        assertThat(page.body()).contains("id=\"email-error\"").contains("an account with this email already exists");
    }

    @Test
    void signsUpInANewSessionAndShowsTheAccountOnTheDashboard() {
        ConsoleBrowser browser = new ConsoleBrowser(base);
        String email = newEmail();
        ConsoleBrowser.Page form = browser.get("/signup");
        String anonymousSession = browser.sessionId();

        ConsoleBrowser.Page done = browser.submit(form, "/signup",
                "email", email, "password", "long-enough-password", "confirm_password", "long-enough-password");

        assertThat(done.status()).isEqualTo(302);
        assertThat(done.location()).endsWith("/dashboard");
        assertThat(browser.sessionId()).isNotNull().isNotEqualTo(anonymousSession);
        ConsoleBrowser.Page dashboard = browser.follow(done);
        assertThat(dashboard.status()).isEqualTo(200);
        assertThat(dashboard.body()).contains("<strong id=\"account-email\">" + email + "</strong>");
        assertThat(platform.bean(Accounts.class).byEmail(email)).isPresent();
    }

    @Test
    void sendsSignedInVisitorsFromTheFormToTheDashboard() {
        ConsoleBrowser browser = new ConsoleBrowser(base);
        signUp(browser, newEmail(), "long-enough-password", "long-enough-password");

        ConsoleBrowser.Page page = browser.get("/signup");

        assertThat(page.status()).isEqualTo(302);
        assertThat(page.location()).endsWith("/dashboard");
    }
}
