package dev.quintet.bench.router;

import dev.quintet.platform.AppLauncher;
import dev.quintet.platform.accounts.Account;
import dev.quintet.platform.accounts.Accounts;
import dev.quintet.platform.credits.Credits;
import dev.quintet.platform.keys.ApiKeys;
import dev.quintet.router.RouterApplication;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.UUID;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * The router as shipped (key authentication, quotas, credit holds, generation records on the embedded database)
 * with one provider, the fake upstream, serving the paid models {@code bench/fast}, {@code bench/pause} and
 * {@code bench/hold} and the same as free models {@code free/...} (no credit hold, no free-tier limit that a
 * benchmark reaches); one key whose account holds ample credit.
 */
final class RouterUnderTest implements AutoCloseable {

    private static final String CONFIG = """
            {"providers":[{"slug":"bench","name":"Bench","base_url":"%s","api_key":"sk-bench"}],
             "models":[
              {"id":"bench/fast","provider":"bench","model":"fast","pricing":{"prompt":"0.000001","completion":"0.000002"}},
              {"id":"bench/pause","provider":"bench","model":"pause","pricing":{"prompt":"0.000001","completion":"0.000002"}},
              {"id":"bench/hold","provider":"bench","model":"hold","pricing":{"prompt":"0.000001","completion":"0.000002"}},
              {"id":"free/fast","provider":"bench","model":"fast","pricing":{"prompt":"0","completion":"0"}},
              {"id":"free/pause","provider":"bench","model":"pause","pricing":{"prompt":"0","completion":"0"}},
              {"id":"free/hold","provider":"bench","model":"hold","pricing":{"prompt":"0","completion":"0"}}]}
            """;

    private final ConfigurableApplicationContext platform;
    private final String chatUrl;
    private final String key;

    private RouterUnderTest(ConfigurableApplicationContext platform, String chatUrl, String key) {
        this.platform = platform;
        this.chatUrl = chatUrl;
        this.key = key;
    }

    static RouterUnderTest start(String upstreamBaseUrl) throws IOException {
        Path dataDir = Files.createTempDirectory("quintet-bench");
        Path config = Files.createTempFile("router-bench", ".json");
        config.toFile().deleteOnExit();
        Files.writeString(config, CONFIG.formatted(upstreamBaseUrl));
        ConfigurableApplicationContext platform = AppLauncher.startPlatform(null,
                "--quintet.data-dir=" + dataDir, "--quintet.database-url=", "--quintet.redis-url=",
                "--quintet.quota.free.router.per-minute=1000000000", "--quintet.quota.free.router.per-day=1000000000",
                "--logging.level.root=warn");
        int port = AppLauncher.port(AppLauncher.startApp(platform, RouterApplication.class, "router", 0,
                "--quintet.router.config=" + config,
                "--quintet.router.free.per-minute=1000000000", "--quintet.router.free.per-day=1000000000",
                "--quintet.router.free.per-day-with-credit=1000000000"));
        Account account = platform.getBean(Accounts.class).create("bench-" + UUID.randomUUID() + "@example.com",
                "bench-password-1");
        platform.getBean(Credits.class).grant(account.id(), new BigDecimal("1000000"), "router benchmark");
        String key = platform.getBean(ApiKeys.class).create(account.id(), "bench", List.of("router")).secret();
        return new RouterUnderTest(platform, "http://127.0.0.1:" + port + "/api/v1/chat/completions", key);
    }

    String chatUrl() {
        return chatUrl;
    }

    String key() {
        return key;
    }

    @Override
    public void close() {
        platform.close();
    }
}
