package dev.quintet.console;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quintet.platform.accounts.Account;
import dev.quintet.platform.credits.Credits;
import dev.quintet.platform.credits.Hold;
import dev.quintet.platform.keys.ApiKey;
import dev.quintet.platform.keys.ApiKeys;
import dev.quintet.platform.keys.IssuedKey;
import dev.quintet.platform.testing.MutableClock;
import dev.quintet.platform.testing.TestPlatform;
import dev.quintet.platform.usage.UsageCounters;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class DashboardTest {

    private static final String PASSWORD = "correct-horse-battery";
    private static final Pattern NEW_KEY = Pattern.compile("id=\"new-key\"[^>]*value=\"(qt_[^\"]+)\"");

    private static final MutableClock clock = new MutableClock(Instant.parse("2026-03-10T09:00:00Z"));
    private static TestPlatform platform;
    private static String base;

    @BeforeAll
    static void start() {
        platform = TestPlatform.start(clock);
        base = platform.startApp(ConsoleApplication.class, "console",
                "--quintet.console.service-urls.router=http://127.0.0.1:18081/",
                "--quintet.console.service-urls.events=https://events.example.net");
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

    private static String createKey(ConsoleBrowser browser, String label, String... services) {
        ConsoleBrowser.Page dashboard = browser.get("/dashboard");
        String[] fields = new String[2 + services.length * 2];
        fields[0] = "label";
        fields[1] = label;
        for (int i = 0; i < services.length; i++) {
            fields[2 + i * 2] = "services";
            fields[3 + i * 2] = services[i];
        }
        ConsoleBrowser.Page created = browser.submit(dashboard, "/keys", fields);
        assertThat(created.status()).isEqualTo(302);
        Matcher m = NEW_KEY.matcher(browser.follow(created).body());
        assertThat(m.find()).as("the new key is on the page").isTrue();
        return m.group(1);
    }

    @Test
    void showsANewKeyOnceAndTheKeyWorks() {
        Account account = platform.newAccount();
        ConsoleBrowser browser = loggedIn(account);

        String secret = createKey(browser, "build server", "router", "packages");

        ApiKeys keys = platform.bean(ApiKeys.class);
        assertThat(keys.authenticate(secret)).hasValueSatisfying(holder -> {
            assertThat(holder.key().accountId()).isEqualTo(account.id());
            assertThat(holder.key().label()).isEqualTo("build server");
            assertThat(holder.key().services()).containsExactly("router", "packages");
        });
        ConsoleBrowser.Page again = browser.get("/dashboard");
        assertThat(again.body()).doesNotContain(secret).doesNotContain("id=\"new-key\"")
                .contains(keys.ofAccount(account.id()).getFirst().masked())
                .contains("build server");
    }

    @Test
    void refusesAKeyWithoutServicesAndKeepsTheLabel() {
        Account account = platform.newAccount();
        ConsoleBrowser browser = loggedIn(account);

        ConsoleBrowser.Page result = browser.submit(browser.get("/dashboard"), "/keys", "label", "no services");
        ConsoleBrowser.Page page = browser.follow(result);

        assertThat(page.body()).contains("id=\"key-error\"").contains("choose at least one service for the key")
                .contains("value=\"no services\"").doesNotContain("id=\"new-key\"");
        assertThat(platform.bean(ApiKeys.class).ofAccount(account.id())).isEmpty();
    }

    @Test
    void refusesAnUnknownService() {
        Account account = platform.newAccount();
        ConsoleBrowser browser = loggedIn(account);

        ConsoleBrowser.Page page = browser.follow(browser.submit(browser.get("/dashboard"), "/keys",
                "label", "odd", "services", "router", "services", "weather"));

        assertThat(page.body()).contains("services must be among router,devices,capture,packages, got &#39;weather&#39;")
                .contains("id=\"service-router\" value=\"router\" checked");
        assertThat(platform.bean(ApiKeys.class).ofAccount(account.id())).isEmpty();
    }

    @Test
    void refusesASpendingLimitForAKeyThatMayNotCallTheRouterAndKeepsTheForm() {
        Account account = platform.newAccount();
        ConsoleBrowser browser = loggedIn(account);

        ConsoleBrowser.Page page = browser.follow(browser.submit(browser.get("/dashboard"), "/keys",
                "label", "devices only", "services", "devices", "limit", "5", "limit_reset", "daily"));

        assertThat(page.body()).contains("limit applies to the LLM router only: choose the LLM router among the key")
                .contains("id=\"service-devices\" value=\"devices\" checked").contains("value=\"5\"")
                .contains("<option value=\"daily\" selected=\"selected\">daily</option>")
                .containsPattern("id=\"key-limit\"[^>]*aria-invalid=\"true\"").doesNotContain("id=\"new-key\"");
        assertThat(platform.bean(ApiKeys.class).ofAccount(account.id())).isEmpty();
    }

    @Test
    void keepsTheNewKeyAndSaysSoWhenTheRouterCannotSetItsLimit() {
        Account account = platform.newAccount();
        ConsoleBrowser browser = loggedIn(account);

        ConsoleBrowser.Page created = browser.submit(browser.get("/dashboard"), "/keys",
                "label", "capped", "services", "router", "limit", "2", "limit_reset", "monthly");

        assertThat(created.status()).isEqualTo(302);
        String body = browser.follow(created).body();
        Matcher secret = NEW_KEY.matcher(body);
        assertThat(secret.find()).as("the new key is on the page").isTrue();
        assertThat(body).contains("id=\"new-key-limit-problem\"")
                .contains("The key was created, but its spending limit was not set: the router service at "
                        + "http://127.0.0.1:18081 did not answer")
                .containsPattern("did not answer[^<]*</span> You can set it on the\\s+<a href=\"/llm-usage#limits\">");
        assertThat(platform.bean(ApiKeys.class).authenticate(secret.group(1)))
                .hasValueSatisfying(h -> assertThat(h.key().label()).isEqualTo("capped"));
    }

    @Test
    void revokesTheOwnersKey() {
        Account account = platform.newAccount();
        ConsoleBrowser browser = loggedIn(account);
        String secret = createKey(browser, "to revoke", "capture");
        ApiKeys keys = platform.bean(ApiKeys.class);
        String id = keys.ofAccount(account.id()).getFirst().id().toString();

        ConsoleBrowser.Page dashboard = browser.get("/dashboard");
        assertThat(dashboard.body()).contains("data-key-id=\"" + id + "\" data-key-status=\"active\"");
        ConsoleBrowser.Page result = browser.submit(dashboard, "/keys/" + id + "/revoke");

        assertThat(result.status()).isEqualTo(302);
        ConsoleBrowser.Page after = browser.follow(result);
        assertThat(after.body()).contains("id=\"flash\"").contains("is revoked; requests with it are now refused.")
                .contains("data-key-id=\"" + id + "\" data-key-status=\"revoked\"");
        assertThat(keys.authenticate(secret)).hasValueSatisfying(h -> assertThat(h.key().revoked()).isTrue());
    }

    @Test
    void answers404ForAKeyOfAnotherAccountAndLeavesItActive() {
        IssuedKey foreign = platform.newKey("router");
        ConsoleBrowser browser = loggedIn(platform.newAccount());
        ConsoleBrowser.Page dashboard = browser.get("/dashboard");

        ConsoleBrowser.Page result = browser.submit(dashboard, "/keys/" + foreign.key().id() + "/revoke");

        assertThat(result.status()).isEqualTo(404);
        assertThat(result.body()).contains("Page not found").contains("console.css").doesNotContain("Exception");
        assertThat(platform.bean(ApiKeys.class).byId(foreign.key().id()))
                .hasValueSatisfying(k -> assertThat(k.revoked()).isFalse());
        assertThat(browser.submit(dashboard, "/keys/00000000-0000-0000-0000-000000000000/revoke").status()).isEqualTo(404);
        assertThat(browser.submit(dashboard, "/keys/not-a-uuid/revoke").status()).isEqualTo(404);
    }

    @Test
    void showsTheCreditBalanceInDollars() {
        Account account = platform.newAccount();
        platform.bean(Credits.class).grant(account.id(), new BigDecimal("1234.5"), "test grant");

        String body = loggedIn(account).get("/dashboard").body();

        assertThat(body).contains("<p class=\"balance\" id=\"balance\">$1,234.50 USD</p>");
    }

    @Test
    void listsTheCreditLedgerNewestFirstWithExactAmounts() {
        Account account = platform.newAccount();
        Credits credits = platform.bean(Credits.class);
        credits.grant(account.id(), new BigDecimal("10"), "grant by an administrator");
        Hold hold = credits.hold(account.id(), new BigDecimal("0.01"), java.time.Duration.ofMinutes(1))
                .orElseThrow();
        credits.settle(List.of(
                credits.settlement(hold, new BigDecimal("0.000123"), "router gen-abc openai/gpt-4o")));

        String body = loggedIn(account).get("/dashboard").body();

        assertThat(body).contains("-$0.000123").contains("router gen-abc openai/gpt-4o")
                .contains("+$10.00").contains("grant by an administrator");
        assertThat(body.indexOf("router gen-abc")).isLessThan(body.indexOf("grant by an administrator"));
        assertThat(loggedIn(platform.newAccount()).get("/dashboard").body()).contains("No credit activity yet.");
    }

    @Test
    void showsTheServicesWithTheirConfiguredBaseUrls() {
        String body = loggedIn(platform.newAccount()).get("/dashboard").body();

        assertThat(body).contains("<code>http://127.0.0.1:18081</code>")
                .contains("<code>http://localhost:8082</code>")
                .contains("<code>https://events.example.net</code>")
                .contains("data-service-url=\"packages\"");
    }

    @Test
    void chartsEachServicesRequestsAndRefusalsOverThirtyDays() {
        Account account = platform.newAccount();
        ConsoleBrowser browser = loggedIn(account);
        createKey(browser, "traffic", "router", "devices");
        createKey(browser, "more traffic", "router");
        List<UUID> keys = platform.bean(ApiKeys.class).ofAccount(account.id()).stream().map(ApiKey::id).toList();
        UsageCounters usage = platform.bean(UsageCounters.class);
        for (int i = 0; i < 7; i++) {
            usage.recordAdmitted(keys.get(0), "router");
        }
        usage.recordAdmitted(keys.get(1), "router");
        usage.recordThrottled(keys.get(1), "router");
        usage.recordAdmitted(keys.get(1), "devices");
        usage.flush();
        clock.advance(Duration.ofDays(1));
        usage.recordThrottled(keys.get(0), "router");

        String body = browser.get("/dashboard").body();

        assertThat(body).contains("data-service=\"router\" data-requests=\"8\" data-throttled=\"2\"")
                .contains("8 requests, 2 refused (429) in the last 30 days")
                .contains("data-service=\"devices\" data-requests=\"1\" data-throttled=\"0\"")
                .contains("1 request, 0 refused (429) in the last 30 days")
                .contains("data-service=\"capture\" data-requests=\"0\" data-throttled=\"0\"")
                .contains("data-service=\"packages\" data-requests=\"0\" data-throttled=\"0\"")
                .contains("<rect class=\"bar requests\"").contains("<rect class=\"bar throttled\"")
                .contains("aria-label=\"LLM router usage per day: 8 requests, 2 refused (429) in the last 30 days\"");

        clock.advance(Duration.ofDays(30));
        assertThat(browser.get("/dashboard").body())
                .contains("data-service=\"router\" data-requests=\"0\" data-throttled=\"0\"");
    }

    @Test
    void sendsTheSecurityHeaders() {
        ConsoleBrowser.Page page = loggedIn(platform.newAccount()).get("/dashboard");

        assertThat(page.headers().firstValue("Content-Security-Policy")).hasValueSatisfying(csp -> assertThat(csp)
                .contains("default-src 'self'").contains("script-src 'self'").doesNotContain("unsafe-inline"));
        assertThat(page.headers().firstValue("X-Frame-Options")).hasValue("DENY");
        assertThat(page.headers().firstValue("X-Content-Type-Options")).hasValue("nosniff");
        assertThat(page.headers().firstValue("Cache-Control")).hasValueSatisfying(c -> assertThat(c).contains("no-store"));
        assertThat(page.body()).doesNotContain("<script>").doesNotContain(" onclick=");
    }

    @Test
    void answersAnUnknownPageWithTheConsoles404Page() {
        ConsoleBrowser.Page page = loggedIn(platform.newAccount()).get("/no/such/page");

        assertThat(page.status()).isEqualTo(404);
        assertThat(page.headers().firstValue("Content-Type")).hasValueSatisfying(t -> assertThat(t).startsWith("text/html"));
        assertThat(page.body()).contains("Page not found").contains("Log out");
    }
}
