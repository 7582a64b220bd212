package dev.quintet.server;

import static com.microsoft.playwright.assertions.PlaywrightAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import com.jayway.jsonpath.JsonPath;
import com.microsoft.playwright.Browser;
import com.microsoft.playwright.Locator;
import com.microsoft.playwright.Page;
import com.microsoft.playwright.Playwright;
import com.microsoft.playwright.options.AriaRole;
import dev.quintet.console.ConsoleApplication;
import dev.quintet.devices.DevicesApplication;
import dev.quintet.platform.accounts.Accounts;
import dev.quintet.platform.credits.Credits;
import dev.quintet.platform.keys.ApiKeys;
import dev.quintet.platform.keys.IssuedKey;
import dev.quintet.platform.testing.Http;
import dev.quintet.platform.testing.TestPlatform;
import dev.quintet.router.RouterApplication;
import dev.quintet.router.billing.KeyLimits;
import dev.quintet.router.billing.TokenUsage;
import dev.quintet.router.generations.Attempt;
import dev.quintet.router.generations.Generation;
import dev.quintet.router.generations.Generations;
import java.math.BigDecimal;
import java.net.ServerSocket;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.UUID;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.transaction.support.TransactionTemplate;

/** The console's LLM usage and devices pages in real Chromium, reading and writing through the services' own APIs. */
class ConsoleServicePagesTest {

    static TestPlatform platform;
    static String console;
    static String router;
    static String devices;
    static Playwright playwright;
    static Browser browser;
    Page page;
    UUID account;
    String devicesKey;

    @BeforeAll
    static void start() {
        platform = TestPlatform.start(null);
        router = platform.startApp(RouterApplication.class, "router");
        devices = platform.startApp(DevicesApplication.class, "devices", "--quintet.devices.mqtt-port=0");
        console = platform.startApp(ConsoleApplication.class, "console", "--quintet.console.service-urls.router=" + router,
                "--quintet.console.service-urls.devices=" + devices);
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
    void signUp() {
        page = browser.newContext().newPage();
        String email = signUp(page, console, "pages");
        assertThat(page.locator("#account-email")).hasText(email);
        account = platform.bean(Accounts.class).byEmail(email).orElseThrow().id();
        devicesKey = platform.bean(ApiKeys.class).create(account, "test", List.of("devices")).secret();
    }

    @AfterEach
    void closePage() {
        page.context().close();
    }

    @Test
    void showsUseByModelPerDayAndTheLatestGenerations() throws InterruptedException {
        try (Generations generations = new Generations(platform.bean(DataSource.class),
                platform.bean(TransactionTemplate.class), platform.bean(Credits.class),
                new KeyLimits(JdbcClient.create(platform.bean(DataSource.class)),
                        platform.bean(TransactionTemplate.class), Clock.systemUTC(), Duration.ofHours(1), 0))) {
            Instant now = Instant.now();
            generations.add(generation("gen-1767225600-AAAAAAAAAAAAAAAAAAAA", "openai/gpt-4o", now.minus(2, ChronoUnit.DAYS), "0.0125"));
            generations.add(generation("gen-1767225601-BBBBBBBBBBBBBBBBBBBB", "openai/gpt-4o", now, "0.0075"));
            generations.add(generation("gen-1767225602-CCCCCCCCCCCCCCCCCCCC", "anthropic/claude-sonnet-4", now, "0.03"));
            generations.add(new Generation("gen-1767225603-DDDDDDDDDDDDDDDDDDDD", UUID.randomUUID(), UUID.randomUUID(), null,
                    "someone/else", "someone/else", "Fake", null, now, false, false, "stop", "stop",
                    new TokenUsage(1, 1, 0, 0, 0, 0), false, BigDecimal.ONE, 10, null, List.of(), null));
        }

        page.navigate(console + "/llm-usage");

        assertThat(page.locator("#chart-summary")).hasText("$0.05 over the last 30 days");
        assertThat(page.locator("#chart-legend li")).hasCount(2);
        assertThat(page.locator("#chart-legend li").first()).containsText("anthropic/claude-sonnet-4");
        assertThat(page.locator("#model-chart rect.bar")).hasCount(3);
        assertThat(page.locator("#model-totals tbody tr").first()).containsText("$0.03");
        assertThat(page.locator("#model-totals tbody tr").nth(1)).containsText("$0.02");
        assertThat(page.locator("#generation-list tbody tr")).hasCount(3);
        assertThat(page.locator("#generation-list tbody tr").first()).containsText("gen-1767225602-CCCCCCCCCCCCCCCCCCCC");
        assertThat(page.content()).doesNotContain("someone/else");

        page.locator("#measure-requests").click();
        assertThat(page.locator("#chart-summary")).hasText("3 over the last 30 days");
        page.screenshot(new Page.ScreenshotOptions().setPath(Path.of("target", "console-llm-usage.png")).setFullPage(true));
    }

    @Test
    void keepsTheConsoleKeyOutOfTheKeyListAndThePage() {
        page.navigate(console + "/llm-usage");
        assertThat(page.locator("#no-generations")).isVisible();

        assertThat(platform.bean(ApiKeys.class).ofAccount(account)).extracting(k -> k.label()).containsExactly("test");
        page.navigate(console + "/dashboard");
        assertThat(page.locator("tr[data-key-status=active]")).hasCount(1);
    }

    @Test
    void listsDevicesWritesValuesSendsCommandsAndRotatesTheToken() {
        String template = JsonPath.read(api("POST", "/api/v1/templates", """
                {"name": "Thermostat", "datastreams": [
                  {"pin": "V1", "name": "temp", "type": "double", "unit": "°C", "min": -20, "max": 60},
                  {"pin": "V2", "name": "target", "type": "integer", "min": 5, "max": 30}]}""").body(), "$.id");
        HttpResponse<String> created = api("POST", "/api/v1/devices",
                "{\"name\": \"Kitchen\", \"template_id\": \"" + template + "\"}");
        String device = JsonPath.read(created.body(), "$.id");
        String token = JsonPath.read(created.body(), "$.token");

        page.navigate(console + "/devices");
        assertThat(page.locator("#device-list tbody tr")).hasCount(1);
        assertThat(page.locator("#device-list .device-status")).hasText("offline");
        assertThat(page.locator("#device-list tbody tr")).containsText("Thermostat");

        assertThat(Http.get(devices + "/external/api/update?token=" + token + "&V1=21.5").statusCode()).isEqualTo(200);
        assertThat(page.locator("#device-list .device-status")).hasText("online",
                new com.microsoft.playwright.assertions.LocatorAssertions.HasTextOptions().setTimeout(15_000));

        page.getByRole(AriaRole.LINK, new Page.GetByRoleOptions().setName("Kitchen")).click();
        assertThat(page.locator("#device-name")).hasText("Kitchen");
        assertThat(page.locator("#value-list tr[data-pin=V1] .current")).hasText("21.5");
        assertThat(page.locator("#history-chart circle.point")).hasCount(1);

        page.selectOption("#write-pin", "V2");
        page.fill("#write-value", "22");
        page.click("#write-button");
        assertThat(page.locator("#flash")).containsText("V2 set to 22");
        assertThat((Integer) JsonPath.read(api("GET", "/api/v1/devices/" + device + "/values/V2", null).body(),
                "$.desired")).isEqualTo(22);

        page.selectOption("#write-pin", "V2");
        page.fill("#write-value", "99");
        page.click("#write-button");
        assertThat(page.locator("#action-error")).containsText("The value was not written");
        assertThat(page.locator("#action-error")).containsText("30");

        page.fill("#command-method", "reboot");
        page.fill("#command-params", "{\"delay\": 5}");
        page.click("#command-button");
        assertThat(page.locator("#flash")).containsText("Command reboot is");
        assertThat(page.locator("#command-list tbody tr")).hasCount(1);
        assertThat(page.locator("#command-list tbody tr")).containsText("reboot");

        page.fill("#command-method", "reboot");
        page.fill("#command-params", "[1, 2]");
        page.click("#command-button");
        assertThat(page.locator("#action-error")).containsText("params must be a JSON object");

        page.click("#rotate-token-button");
        String newToken = page.locator("#new-token").inputValue();
        assertThat(newToken).hasSize(32).isNotEqualTo(token);
        assertThat(page.locator("#token-hint")).hasText("…" + newToken.substring(newToken.length() - 4));
        assertThat(Http.get(devices + "/external/api/isHardwareConnected?token=" + token).statusCode()).isNotEqualTo(200);
        assertThat(Http.get(devices + "/external/api/isHardwareConnected?token=" + newToken).statusCode()).isEqualTo(200);
        page.reload();
        assertThat(page.locator("#new-token")).hasCount(0);
        page.screenshot(new Page.ScreenshotOptions().setPath(Path.of("target", "console-device.png")).setFullPage(true));
    }

    @Test
    void answersNotFoundForAnotherAccountsDeviceAndAMalformedId() {
        HttpResponse<String> templates = Http.send("POST", devices + "/api/v1/templates", "{\"name\": \"T\"}",
                "Authorization", "Bearer " + platform.newKey("devices").secret(), "Content-Type", "application/json");
        assertThat(templates.statusCode()).isEqualTo(201);

        assertThat(page.navigate(console + "/devices/" + UUID.randomUUID()).status()).isEqualTo(404);
        assertThat(page.navigate(console + "/devices/..%2Ftemplates").status()).isIn(400, 404);
    }

    @Test
    void saysWhichServiceIsNotAnsweringInsteadOfFailing() throws Exception {
        int closed;
        try (ServerSocket socket = new ServerSocket(0)) {
            closed = socket.getLocalPort();
        }
        String lonely = platform.startApp(ConsoleApplication.class, "console-alone",
                "--quintet.console.service-urls.devices=http://127.0.0.1:" + closed);
        Page other = browser.newContext().newPage();
        try {
            signUp(other, lonely, "alone");

            assertThat(other.navigate(lonely + "/devices").status()).isEqualTo(503);
            assertThat(other.locator("#service-problem")).containsText("devices service at http://127.0.0.1:" + closed);
        } finally {
            other.context().close();
        }
    }

    @Test
    void setsAndClearsARouterKeysSpendingLimit() {
        page.navigate(console + "/dashboard");
        page.fill("#key-label", "limited");
        page.check("#service-router");
        page.click("#create-key-button");
        String secret = page.locator("#new-key").inputValue();
        String id = platform.bean(ApiKeys.class).ofAccount(account).stream().filter(k -> k.label().equals("limited"))
                .findFirst().orElseThrow().id().toString();

        page.navigate(console + "/llm-usage");
        Locator row = page.locator("#limit-list tr[data-key-id='" + id + "']");
        assertThat(page.locator("#limit-list tbody tr")).hasCount(1);
        assertThat(row).containsText("limited");
        assertThat(row.locator(".limit")).hasText("none");
        assertThat(row.locator(".spent")).containsText("$0.00 all time");

        page.fill("#limit-" + id, "2.5");
        page.selectOption("#limit-reset-" + id, "monthly");
        page.click("#limit-save-" + id);
        assertThat(page.locator("#limit-saved")).containsText("now has a limit of $2.50 a month");
        assertThat(row.locator(".limit")).hasText("$2.50 a month");
        assertThat(row.locator(".remaining")).hasText("$2.50");
        assertThat(row.locator(".spent")).containsText("this month");
        assertThat(page.locator("#limit-" + id)).hasValue("2.5");
        assertThat(page.locator("#limit-reset-" + id)).hasValue("monthly");
        page.screenshot(new Page.ScreenshotOptions().setPath(Path.of("target", "console-key-limits.png"))
                .setFullPage(true));
        assertKeyLimit(secret, 2.5, "monthly");

        page.fill("#limit-" + id, "-1");
        page.click("#limit-save-" + id);
        assertThat(page.locator("#limit-error"))
                .hasText("The limit was not saved: limit must be null (no limit) or a number of US dollars from 0 to "
                        + "1000000 with at most 8 decimals, got -1");
        assertThat(page.locator("#limit-" + id)).hasValue("-1");
        assertThat(page.locator("#limit-" + id)).hasAttribute("aria-invalid", "true");
        page.fill("#limit-" + id, "ten dollars");
        page.click("#limit-save-" + id);
        assertThat(page.locator("#limit-error")).containsText("limit must be an amount of US dollars such as 2.50");
        page.evalOnSelector("#limit-reset-" + id, "s => s.add(new Option('yearly', 'yearly', true, true))");
        page.fill("#limit-" + id, "3");
        page.click("#limit-save-" + id);
        assertThat(page.locator("#limit-error")).containsText("limit_reset must be none, daily, weekly or monthly");
        assertKeyLimit(secret, 2.5, "monthly");

        page.fill("#limit-" + id, "");
        page.click("#limit-save-" + id);
        assertThat(page.locator("#limit-saved")).containsText("now has no spending limit");
        assertThat(row.locator(".limit")).hasText("none");
        assertThat(page.locator("#limit-" + id)).hasValue("");
        assertKeyLimit(secret, null, null);
    }

    @Test
    void saysWhyTheRouterRefusedALimitForAKeyNotOfTheAccount() {
        platform.bean(ApiKeys.class).create(account, "mine", List.of("router"));
        IssuedKey stranger = platform.newKey("router");
        String theirs = stranger.key().id().toString();
        page.navigate(console + "/llm-usage");
        assertThat(page.locator("#limit-list tbody tr")).hasCount(1);

        pointFormAt(theirs);
        page.locator(".limit-form input[name=limit]").fill("1");
        page.locator(".limit-form button").click();

        assertThat(page.locator("#limit-error")).containsText("The limit was not saved: no key " + theirs);
        assertThat(page.locator("#limit-list .limit")).hasText("none");
        assertKeyLimit(stranger.secret(), null, null);

        pointFormAt("not-a-key");
        page.locator(".limit-form button").click();
        assertThat(page.locator(".status-code")).hasText("404");
    }

    @Test
    void setsTheSpendingLimitGivenWhenCreatingARouterKey() {
        page.navigate(console + "/dashboard");
        page.fill("#key-label", "weekly cap");
        page.check("#service-router");
        page.fill("#key-limit", "1.25");
        page.selectOption("#key-limit-reset", "weekly");
        page.click("#create-key-button");

        assertThat(page.locator("#new-key-limit")).hasText("Its spending limit is $1.25 a week.");
        assertThat(page.locator("#new-key-limit-problem")).hasCount(0);
        assertKeyLimit(page.locator("#new-key").inputValue(), 1.25, "weekly");

        page.navigate(console + "/dashboard");
        page.fill("#key-label", "no router");
        page.check("#service-devices");
        page.fill("#key-limit", "3");
        page.click("#create-key-button");

        assertThat(page.locator("#key-error")).hasText("limit applies to the LLM router only: choose the LLM router "
                + "among the key's services, or leave the limit blank");
        assertThat(page.locator("#key-limit")).hasAttribute("aria-invalid", "true");
        assertThat(page.locator("#key-limit")).hasValue("3");
        page.locator("#create-key").screenshot(new Locator.ScreenshotOptions()
                .setPath(Path.of("target", "console-create-key-limit.png")));
        assertThat(page.locator("#new-key-panel")).hasCount(0);
        assertThat(platform.bean(ApiKeys.class).ofAccount(account)).extracting(k -> k.label())
                .containsExactlyInAnyOrder("test", "weekly cap");
    }

    @Test
    void keepsANewKeyWhoseLimitTheRouterRefusedAndSaysWhy() {
        page.navigate(console + "/dashboard");
        page.fill("#key-label", "refused cap");
        page.check("#service-router");
        page.fill("#key-limit", "-1");
        page.click("#create-key-button");

        assertThat(page.locator("#new-key-limit-problem")).containsText("The key was created, but its spending limit "
                + "was not set: limit must be null (no limit) or a number of US dollars from 0 to 1000000 with at "
                + "most 8 decimals, got -1. You can set it on the LLM usage page.");
        assertThat(page.locator("#new-key-limit")).hasCount(0);
        assertKeyLimit(page.locator("#new-key").inputValue(), null, null);
        page.locator("#new-key-limit-problem a").click();
        assertThat(page.locator("#limit-list tbody tr")).containsText("refused cap");
    }

    private void pointFormAt(String keyId) {
        page.evalOnSelector(".limit-form", "(f, id) => f.action = f.action.replace(/keys\\/[^/]+/, 'keys/' + id)",
                keyId);
    }

    private void assertKeyLimit(String secret, Double limit, String reset) {
        HttpResponse<String> key = Http.get(router + "/api/v1/key", "Authorization", "Bearer " + secret);
        assertThat(key.statusCode()).isEqualTo(200);
        assertThat((Object) JsonPath.read(key.body(), "$.data.limit")).isEqualTo(limit);
        assertThat((Object) JsonPath.read(key.body(), "$.data.limit_reset")).isEqualTo(reset);
    }

    /** Signs a new person up on {@code consoleUrl} in {@code page}; returns their email. */
    private static String signUp(Page page, String consoleUrl, String prefix) {
        String email = prefix + "-" + UUID.randomUUID() + "@example.com";
        page.navigate(consoleUrl + "/signup");
        page.fill("#email", email);
        page.fill("#password", "correct-horse-battery");
        page.fill("#confirm_password", "correct-horse-battery");
        page.click("#signup-button");
        return email;
    }

    private HttpResponse<String> api(String method, String path, String body) {
        return Http.send(method, devices + path, body, "Authorization", "Bearer " + devicesKey,
                "Content-Type", "application/json");
    }

    private Generation generation(String id, String model, Instant at, String cost) {
        return new Generation(id, account, UUID.randomUUID(), null, model, model, "Fake A", null, at, false, false,
                "stop", "stop", new TokenUsage(100, 20, 0, 0, 0, 0), false, new BigDecimal(cost), 250, null,
                List.of(new Attempt("Fake A", model, 200, null, 250)), null);
    }
}
