package dev.quintet.server;

import static com.microsoft.playwright.assertions.PlaywrightAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import com.microsoft.playwright.Browser;
import com.microsoft.playwright.Locator;
import com.microsoft.playwright.Page;
import com.microsoft.playwright.Playwright;
import dev.quintet.console.ConsoleApplication;
import dev.quintet.platform.keys.KeyFormat;
import dev.quintet.platform.testing.Http;
import dev.quintet.platform.testing.TestPlatform;
import dev.quintet.router.RouterApplication;
import java.nio.file.Path;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** A person in real headless Chromium: sign up, get a key, use it, see it counted, revoke it. */
class ConsoleBrowserTest {

    static TestPlatform platform;
    static String console;
    static String router;
    static Playwright playwright;
    static Browser browser;
    Page page;

    @BeforeAll
    static void start() {
        platform = TestPlatform.start(null);
        router = platform.startApp(RouterApplication.class, "router");
        console = platform.startApp(ConsoleApplication.class, "console", "--quintet.console.service-urls.router=" + router);
        playwright = Chromium.playwright();
        browser = Chromium.launch(playwright);
    }

    @AfterAll
    static void stop() {
        if (browser != null) {
            browser.close();
        }
        if (playwright != null) {
            playwright.close();
        }
        platform.close();
    }

    @BeforeEach
    void openPage() {
        page = browser.newContext().newPage();
    }

    @AfterEach
    void closePage() {
        page.context().close();
    }

    private void signUp(String email, String password, String confirmation) {
        page.navigate(console + "/signup");
        page.fill("#email", email);
        page.fill("#password", password);
        page.fill("#confirm_password", confirmation);
        page.click("#signup-button");
    }

    @Test
    void signsUpCreatesAKeyUsesItSeesItCountedAndRevokesIt() {
        String email = "browser-" + UUID.randomUUID() + "@example.com";
        signUp(email, "correct-horse-battery", "correct-horse-battery");
        assertThat(page.locator("#account-email")).hasText(email);

        page.fill("#key-label", "laptop");
        page.check("#service-router");
        page.click("#create-key-button");
        String key = page.locator("#new-key").inputValue();
        assertThat(KeyFormat.isWellFormed(key)).isTrue();

        String whoami = router + "/api/v1/whoami";
        assertThat(Http.get(whoami, "Authorization", "Bearer " + key).statusCode()).isEqualTo(200);

        page.navigate(console + "/dashboard");
        assertThat(page.locator("#new-key")).hasCount(0);
        assertThat(page.content()).doesNotContain(key);
        Locator usage = page.locator(".usage-total[data-service=router]");
        assertThat(usage).hasAttribute("data-requests", "1");
        page.screenshot(new Page.ScreenshotOptions().setPath(Path.of("target", "console-dashboard.png")).setFullPage(true));

        Locator row = page.locator("tr[data-key-status=active]");
        assertThat(row).hasCount(1);
        row.locator("button[type=submit]").click();
        assertThat(page.locator("tr[data-key-status=revoked]")).hasCount(1);

        assertThat(Http.get(whoami, "Authorization", "Bearer " + key).statusCode()).isEqualTo(401);
    }

    @Test
    void showsAMessageForEachBadSignUpField() {
        signUp("not-an-email", "short", "different");
        assertThat(page.locator("#email-error")).containsText("email");
        assertThat(page.locator("#password-error")).containsText("at least 10 characters");
        assertThat(page.locator("#email")).hasValue("not-an-email");
    }

    @Test
    void looksRightOnAPhone() {
        page.setViewportSize(390, 844);
        signUp("phone-" + UUID.randomUUID() + "@example.com", "correct-horse-battery", "correct-horse-battery");
        assertThat(page.locator("#account-email")).isVisible();
        Object overflow = page.evaluate("document.documentElement.scrollWidth > window.innerWidth");
        assertThat(overflow).isEqualTo(false);
        page.screenshot(new Page.ScreenshotOptions().setPath(Path.of("target", "console-phone.png")).setFullPage(true));
    }
}
